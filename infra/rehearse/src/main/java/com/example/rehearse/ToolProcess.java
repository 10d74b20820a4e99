package com.example.rehearse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One run of a tool the rehearsal uses in a process of its own (the SAM translator, the IAM
 * evaluator): its input from a file, its output read whole, what it says on stderr shown only
 * when it fails (the translator prints notes of its own there).
 */
public final class ToolProcess {

    private static final long TIMEOUT_SECONDS = 120;

    private ToolProcess() {
    }

    /** The standard output of {@code command}, run in {@code directory} with {@code environment} added and {@code input} on stdin. */
    public static byte[] run(String tool, List<String> command, Path directory, Map<String, String> environment, byte[] input) {
        Path stdin = null;
        Path stderr = null;
        try {
            stdin = Files.createTempFile("rehearse-in", ".json");
            stderr = Files.createTempFile("rehearse-err", ".txt");
            Files.write(stdin, input);
            ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile())
                    .redirectInput(stdin.toFile()).redirectError(stderr.toFile());
            builder.environment().putAll(environment);
            Process process = builder.start();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IllegalStateException(tool + " failed:\n" + Files.readString(stderr) + new String(output, StandardCharsets.UTF_8));
            }
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + tool + " (" + String.join(" ", command) + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } finally {
            deleteQuietly(stdin);
            deleteQuietly(stderr);
        }
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // a temporary file: the system's cleaner takes it
            }
        }
    }
}
