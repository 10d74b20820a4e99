package com.example.compat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** A short command run to its end: its standard output, or a failure naming its status and error output. */
final class ProcessOutput {

    private ProcessOutput() {
    }

    static String of(Path directory, List<String> command) {
        return of(directory, command, Map.of());
    }

    /** {@code command} in {@code directory}, with {@code environment} as its whole environment when not empty. */
    static String of(Path directory, List<String> command, Map<String, String> environment) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        if (!environment.isEmpty()) {
            builder.environment().clear();
            builder.environment().putAll(environment);
        }
        Path error = null;
        try {
            // The error output to a file, so that neither stream fills its pipe while the other is read.
            error = Files.createTempFile("compat-", ".stderr");
            builder.redirectError(error.toFile());
            Process process = builder.start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int status = process.waitFor();
            if (status != 0) {
                throw new IllegalStateException(String.join(" ", command) + " exited with " + status + ": "
                        + Files.readString(error, StandardCharsets.UTF_8).strip());
            }
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted running " + command, e);
        } finally {
            if (error != null) {
                error.toFile().delete();
            }
        }
    }
}
