package com.example.receiver.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A server process of the local AWS, started on a loopback port, logging to a file. */
public final class LocalProcess implements AutoCloseable {

    private final String name;
    private final Process process;
    private final Path log;
    /** The log's length when this process started: what it wrote comes after. */
    private final long logged;

    private LocalProcess(String name, Process process, Path log, long logged) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.logged = logged;
    }

    /**
     * Starts {@code command} and waits until {@code port} accepts connections.
     *
     * @param name     what the process is, for messages
     * @param command  the command line
     * @param log      the file its output is appended to
     * @param port     the loopback port it listens on once started
     * @param patience how long to wait for that
     * @return the started process
     */
    public static LocalProcess start(String name, List<String> command, Path log, int port, Duration patience) {
        return start(name, command, java.util.Map.of(), log, port, patience);
    }

    /**
     * As {@link #start(String, List, Path, int, Duration)}, with {@code environment} added to this process's.
     *
     * @param name        what the process is, for messages
     * @param command     the command line
     * @param environment variables added to this process's
     * @param log         the file its output is appended to
     * @param port        the loopback port it listens on once started
     * @param patience    how long to wait for that
     * @return the started process
     */
    public static LocalProcess start(String name, List<String> command, java.util.Map<String, String> environment, Path log,
                              int port, Duration patience) {
        try {
            Files.createDirectories(log.getParent());
            long logged = Files.exists(log) ? Files.size(log) : 0;
            ProcessBuilder builder = new ProcessBuilder(command);
            builder.environment().putAll(environment);
            Process process = builder
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
            LocalProcess started = new LocalProcess(name, process, log, logged);
            started.awaitPort(port, patience);
            return started;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + name + ": " + command.get(0), e);
        }
    }

    private void awaitPort(int port, Duration patience) {
        Instant deadline = Instant.now().plus(patience);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw exited();
            }
            if (listens(port)) {
                return;
            }
            Sleeper.THREAD.pause(Duration.ofMillis(50));
        }
        close();
        throw new IllegalStateException(name + " did not listen on 127.0.0.1:" + port + " within " + patience + "; see " + log);
    }

    /**
     * {@return whether something accepts a connection on loopback {@code port} now (within 200 ms)}
     *
     * @param port the port
     */
    public static boolean listens(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException notYet) {
            return false;
        }
    }

    /** {@return a loopback port that was free a moment ago} */
    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port", e);
        }
    }


    /** {@return whether the process still runs} */
    public boolean alive() {
        return process.isAlive();
    }

    /**
     * Stops this process if it still runs.
     *
     * @return why it ended, from what it wrote to its log since it started
     */
    public Exited ended() {
        close();
        return exited();
    }

    private Exited exited() {
        String output;
        try (var channel = Files.newByteChannel(log)) {
            channel.position(logged);
            output = new String(java.nio.channels.Channels.newInputStream(channel).readAllBytes(),
                    java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException unreadable) {
            output = "";
        }
        return new Exited(name + " exited with " + process.exitValue() + "; see " + log, output);
    }

    /** A server process that ended before it served; {@link #output()} is what it wrote while starting. */
    public static final class Exited extends IllegalStateException {

        private final transient String output;

        Exited(String message, String output) {
            super(message);
            this.output = output;
        }

        /** {@return what the process wrote while starting} */
        public String output() {
            return output;
        }

        /** {@return whether it ended because a port it was to listen on was taken (the OS's {@code EADDRINUSE} text)} */
        public boolean portTaken() {
            return output.contains("Address already in use");
        }
    }

    /** {@return the process's id} */
    public long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        stop(process);
    }

    /**
     * Asks {@code process} to stop (SIGTERM), and kills it when it has not within 5 s.
     *
     * @param process the process
     */
    public static void stop(Process process) {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
