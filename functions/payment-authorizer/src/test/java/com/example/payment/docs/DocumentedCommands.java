package com.example.payment.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Checks every statement of the docs' code blocks against what it names. By block language:
 * {@code sh}/{@code bash} blocks are commands, each checked by its kind (below); {@code toml}
 * blocks are samconfig.toml {@code parameter_overrides} entries, each naming a template.yaml
 * Parameter; {@code java} blocks compile, but for one whose first line is a comment naming a
 * file of the repository ({@code // examples/.../StockFunction.java}), which shows that file: its
 * lines must be in the file, in order and together (indentation aside), so that the guide's code
 * is the code its tests run; {@code xml} blocks likewise show a build file ({@code <!-- libs/receiver/pom.xml -->});
 * {@code mermaid} blocks are diagrams of a kind the
 * project draws (Mermaid itself parses each one in {@code make check-mermaid}); blocks without a
 * language are text (Logs Insights queries, listings) and hold nothing to run. A block in any other language is a problem, as is a command of a
 * kind not listed here, so that nothing new in the docs goes unchecked.
 *
 * <p>The kinds of command, by their first word after any {@code NAME=value} assignments:
 * <ul>
 *   <li>{@code make}: each target is a rule of the Makefile, each {@code VAR=value} a variable
 *       it reads for that target ({@link Makefile#reads}), a value naming a file of the
 *       repository names one that exists;</li>
 *   <li>{@code sam build|deploy|delete|local invoke}: the {@code --config-env} (or {@code default}) is
 *       an environment of samconfig.toml; {@code local invoke} names a function of
 *       template.yaml, an existing {@code -e} file holding an event of a kind the function's
 *       {@code Events} deliver, and a variables file ({@code --env-vars}, or samconfig.toml's
 *       {@code env_vars} of {@code local_invoke}) that exists;</li>
 *   <li>{@code aws SERVICE OPERATION}: an operation of the service model the AWS CLI reads,
 *       taking every option given and given every member its input requires ({@link AwsCommands});
 *       {@code --item}/{@code --key} are DynamoDB JSON, any other value that is an object or array
 *       is JSON; in docs/deploy.md, it names its {@code --region};</li>
 *   <li>{@code mvn}: {@code -pl} names modules of pom.xml, {@code -Dtest} test classes (and
 *       methods) of them;</li>
 *   <li>a path ({@code testing/local-aws/check-template.sh}): an executable file of the repository;</li>
 *   <li>a function the same file defines: {@code out OutputKey} (the deploy guide's) names an
 *       Output of template.yaml;</li>
 *   <li>a bare assignment: nothing more than what follows for every command;</li>
 *   <li>a polling loop's words: {@code until}/{@code while}/{@code do} followed by a command of
 *       a kind above, {@code [ ... ]} (its substitutions checked as every command's),
 *       {@code sleep SECONDS}, {@code done}.</li>
 * </ul>
 * For every command, each {@code $(...)} is checked as a command too, and each variable it
 * expands must be assigned before in the same file (or be a function's positional parameter).
 * An {@code aws} command in running text (a code span, {@code `aws ec2 describe-vpc-attribute
 * --vpc-id <your VPC> ...`}) is checked for its operation, options and required members too,
 * a {@code <...>} standing for a value; a span of the command alone only names it, and must name
 * an operation that exists.
 */
final class DocumentedCommands {

    private static final Pattern REPOSITORY_PATH = Pattern.compile("[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)+");
    private static final Pattern PARAMETER_OVERRIDE = Pattern.compile("\"([A-Za-z0-9]+)=[^\"]*\"");

    /** The guide whose aws commands must each name their Region. */
    static final String DEPLOY_GUIDE = "docs/deploy.md";

    private final Path root;
    private final AwsCommands awsCommands;
    private final Makefile makefile;
    private final SamConfig samConfig;
    private final Template template;
    private final Set<String> modules;

    private DocumentedCommands(Path root) {
        this.root = root;
        this.awsCommands = new AwsCommands(ServiceModels.of(root));
        this.makefile = Makefile.read(root);
        this.samConfig = SamConfig.read(root);
        this.template = Template.read(root);
        this.modules = modules(root);
    }

    /** Checks against the Makefile, samconfig.toml, template.yaml and pom.xml of the project at {@code root}. */
    static DocumentedCommands of(Path root) {
        return new DocumentedCommands(root);
    }

    /** Whether {@code block} holds shell commands. */
    static boolean isShell(FencedBlock block) {
        return block.language().equals("sh") || block.language().equals("bash");
    }

    /** Every statement of every code block of one Markdown file, checked, in order. */
    List<CheckedStatement> check(String file, String markdown) {
        Scope scope = new Scope(file.equals(DEPLOY_GUIDE));
        List<CheckedStatement> checked = new ArrayList<>();
        for (FencedBlock block : FencedBlock.in(file, markdown)) {
            switch (block.language()) {
                case "sh", "bash" -> {
                    for (ShellStatement statement : ShellParser.parse(block.text(), block.where())) {
                        checked.add(statement(statement, scope));
                    }
                }
                case "toml" -> checked.add(new CheckedStatement(block.where(), "toml block", parameterOverrides(block)));
                case "java" -> checked.add(new CheckedStatement(block.where(), "java block", java(block)));
                case "xml" -> checked.add(new CheckedStatement(block.where(), "xml block", xml(block)));
                case "mermaid" -> checked.add(new CheckedStatement(block.where(), "mermaid block", diagram(block)));
                case "" -> {
                    // text: a diagram, a query or a listing, with nothing to run
                }
                default -> checked.add(new CheckedStatement(block.where(), "```" + block.language() + " block",
                        List.of("no check for " + block.language() + " blocks: add one to DocumentedCommands")));
            }
        }
        for (Prose.Span span : Prose.codeSpans(file, markdown)) {
            if (span.text().startsWith("aws ")) {
                List<String> words = List.of(span.text().split("\\s+"));
                List<String> problems = awsCommands.operation(words);
                // A span of the command alone names it (`aws sqs start-message-move-task`): only the operation must exist.
                boolean mention = words.size() == 3;
                checked.add(new CheckedStatement(span.where(), span.text(),
                        mention ? problems.stream().filter(problem -> !problem.contains(" needs --")).toList() : problems));
            }
        }
        return checked;
    }

    /** The first line of a java block that shows a file of the repository: {@code // path/To.java}. */
    private static final Pattern SHOWN_FILE = Pattern.compile("// ([A-Za-z0-9_./-]+\\.java)");

    /** A java block's problems: a block showing a file must be in that file; any other must compile. */
    private List<String> java(FencedBlock block) {
        Matcher shown = SHOWN_FILE.matcher(block.lines().isEmpty() ? "" : block.lines().get(0).strip());
        return shown.matches() ? excerptOf(block, shown.group(1)) : JavaSnippet.compile(block.text());
    }

    /** The first line of an xml block: the build file it shows, {@code <!-- libs/receiver/pom.xml -->}. */
    private static final Pattern SHOWN_XML_FILE = Pattern.compile("<!-- ([A-Za-z0-9_./-]+\\.xml) -->");

    /** An xml block's problems: it must show a build file of the repository, as it is there. */
    private List<String> xml(FencedBlock block) {
        Matcher shown = SHOWN_XML_FILE.matcher(block.lines().isEmpty() ? "" : block.lines().get(0).strip());
        return shown.matches() ? excerptOf(block, shown.group(1))
                : List.of("an xml block's first line must name the file it shows: <!-- path/pom.xml -->");
    }

    /** A block showing {@code path}: its lines after the first must be in that file, in order and together. */
    private List<String> excerptOf(FencedBlock block, String path) {
        Path file = root.resolve(path);
        if (!Files.isRegularFile(file)) {
            return List.of(path + " is no file");
        }
        List<String> fileLines = codeLines(read(file).lines().toList());
        List<String> blockLines = codeLines(block.lines().subList(1, block.lines().size()));
        return !blockLines.isEmpty() && Collections.indexOfSubList(fileLines, blockLines) >= 0
                ? List.of()
                : List.of("the block is not in " + path + " as it is there (its lines, in order, together)");
    }

    /** The lines of Java code that count: stripped of indentation, without blank lines and the package line. */
    private static List<String> codeLines(List<String> lines) {
        return lines.stream().map(String::strip).filter(line -> !line.isEmpty() && !line.startsWith("package ")).toList();
    }

    /** The diagrams the docs draw: flow diagrams and the reports' charts. */
    private static final Set<String> DIAGRAMS = Set.of("flowchart", "xychart-beta");

    /**
     * A mermaid block's problems: its diagram (the first line after any front matter) must be one
     * of {@link #DIAGRAMS}, the kinds {@code make check-mermaid}'s parser is run on here.
     */
    private static List<String> diagram(FencedBlock block) {
        List<String> lines = block.lines();
        int first = 0;
        if (!lines.isEmpty() && lines.get(0).strip().equals("---")) {
            int close = lines.subList(1, lines.size()).indexOf("---");
            first = close < 0 ? lines.size() : close + 2;
        }
        String kind = first < lines.size() ? lines.get(first).strip().split("\\s+")[0] : "";
        return DIAGRAMS.contains(kind) ? List.of()
                : List.of("a mermaid block must be one of " + DIAGRAMS.stream().sorted().toList() + " diagrams, was '" + kind + "'");
    }

    /** What a file's commands have defined so far: variables (with their values) and functions. */
    private static final class Scope {
        final Map<String, String> variables = new HashMap<>();
        final Set<String> functions = new HashSet<>();
        /** Whether every aws command must name its Region: the deploy guide's, which must not depend on the CLI profile's. */
        final boolean regionPerCommand;

        Scope(boolean regionPerCommand) {
            this.regionPerCommand = regionPerCommand;
        }
    }

    private CheckedStatement statement(ShellStatement statement, Scope scope) {
        return switch (statement) {
            case ShellStatement.Command command -> {
                List<String> problems = command(command, scope, false);
                if (command.invocation().isEmpty()) {
                    command.assignments().forEach(word -> scope.variables.put(
                            word.text().substring(0, word.text().indexOf('=')), word.text().substring(word.text().indexOf('=') + 1)));
                }
                yield new CheckedStatement(command.where(), command.toString(), problems);
            }
            case ShellStatement.FunctionDefinition function -> {
                scope.functions.add(function.name());
                List<String> problems = new ArrayList<>();
                function.body().forEach(command -> problems.addAll(command(command, scope, true)));
                yield new CheckedStatement(function.where(), function.name() + "() { ... }", problems);
            }
        };
    }

    /** The problems of one command: its substitutions, its variables, then its kind's own. */
    private List<String> command(ShellStatement.Command command, Scope scope, boolean inFunction) {
        List<String> problems = new ArrayList<>();
        for (ShellStatement.Word word : command.words()) {
            for (String variable : word.variables()) {
                if (!scope.variables.containsKey(variable) && !(inFunction && variable.matches("[0-9]"))) {
                    problems.add("$" + variable + " is not assigned before in this file");
                }
            }
            for (String substitution : word.substitutions()) {
                for (ShellStatement inner : ShellParser.parse(substitution, command.where())) {
                    if (inner instanceof ShellStatement.Command innerCommand) {
                        problems.addAll(command(innerCommand, scope, inFunction).stream()
                                .map(problem -> "$(" + substitution + "): " + problem).toList());
                    } else {
                        problems.add("$(" + substitution + ") defines a function");
                    }
                }
            }
        }
        List<ShellStatement.Word> invocation = command.invocation();
        if (!invocation.isEmpty()) {
            problems.addAll(invocation(invocation.stream().map(ShellStatement.Word::text).toList(), invocation, scope));
        }
        return problems;
    }

    private List<String> invocation(List<String> args, List<ShellStatement.Word> words, Scope scope) {
        String name = args.get(0);
        return switch (name) {
            case "until", "while", "do" -> args.size() > 1 ? invocation(args.subList(1, args.size()), words.subList(1, words.size()), scope)
                    : List.of("`" + name + "` runs no command");
            case "done" -> args.size() == 1 ? List.of() : List.of("`done` ends a loop and takes nothing");
            case "[" -> args.get(args.size() - 1).equals("]") ? List.of() : List.of("`[` is not closed with `]`");
            case "sleep" -> args.size() == 2 && args.get(1).matches("[0-9]+") ? List.of() : List.of("`sleep` takes whole seconds");
            case "make" -> make(args);
            case "sam" -> sam(args);
            case "aws" -> aws(words, scope);
            case "mvn" -> maven(args);
            case "openssl", "date", "printf", "cut" -> LocalTool.run(args);
            default -> {
                if (name.contains("/")) {
                    yield script(name);
                }
                if (scope.functions.contains(name)) {
                    yield functionCall(args);
                }
                yield List.of("`" + name + "` is a kind of command this test does not check: add its check to DocumentedCommands");
            }
        };
    }

    private List<String> make(List<String> args) {
        List<String> problems = new ArrayList<>();
        List<String> targets = args.subList(1, args.size()).stream().filter(arg -> !arg.contains("=")).toList();
        for (String target : targets) {
            if (target.startsWith("-")) {
                problems.add("make's option " + target + " is not checked here");
            } else if (!makefile.defines(target)) {
                problems.add("the Makefile has no target " + target);
            }
        }
        for (String assignment : args.subList(1, args.size()).stream().filter(arg -> arg.contains("=")).toList()) {
            String variable = assignment.substring(0, assignment.indexOf('='));
            String value = assignment.substring(assignment.indexOf('=') + 1);
            if (targets.stream().noneMatch(target -> makefile.reads(target, variable))) {
                problems.add("the Makefile does not read " + variable + " for " + String.join(" ", targets)
                        + " (it neither expands $(" + variable + ") nor runs a script that reads ${" + variable + ":-...})");
            }
            problems.addAll(existing(value));
        }
        return problems;
    }

    private List<String> sam(List<String> args) {
        List<String> problems = new ArrayList<>();
        String environment = value(args, "--config-env").orElse("default");
        if (!samConfig.defines(environment)) {
            problems.add("samconfig.toml defines no environment " + environment);
        }
        String command = args.size() > 2 && args.get(1).equals("local") ? "local " + args.get(2) : args.size() > 1 ? args.get(1) : "";
        switch (command) {
            case "build", "deploy", "delete" -> {
                // the environment is all they name
            }
            case "local invoke" -> {
                String function = args.size() > 3 ? args.get(3) : "";
                if (!template.hasFunction(function)) {
                    problems.add("template.yaml has no AWS::Serverless::Function " + function + " (name it right after `sam local invoke`)");
                }
                // "-e -": the event on stdin (make stamp's output, piped)
                Stream.of("-e", "--event", "--env-vars").map(option -> value(args, option)).flatMap(Optional::stream)
                        .filter(file -> !file.equals("-")).forEach(file -> problems.addAll(existing(file)));
                problems.addAll(variablesFile(value(args, "--env-vars"), environment));
                value(args, "-e").or(() -> value(args, "--event"))
                        .filter(file -> Files.isRegularFile(root.resolve(file)) && template.hasFunction(function))
                        .ifPresent(file -> problems.addAll(eventOf(function, file)));
            }
            default -> problems.add("`sam " + command + "` is not checked here: add it to DocumentedCommands");
        }
        return problems;
    }

    /**
     * {@code sam local invoke} gives the function the template's values unless a variables file
     * says otherwise: the {@code --env-vars} given, else samconfig.toml's {@code env_vars}.
     */
    private List<String> variablesFile(Optional<String> given, String environment) {
        Optional<String> file = given.or(() -> samConfig.parameter(environment, "local_invoke", "env_vars"));
        if (file.isEmpty()) {
            return List.of("sam local invoke gets no variables file: pass --env-vars env.json, or set env_vars in samconfig.toml's ["
                    + environment + ".local_invoke.parameters]");
        }
        return Files.isRegularFile(root.resolve(file.get())) ? List.of() : List.of(file.get() + " is no file of the repository");
    }

    /** The event file is of a kind the function's {@code Events} deliver. */
    private List<String> eventOf(String function, String file) {
        Optional<EventKind> kind = EventKind.of(read(root.resolve(file)));
        Set<String> received = template.eventTypes(function);
        if (kind.isEmpty()) {
            return List.of(file + " is no SQS, DynamoDB stream or scheduled event");
        }
        return received.contains(kind.get().templateType) ? List.of()
                : List.of(file + " is " + kind.get().description + ", and " + function + " receives "
                        + String.join(", ", received) + " events");
    }

    private List<String> aws(List<ShellStatement.Word> words, Scope scope) {
        Map<String, String> values = new HashMap<>();
        for (int i = 3; i + 1 < words.size(); i++) {
            ShellStatement.Word value = words.get(i + 1);
            if (words.get(i).text().startsWith("--") && !value.text().startsWith("--")) {
                values.put(words.get(i).text(), value.isVariable() ? scope.variables.getOrDefault(value.variables().get(0), "") : value.text());
            }
        }
        return awsCommands.check(words.stream().map(ShellStatement.Word::text).toList(), values, scope.regionPerCommand);
    }

    private List<String> maven(List<String> args) {
        List<String> problems = new ArrayList<>();
        List<String> selected = value(args, "-pl").map(list -> List.of(list.split(","))).orElse(List.copyOf(modules));
        for (String module : selected) {
            if (!modules.contains(module)) {
                problems.add("pom.xml has no module " + module);
            }
        }
        args.stream().filter(arg -> arg.startsWith("-Dtest=")).flatMap(arg -> Stream.of(arg.substring(7).split(",")))
                .forEach(test -> problems.addAll(testExists(test, selected)));
        return problems;
    }

    /** {@code Class} or {@code Class#method}, either with {@code *}: a test of one of {@code modules}. */
    private List<String> testExists(String test, List<String> selected) {
        String[] parts = test.split("#", 2);
        Pattern method = Pattern.compile("void " + glob(parts.length > 1 ? parts[1] : "*") + "\\(");
        for (String module : selected) {
            Path tests = root.resolve(module).resolve("src/test/java");
            if (!Files.isDirectory(tests)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(tests)) {
                boolean found = files.filter(file -> file.getFileName().toString().matches(glob(parts[0]) + "\\.java"))
                        .anyMatch(file -> method.matcher(read(file)).find());
                if (found) {
                    return List.of();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return List.of("-Dtest=" + test + " matches no test of " + String.join(", ", selected));
    }

    private List<String> script(String path) {
        Path file = root.resolve(path);
        if (path.startsWith("/") || !Files.isRegularFile(file)) {
            return List.of(path + " is no file of the repository");
        }
        return Files.isExecutable(file) ? List.of() : List.of(path + " is not executable");
    }

    private List<String> functionCall(List<String> args) {
        if (!args.get(0).equals("out")) {
            return List.of("calls of " + args.get(0) + "() are not checked here: add their check to DocumentedCommands");
        }
        List<String> problems = new ArrayList<>();
        if (args.size() != 2) {
            problems.add("out takes one OutputKey");
        }
        args.stream().skip(1).filter(output -> !template.hasOutput(output))
                .forEach(output -> problems.add("template.yaml has no Output " + output));
        return problems;
    }

    private List<String> parameterOverrides(FencedBlock block) {
        List<String> problems = new ArrayList<>();
        Matcher override = PARAMETER_OVERRIDE.matcher(block.text());
        while (override.find()) {
            if (!template.hasParameter(override.group(1))) {
                problems.add("template.yaml has no Parameter " + override.group(1));
            }
        }
        return problems;
    }

    /** A value naming a path of the repository names one that exists. */
    private List<String> existing(String value) {
        return REPOSITORY_PATH.matcher(value).matches() && !Files.exists(root.resolve(value))
                ? List.of(value + " is no file of the repository") : List.of();
    }

    private static Optional<String> value(List<String> args, String option) {
        int at = args.indexOf(option);
        return at >= 0 && at + 1 < args.size() ? Optional.of(args.get(at + 1)) : Optional.empty();
    }

    private static String glob(String pattern) {
        return Stream.of(pattern.split("\\*", -1)).map(Pattern::quote).reduce((a, b) -> a + ".*" + b).orElse("");
    }

    private static Set<String> modules(Path root) {
        Set<String> modules = new HashSet<>();
        Matcher module = Pattern.compile("<module>([^<]+)</module>").matcher(read(root.resolve("pom.xml")));
        while (module.find()) {
            modules.add(module.group(1));
        }
        return modules;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
