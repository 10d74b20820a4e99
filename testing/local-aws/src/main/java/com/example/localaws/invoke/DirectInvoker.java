package com.example.localaws.invoke;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * The fallback when the runtime emulator cannot be had (it runs on Linux only, and is built from
 * Go): each invocation starts a fresh JVM with the function's environment, which runs
 * {@link DirectInvocation}: the runtime interface client's own handler loading
 * ({@code EventHandlerLoader}, the handler's no-argument constructor) and event serialization,
 * for one event, without the Runtime API between them. Every invocation is therefore a cold start.
 *
 * <p>Not in the caller's JVM: a handler reads its configuration from the process environment at
 * init, as in Lambda, and a running JVM cannot be given another environment. A per-handler
 * factory taking the settings would be a second way to build the handler, one Lambda never uses.
 */
final class DirectInvoker implements FunctionInvoker {

    private final LambdaFunction function;
    private final List<Path> runtimeClasspath;
    private final List<String> jvmOptions;
    private final Path baseDir;
    private final Path workDir;
    private final Path taskRoot;

    /** Fails, naming the setup script, when the runtime interface client is not installed. */
    DirectInvoker(LambdaFunction function, Path root, Path workDir) {
        this.function = function;
        this.runtimeClasspath = RuntimeInterfaceClient.classpath(root);
        this.jvmOptions = RuntimeInterfaceClient.jvmOptions(root);
        this.baseDir = workDir;
        this.workDir = workDir.resolve(function.name() + "-direct");
        this.taskRoot = workDir.resolve(function.name() + "-task");
    }

    @Override
    public LambdaFunction function() {
        return function;
    }

    @Override
    public synchronized Invocation invoke(String event) {
        String requestId = UUID.randomUUID().toString();
        Path eventFile = workDir.resolve(requestId + ".event.json");
        Path responseFile = workDir.resolve(requestId + ".response.json");
        Path log = workDir.resolve(requestId + ".log");
        try {
            Files.createDirectories(workDir);
            Files.createDirectories(taskRoot);
            Files.writeString(eventFile, event, StandardCharsets.UTF_8);
            ProcessBuilder builder = new ProcessBuilder(command(requestId, eventFile, responseFile))
                    .directory(taskRoot.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            builder.environment().clear();
            builder.environment().putAll(function.runtimeEnvironment(taskRoot));
            Process process = builder.start();
            if (!process.waitFor(function.timeoutSeconds() + 30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                throw new InvocationFailedException(function.name() + ": no answer within the timeout", "", lines(log));
            }
            String answer = Files.exists(responseFile) ? Files.readString(responseFile, StandardCharsets.UTF_8) : "";
            List<String> logs = lines(log);
            return switch (process.exitValue()) {
                case 0 -> new Invocation(requestId, answer, logs);
                case DirectInvocation.INIT_FAILED ->
                        throw new InvocationFailedException(function.name() + ": init failed", answer, logs);
                default -> throw new InvocationFailedException(function.name() + ": the runtime exited with "
                        + process.exitValue(), answer, logs);
            };
        } catch (IOException e) {
            throw new UncheckedIOException("direct invoke of " + function.name() + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } finally {
            // The invocation or the exception carries what they held.
            deleteQuietly(eventFile);
            deleteQuietly(responseFile);
            deleteQuietly(log);
        }
    }

    /** The JVM's command line; after the function's code, local-aws's (for DirectInvocation) and the phase header. */
    private List<String> command(String requestId, Path eventFile, Path responseFile) {
        List<Path> classpath = new ArrayList<>(runtimeClasspath);
        classpath.addAll(function.classpath());
        classpath.add(codeOf(DirectInvocation.class));
        classpath.add(PhaseHeaderClasspath.write(baseDir, function.name()));
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(String.join(File.pathSeparator, classpath.stream().map(Path::toString).toList()));
        command.add(DirectInvocation.class.getName());
        command.add(function.handler());
        command.add(requestId);
        command.add(eventFile.toString());
        command.add(responseFile.toString());
        command.add(Long.toString(function.timeout().toMillis()));
        return command;
    }

    /** The jar or classes folder local-aws was loaded from. */
    private static Path codeOf(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the code of " + type.getName(), e);
        }
    }

    private static List<String> lines(Path log) throws IOException {
        return Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a scratch file; the next invocation uses other names
        }
    }

    /** Nothing stays running between invocations. */
    @Override
    public void close() {
    }
}
