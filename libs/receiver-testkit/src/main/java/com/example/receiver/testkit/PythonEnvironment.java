package com.example.receiver.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The Python interpreter the moto launcher runs with: the one the system property
 * {@value #PYTHON_PROPERTY} (or the environment variable {@value #PYTHON_VARIABLE}) names, used as
 * it is (its environment must hold the launcher's requirements); else a virtualenv of the pinned
 * requirements ({@link LauncherFiles#REQUIREMENTS}) in the kit's cache ({@link KitCache}), made
 * once by {@code python3 -m venv} and {@code pip install} (another base interpreter:
 * {@value #BASE_PROPERTY} or {@value #BASE_VARIABLE}) under a file lock, so that test JVMs started
 * together make it once, and reused by every later run with the same requirements and interpreter.
 */
public final class PythonEnvironment {

    /** The system property naming a ready interpreter. */
    public static final String PYTHON_PROPERTY = "receiver.testkit.python";
    /** The environment variable naming it when the property is not set. */
    public static final String PYTHON_VARIABLE = "RECEIVER_TESTKIT_PYTHON";
    /** The system property naming the interpreter the virtualenv is made from (default {@code python3}). */
    public static final String BASE_PROPERTY = "receiver.testkit.base-python";
    /** The environment variable naming it when the property is not set. */
    public static final String BASE_VARIABLE = "RECEIVER_TESTKIT_BASE_PYTHON";

    private static final String READY = ".ready";

    private PythonEnvironment() {
    }

    /** {@return the interpreter to run the launcher with, the virtualenv made first when it is missing} */
    public static synchronized Path python() {
        String named = setting(PYTHON_PROPERTY, PYTHON_VARIABLE);
        if (!named.isBlank()) {
            Path python = Path.of(named);
            if (!Files.isExecutable(python)) {
                throw new IllegalStateException(PYTHON_PROPERTY + " (or " + PYTHON_VARIABLE + ") names " + named
                        + ", which is not an executable interpreter");
            }
            return python;
        }
        String base = setting(BASE_PROPERTY, BASE_VARIABLE);
        return virtualenv(base.isBlank() ? "python3" : base);
    }

    private static Path virtualenv(String base) {
        byte[] requirements = LauncherFiles.requirements();
        SortedMap<String, byte[]> inputs = new TreeMap<>();
        inputs.put("requirements", requirements);
        inputs.put("interpreter", run(List.of(base, "-c", "import sys; print(sys.version)"), null, base)
                .getBytes(StandardCharsets.UTF_8));
        Path cache = KitCache.folder();
        Path venv = cache.resolve("venv-" + LauncherFiles.digest(inputs));
        Path python = venv.resolve("bin/python");
        if (Files.isRegularFile(venv.resolve(READY))) {
            return python;
        }
        try {
            Files.createDirectories(cache);
            try (FileChannel channel = FileChannel.open(cache.resolve(venv.getFileName() + ".lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock held = channel.lock()) {
                if (!Files.isRegularFile(venv.resolve(READY))) {
                    make(base, venv, requirements);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the launcher's virtualenv in " + venv, e);
        }
        return python;
    }

    /** Makes the virtualenv afresh (a half-made one, left by a run that died, is removed first). */
    private static void make(String base, Path venv, byte[] requirements) throws IOException {
        if (Files.exists(venv)) {
            KitCache.delete(venv);
        }
        Path log = venv.resolveSibling(venv.getFileName() + ".log");
        Files.deleteIfExists(log);
        run(List.of(base, "-m", "venv", venv.toString()), log,
                base + " with its venv module (Debian, Ubuntu: apt-get install python3-venv)");
        Path file = venv.resolve(LauncherFiles.REQUIREMENTS);
        Files.write(file, requirements);
        run(List.of(venv.resolve("bin/python").toString(), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                "--no-input", "-r", file.toString()), log, "pip install of the launcher's pinned requirements (PyPI reachable)");
        Files.writeString(venv.resolve(READY), "");
    }

    /** Runs {@code command}, its output appended to {@code log} (or returned when null); {@code needs} names what a failure lacks. */
    private static String run(List<String> command, Path log, String needs) {
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            if (log != null) {
                builder.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            }
            Process process = builder.start();
            String output = log == null ? new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8) : "";
            if (!process.waitFor(15, TimeUnit.MINUTES)) {
                LocalProcess.stop(process);
                throw new IllegalStateException(String.join(" ", command) + " did not end within 15 minutes");
            }
            if (process.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " exited with " + process.exitValue()
                        + (log == null ? ": " + output.strip() : "; see " + log) + ". It needs " + needs
                        + "; or name a ready interpreter with -D" + PYTHON_PROPERTY + "=<path>");
            }
            return output;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + command.get(0) + ": the launcher needs " + needs
                    + " on PATH (or -D" + BASE_PROPERTY + "=<path>), or a ready interpreter named by -D"
                    + PYTHON_PROPERTY + "=<path>", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static String setting(String property, String variable) {
        return KitCache.setting(System.getProperties(), System.getenv(), property, variable);
    }
}
