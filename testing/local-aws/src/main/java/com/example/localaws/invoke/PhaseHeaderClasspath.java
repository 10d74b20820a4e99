package com.example.localaws.invoke;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * The classpath entry that makes a local function's SDK clients say the Lambda phase of each
 * call: a jar holding {@link LambdaPhaseInterceptor}'s class file and the SDK's registration
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
     * Writes the entry for {@code function} as {@code <workDir>/<function>-phase.jar} (anew at
     * each start: the harness's code may have changed since) and returns it. A jar, not a folder:
     * AppCDS refuses a classpath holding a non-empty directory ("Cannot have non-empty directory
     * in paths"), and the cold-start bench dumps an archive of a function process.
     */
    static Path write(Path workDir, String function) {
        Path jar = workDir.resolve(function + "-phase.jar");
        String interceptor = LambdaPhaseInterceptor.class.getName();
        String classFile = interceptor.replace('.', '/') + ".class";
        try (InputStream code = LambdaPhaseInterceptor.class.getClassLoader().getResourceAsStream(classFile)) {
            if (code == null) {
                throw new IllegalStateException("cannot read " + classFile + " from the harness's classpath");
            }
            byte[] classBytes = code.readAllBytes();
            Files.createDirectories(workDir);
            // Written beside the jar, then moved in place: a runtime of the same function starting
            // meanwhile (another invoker, another test) reads the old jar or the new one, never half.
            Path written = Files.createTempFile(workDir, jar.getFileName().toString(), ".tmp");
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(written))) {
                entry(out, classFile, classBytes);
                entry(out, REGISTRATION, (interceptor + "\n").getBytes(StandardCharsets.UTF_8));
            }
            Files.move(written, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + jar, e);
        }
        return jar;
    }

    private static void entry(JarOutputStream out, String name, byte[] content) throws IOException {
        out.putNextEntry(new JarEntry(name));
        out.write(content);
        out.closeEntry();
    }
}
