package com.example.localpayments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The command line prints no SLF4J warning about a missing provider ({@code make drain} and
 * {@code make redrive} did, three lines on every run): each case runs a JVM of its own, with this
 * module's class path, as {@code make} runs the command line.
 */
class LibraryLoggingTest {

    @Test
    void aLibraryLoggingInTheCommandLine_printsNothing() throws Exception {
        // GIVEN the command line's JVM, its library logging silenced as LocalAwsCli.main does
        // WHEN a library logs a warning
        String stderr = probe("silence");
        // THEN nothing reaches stderr, where the command's own progress goes
        assertEquals("", stderr);
    }

    @Test
    void withoutIt_slf4jWarnsThatItHasNoProvider() throws Exception {
        // GIVEN the same JVM left as it was
        // WHEN a library logs a warning
        String stderr = probe("plain");
        // THEN SLF4J says it has no provider: what the first case keeps out
        assertTrue(stderr.contains("No SLF4J providers were found"), stderr);
    }

    private static String probe(String mode) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LibraryLoggingProbe.class.getName(), mode))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the probe did not end");
        assertEquals(0, process.exitValue(), stderr);
        return stderr;
    }
}
