package com.example.localaws.invoke;

import com.example.receiver.testkit.LocalProcess;
import com.example.receiver.testkit.Sleeper;
import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A function under the AWS Lambda Runtime Interface Emulator: one {@code aws-lambda-rie} process
 * listening on a free loopback port, whose runtime is {@code java -cp <runtime interface client,
 * function code> AWSLambda <handler>}, as in Lambda's {@code java21} runtime. The emulator starts
 * the runtime at the first invocation (the init phase, a cold start of a few seconds), keeps it
 * warm for the next ones, and starts a new one after an init failure or a crash.
 *
 * <p>The emulator's own Runtime API listens on a second free port rather than its fixed default
 * (9001), so that several emulators (tests, {@code make up}) can run side by side. The function's
 * output and the emulator's START/END/REPORT lines are appended to {@code <workDir>/<function>.log}
 * (each run's lines after the last's, so that what an earlier {@code make drain} logged is still
 * there to read), the emulator's own log to {@code <workDir>/<function>-rie.log}. The function's process signs as the
 * function and says the phase of its calls, for the launcher's recording
 * ({@link com.example.localaws.CallRecording}).
 */
public final class RuntimeEmulator implements FunctionInvoker {

    private static final String INVOCATIONS = "/2015-03-31/functions/function/invocations";
    /** Beyond the function's timeout: a cold start's init comes first. */
    private static final Duration INIT_ALLOWANCE = Duration.ofSeconds(30);
    /** Starts tried with fresh ports when the emulator exits before it listens. */
    private static final int START_ATTEMPTS = 3;

    private final LambdaFunction function;
    private final Process process;
    private final URI invocations;
    private final Path output;
    private final Path emulatorLog;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final Thread stopOnExit;
    private long outputRead;

    private RuntimeEmulator(LambdaFunction function, Process process, int port, Path output, long earlierOutput,
                            Path emulatorLog) {
        this.function = function;
        this.outputRead = earlierOutput;
        this.process = process;
        this.invocations = URI.create("http://127.0.0.1:" + port + INVOCATIONS);
        this.output = output;
        this.emulatorLog = emulatorLog;
        this.stopOnExit = new Thread(this::stop, "stop-" + function.name() + "-emulator");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
    }

    /** Where {@code testing/local-aws/setup-rie.sh} puts the emulator. */
    public static Path binary(Path root) {
        return root.resolve(".tools/rie/aws-lambda-rie");
    }

    /**
     * Starts the emulator for {@code function} and waits until it listens; the function itself
     * starts at the first {@link #invoke}. Fails, naming the setup script, when the emulator or
     * the runtime interface client is not installed.
     *
     * @param root    the project's root, under which {@code testing/local-aws/setup-rie.sh} installs
     * @param workDir where the logs and the (empty) task root go
     */
    public static RuntimeEmulator start(LambdaFunction function, Path root, Path workDir) {
        Path emulator = binary(root);
        if (!Files.isExecutable(emulator)) {
            throw new IllegalStateException(emulator + " is missing: run testing/local-aws/setup-rie.sh (make setup) to build it");
        }
        // The two ports were free a moment before the emulator binds them, and another process
        // (another emulator started at the same time, a launcher, a Redis node) may take one
        // meanwhile: the emulator then exits at once. Another pair of ports is tried then.
        for (int attempt = 1; ; attempt++) {
            try {
                return launch(function, root, workDir, emulator);
            } catch (ExitedAtStart exited) {
                if (attempt == START_ATTEMPTS) {
                    throw exited;
                }
            }
        }
    }

    private static RuntimeEmulator launch(LambdaFunction function, Path root, Path workDir, Path emulator) {
        int port = LocalProcess.freePort();
        int runtimeApiPort = LocalProcess.freePort();
        while (runtimeApiPort == port) {
            runtimeApiPort = LocalProcess.freePort();
        }
        Path output = workDir.resolve(function.name() + ".log");
        Path emulatorLog = workDir.resolve(function.name() + "-rie.log");
        // The runtime client adds its working directory and lib/*.jar to the function's class
        // loader, as /var/task in Lambda; the code is on -cp, so that directory stays empty.
        Path taskRoot = workDir.resolve(function.name() + "-task");
        List<String> command = new ArrayList<>(List.of(emulator.toString(),
                "--runtime-interface-emulator-address", "127.0.0.1:" + port,
                "--runtime-api-address", "127.0.0.1:" + runtimeApiPort));
        command.addAll(runtimeCommand(function, root, workDir));
        Process process;
        long earlierOutput;
        try {
            Files.createDirectories(taskRoot);
            earlierOutput = Files.exists(output) ? Files.size(output) : 0;
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(taskRoot.toFile())
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()))
                    .redirectError(ProcessBuilder.Redirect.appendTo(emulatorLog.toFile()));
            builder.environment().clear();
            builder.environment().putAll(function.runtimeEnvironment(taskRoot));
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + emulator, e);
        }
        RuntimeEmulator started = new RuntimeEmulator(function, process, port, output, earlierOutput, emulatorLog);
        started.awaitListening(port, Duration.ofSeconds(10));
        return started;
    }

    /**
     * The runtime's command line, as the emulator starts it (the handler last, as Lambda passes
     * it); the classpath ends with the harness's phase header ({@link PhaseHeaderClasspath},
     * written under {@code workDir}).
     */
    static List<String> runtimeCommand(LambdaFunction function, Path root, Path workDir) {
        List<Path> classpath = new ArrayList<>(RuntimeInterfaceClient.classpath(root));
        classpath.addAll(function.classpath());
        classpath.add(PhaseHeaderClasspath.write(workDir, function.name()));
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(RuntimeInterfaceClient.jvmOptions(root));
        command.add("-cp");
        command.add(String.join(File.pathSeparator, classpath.stream().map(Path::toString).toList()));
        command.add(RuntimeInterfaceClient.MAIN);
        command.add(function.handler());
        return command;
    }

    @Override
    public LambdaFunction function() {
        return function;
    }

    @Override
    public synchronized Invocation invoke(String event) {
        if (!process.isAlive()) {
            throw new InvocationFailedException(function.name() + ": the emulator exited with " + process.exitValue()
                    + "; see " + emulatorLog, "", List.of());
        }
        String requestId = UUID.randomUUID().toString();
        HttpRequest request = HttpRequest.newBuilder(invocations)
                .header("Content-Type", "application/json")
                .header("X-Amzn-RequestId", requestId)
                .timeout(function.timeout().plus(INIT_ALLOWANCE))
                .POST(HttpRequest.BodyPublishers.ofString(event, StandardCharsets.UTF_8))
                .build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (HttpTimeoutException e) {
            throw new InvocationFailedException(function.name() + ": no answer within " + request.timeout().orElseThrow()
                    + "; see " + output, "", logsOf(requestId));
        } catch (IOException e) {
            throw new InvocationFailedException(function.name() + ": the emulator did not answer (" + e + "); see "
                    + emulatorLog, "", logsOf(requestId));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        List<String> logs = logsOf(requestId);
        // 200 carries the handler's result or its error document; anything else (502 for an
        // init failure, 504 for a timeout) means the function did not run to an answer.
        if (response.statusCode() != 200) {
            throw new InvocationFailedException(function.name() + ": the emulator answered " + response.statusCode(),
                    response.body(), logs);
        }
        return new Invocation(requestId, response.body(), logs);
    }

    /**
     * The lines written since the last invocation between this one's START and END lines. The
     * emulator writes END before it answers, and the runtime writes its output before it posts
     * its response, so both are in the file when the answer arrives.
     */
    private List<String> logsOf(String requestId) {
        String text;
        try (RandomAccessFile file = new RandomAccessFile(output.toFile(), "r")) {
            byte[] fresh = new byte[(int) Math.max(0, file.length() - outputRead)];
            file.seek(outputRead);
            file.readFully(fresh);
            outputRead += fresh.length;
            text = new String(fresh, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + output, e);
        }
        List<String> logs = new ArrayList<>();
        boolean inside = false;
        for (String line : text.split("\n", -1)) {
            if (line.startsWith("START RequestId: " + requestId)) {
                inside = true;
            } else if (line.startsWith("END RequestId: " + requestId)) {
                break;
            } else if (inside) {
                logs.add(line);
            }
        }
        return logs;
    }

    private void awaitListening(int port, Duration patience) {
        Instant deadline = Instant.now().plus(patience);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                close();
                throw new ExitedAtStart("aws-lambda-rie exited with " + process.exitValue() + " before it listened on 127.0.0.1:"
                        + port + "; the end of its log (" + emulatorLog + "): " + tail(emulatorLog));
            }
            if (LocalProcess.listens(port)) {
                return;
            }
            Sleeper.THREAD.pause(Duration.ofMillis(50));
        }
        close();
        throw new IllegalStateException("aws-lambda-rie did not listen on 127.0.0.1:" + port + " within " + patience
                + "; see " + emulatorLog);
    }

    /** The last lines of {@code log}, for a message that outlives the file (a test's temporary folder). */
    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    /** The emulator ended before it listened: most often a port taken meanwhile. */
    private static final class ExitedAtStart extends IllegalStateException {
        ExitedAtStart(String message) {
            super(message);
        }
    }


    /** Stops the emulator and the runtime it started. */
    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(stopOnExit);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run: nothing left to undo
        }
    }

    private void stop() {
        // The emulator stops its runtime on SIGTERM; the runtime is collected first so that it
        // can still be found (and killed) if the emulator has to be killed instead.
        List<ProcessHandle> runtime = process.descendants().toList();
        LocalProcess.stop(process);
        runtime.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
}
