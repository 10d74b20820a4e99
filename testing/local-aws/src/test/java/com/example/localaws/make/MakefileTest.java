package com.example.localaws.make;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.ProjectRoot;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Makefile tells a mistake in its variables in one line, before any work: the JDK, PAYMENTS (demo, compat),
 * LOCAL_AWS (and Docker for LocalStack), make release's VERSION and TAG. Each mistake runs the real
 * {@code make} on the project's Makefile, with a PATH holding only the shell tools it uses: no {@code mvn}, {@code java} or
 * {@code docker}, so that any build the Makefile started would add its own lines to the one
 * asserted. GNU make's {@code $(error)} prints {@code Makefile:N: *** <text>.  Stop.} and exits 2
 * (https://www.gnu.org/software/make/manual/html_node/Make-Control-Functions.html). Then
 * {@code make help}: grouped, one short line per target, the variables each takes, and the same
 * text in README.md. About 2 seconds in all, each make run printing how long it took.
 */
class MakefileTest {

    private static final Path ROOT = ProjectRoot.find();
    /** What the Makefile and testing/local-aws/jdk.sh run from PATH, besides make itself. */
    private static final List<String> SHELL_TOOLS = List.of("bash", "sed", "awk", "find", "grep", "cat");
    private static final Pattern ERROR = Pattern.compile("Makefile:\\d+: \\*\\*\\* (.*)\\.  Stop\\.");
    private static final List<String> GROUPS = List.of("Start here", "Local AWS (make up first; each prints one JSON document on stdout)",
            "Checks (parts of make test)", "Release (docs/release.md)", "Measurements (not part of make test)");

    @TempDir
    static Path scratch;

    private static Path tools;
    private static Path noJdks;
    private static String make;

    @BeforeAll
    static void shellToolsOnly() throws IOException {
        tools = Files.createDirectory(scratch.resolve("bin"));
        noJdks = Files.createDirectory(scratch.resolve("jvm"));
        make = onPath("make").orElseThrow(() -> new AssertionError("make is not on PATH")).toString();
        for (String tool : SHELL_TOOLS) {
            Path found = onPath(tool).orElseThrow(() -> new AssertionError(tool + " is not on PATH"));
            Files.createSymbolicLink(tools.resolve(tool), found);
        }
    }

    static Stream<Arguments> mistakes() {
        String jdk = System.getProperty("java.home");
        return Stream.of(
                Arguments.of(List.of("demo", "PAYMENTS=abc"), Map.of("JAVA_HOME", jdk),
                        "PAYMENTS must be a whole number from 200 to 1000000, was 'abc': leave it out for 1600, or e.g. make demo PAYMENTS=5000"),
                Arguments.of(List.of("demo", "PAYMENTS=150"), Map.of("JAVA_HOME", jdk),
                        "PAYMENTS must be a whole number from 200 to 1000000, was '150': leave it out for 1600, or e.g. make demo PAYMENTS=5000"),
                Arguments.of(List.of("compat", "PAYMENTS=20"), Map.of("JAVA_HOME", jdk),
                        "PAYMENTS must be a whole number from 50 to 100000, was '20': leave it out for 3000, or e.g. make compat PAYMENTS=5000"),
                Arguments.of(List.of("test", "LOCAL_AWS=localstack"), Map.of("JAVA_HOME", jdk),
                        "LOCAL_AWS=localstack needs Docker, and no docker command is on PATH: install Docker, or leave LOCAL_AWS out to test against moto"),
                Arguments.of(List.of("test-java", "LOCAL_AWS=lokalstack"), Map.of("JAVA_HOME", jdk),
                        "LOCAL_AWS must be moto or localstack, was 'lokalstack': leave it out to test against moto"),
                Arguments.of(List.of("demo", "LOCAL_AWS_TLS=no"), Map.of("JAVA_HOME", jdk),
                        "LOCAL_AWS_TLS must be true or false, was 'no': leave it out for HTTPS, as in AWS"),
                Arguments.of(List.of("release", "VERSION=1.2"), Map.of("JAVA_HOME", jdk),
                        "VERSION must be a semantic version x.y.z, was '1.2': e.g. make release VERSION=1.1.0"),
                Arguments.of(List.of("release", "VERSION=1.02.0"), Map.of("JAVA_HOME", jdk),
                        "VERSION must be a semantic version x.y.z, was '1.02.0': e.g. make release VERSION=1.1.0"),
                Arguments.of(List.of("release", "VERSION=1.2.0-rc.1"), Map.of("JAVA_HOME", jdk),
                        "VERSION must be a semantic version x.y.z, was '1.2.0-rc.1': e.g. make release VERSION=1.1.0"),
                Arguments.of(List.of("release"), Map.of("JAVA_HOME", jdk),
                        "VERSION must be a semantic version x.y.z, was '': e.g. make release VERSION=1.1.0"),
                Arguments.of(List.of("release", "VERSION=1.2.0", "TAG=no"), Map.of("JAVA_HOME", jdk),
                        "TAG must be yes or left out, was 'no': TAG=yes tags the released commit vVERSION"),
                Arguments.of(List.of("test"), Map.of("JAVA_HOME", "/nonexistent"),
                        "JAVA_HOME=/nonexistent is no JDK 21 or newer, and " + noJdks + " holds none: set JAVA_HOME to a JDK >= 21"),
                Arguments.of(List.of("demo"), Map.of(),
                        "JAVA_HOME is not set, and " + noJdks + " holds no JDK 21 or newer: set JAVA_HOME to a JDK >= 21"));
    }

    @ParameterizedTest(name = "make {0} with {1}")
    @MethodSource("mistakes")
    void aMistakeInAVariable_isToldInOneLine_beforeAnyWork(List<String> arguments, Map<String, String> environment, String message) {
        // GIVEN no JDK in the searched folders but the one the environment names, and no docker
        // WHEN make is run with the mistake
        ProcessRun run = make(arguments, environment);
        // THEN exit status 2, nothing on stdout, one line on stderr: the message, and no build's output
        assertEquals(2, run.status(), run::toString);
        assertEquals("", run.out(), run::toString);
        List<String> lines = run.err().lines().toList();
        assertEquals(1, lines.size(), run::toString);
        Matcher error = ERROR.matcher(lines.get(0));
        assertTrue(error.matches(), run::toString);
        assertEquals(message, error.group(1));
    }

    @Test
    void help_listsEveryTargetOnce_byGroup_inShortLines_withoutAJdk() {
        // WHEN make help is run with no JDK to be found
        ProcessRun run = make(List.of("help"), Map.of());
        assertEquals(0, run.status(), run::toString);
        List<String> lines = run.out().lines().toList();
        // THEN the groups come in order, each line is short, and each documented target is listed once
        assertEquals(GROUPS, lines.stream().filter(line -> !line.isBlank() && !line.startsWith(" ")).toList());
        lines.forEach(line -> assertTrue(line.length() <= 100, () -> "over 100 characters: " + line));
        List<String> listed = lines.stream().filter(line -> line.matches("  [a-z-]+ .*")).map(line -> line.trim().split(" ")[0]).toList();
        assertEquals(documentedTargets(), List.copyOf(new LinkedHashSet<>(listed)));
        assertEquals(listed.size(), new LinkedHashSet<>(listed).size(), "a target listed twice");
    }

    @Test
    void help_listsOnlyVariablesTheMakefileOrItsScriptsRead() throws IOException {
        String makefile = Files.readString(ROOT.resolve("Makefile"));
        StringBuilder scripts = new StringBuilder();
        for (String script : List.of("testing/local-aws/replay.sh", "infra/rehearse/rehearse.sh")) {
            scripts.append(Files.readString(ROOT.resolve(script)));
        }
        Matcher variable = Pattern.compile("\\b([A-Z][A-Z_]+)=").matcher(variablesLines(make(List.of("help"), Map.of()).out()));
        Set<String> listed = new LinkedHashSet<>();
        while (variable.find()) {
            listed.add(variable.group(1));
        }
        assertTrue(listed.containsAll(List.of("PAYMENTS", "LOCAL_AWS", "FUNCTION", "EVENT", "ACCOUNTS", "FROM")), listed::toString);
        for (String name : listed) {
            assertTrue(makefile.contains("$(" + name + ")") || scripts.toString().contains("${" + name + ":-"),
                    () -> "make help lists " + name + ", which nothing reads");
        }
    }

    @Test
    void readme_showsWhatMakeHelpPrints() throws IOException {
        String help = make(List.of("help"), Map.of()).out().strip();
        String readme = Files.readString(ROOT.resolve("README.md"));
        assertTrue(readme.contains("```\n" + help + "\n```\n"), "README.md does not show make help's output as it is:\n" + help);
    }

    // ------------------------------------------------------------------ helpers

    /** make in the project's root, with only {@code environment}, the shell tools, and no JDK under JDK_DIRS. */
    private static ProcessRun make(List<String> arguments, Map<String, String> environment) {
        List<String> command = new ArrayList<>(List.of(make, "--no-print-directory"));
        command.addAll(arguments);
        ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile());
        Map<String, String> env = builder.environment();
        env.clear();
        env.put("PATH", tools.toString());
        env.put("JDK_DIRS", noJdks.toString());
        env.putAll(environment);
        long start = System.nanoTime();
        ProcessRun run = ProcessRun.of(builder);
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        System.out.printf("make %s answered in %d ms%n", String.join(" ", arguments), millis);
        return run;
    }

    /** The targets with a help text ({@code target: ... ## text}), in the Makefile's order. */
    private static List<String> documentedTargets() {
        try {
            return Files.readAllLines(ROOT.resolve("Makefile")).stream().filter(line -> line.matches("[a-z-]+:.* ## .*"))
                    .map(line -> line.substring(0, line.indexOf(':'))).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The lines of make help that list a target's variables (indented under it). */
    private static String variablesLines(String help) {
        return String.join("\n", help.lines().filter(line -> line.startsWith(" ".repeat(21))).toList());
    }

    private static Optional<Path> onPath(String command) {
        for (String folder : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(folder, command);
            if (!folder.isEmpty() && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
