package com.example.bench.local;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One {@code make} target of the local runtime's command line, run as a user runs it from the
 * project root: its JSON document on stdout, its progress appended to a log file, its wall time.
 */
final class MakeCommand {

    /** What the command printed, and how long it took from start to exit. */
    record Run(JsonNode document, Duration took) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path log;

    MakeCommand(Path log) {
        this.log = log;
    }

    /**
     * Runs {@code make target VAR=value...}.
     *
     * @throws IllegalStateException naming the target and the log when it exits with other than 0
     */
    Run run(String target, String... variables) {
        List<String> command = new ArrayList<>(List.of("make", "--no-print-directory", target));
        command.addAll(List.of(variables));
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            Files.writeString(log, "$ " + String.join(" ", command) + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
            long started = System.nanoTime();
            byte[] stdout = process.getInputStream().readAllBytes();
            int exit = process.waitFor();
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            if (exit != 0) {
                throw new IllegalStateException("make " + target + " exited with " + exit + "; see " + log);
            }
            String text = new String(stdout, StandardCharsets.UTF_8).strip();
            return new Run(text.startsWith("{") ? JSON.readTree(text) : JSON.createObjectNode(), took);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run make " + target, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running make " + target, e);
        }
    }
}
