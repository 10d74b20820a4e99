package com.example.localaws.invoke;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The classpath entry that makes a local function's SDK clients say the Lambda phase of each
 * call: a folder holding {@link LambdaPhaseInterceptor}'s class file and the SDK's registration
 * of global interceptors ({@value #REGISTRATION}) naming it. Only the command lines of function
 * processes ({@link RuntimeEmulator}, {@link DirectInvoker}) add it, after the function's code:
 * the harness's own clients never send the header, and the function's deployment package never
 * holds it.
 */
final class PhaseHeaderClasspath {

    /** Where the AWS SDK reads the class names of global interceptors, from every classpath entry. */
    static final String REGISTRATION = "software/amazon/awssdk/global/handlers/execution.interceptors";

    private PhaseHeaderClasspath() {
    }

    /**
     * Writes the entry for {@code function} into {@code <workDir>/<function>-phase} (anew at each
     * start: the harness's code may have changed since) and returns that folder.
     */
    static Path write(Path workDir, String function) {
        Path entry = workDir.resolve(function + "-phase");
        String interceptor = LambdaPhaseInterceptor.class.getName();
        String classFile = interceptor.replace('.', '/') + ".class";
        try (InputStream code = LambdaPhaseInterceptor.class.getClassLoader().getResourceAsStream(classFile)) {
            if (code == null) {
                throw new IllegalStateException("cannot read " + classFile + " from the harness's classpath");
            }
            replace(entry.resolve(classFile), code.readAllBytes());
            replace(entry.resolve(REGISTRATION), (interceptor + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + entry, e);
        }
        return entry;
    }

    /**
     * Writes beside the file, then moves it in place: a runtime of the same function starting
     * meanwhile (another invoker, another test) reads the old file or the new one, never half.
     */
    private static void replace(Path file, byte[] content) throws IOException {
        Files.createDirectories(file.getParent());
        Path written = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
        Files.write(written, content);
        Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
