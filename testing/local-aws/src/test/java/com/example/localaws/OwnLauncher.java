package com.example.localaws;

import com.example.receiver.testkit.LocalProcess;
import com.example.receiver.testkit.MotoServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A moto launcher of a test class's own, on TLS with the project's local CA, started before its
 * first test and stopped after its last (register it as a static field with
 * {@code @RegisterExtension}); its log in a temporary folder removed with it.
 */
final class OwnLauncher implements BeforeAllCallback, AfterAllCallback {

    private Path work;
    private LocalTls tls;
    private MotoServer moto;

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        work = Files.createTempDirectory("own-launcher");
        tls = LocalTls.in(ProjectRoot.find());
        moto = ProjectMoto.start(ProjectRoot.find(), LocalProcess.freePort(), work.resolve("moto.log"), tls, true);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        moto.close();
        try (Stream<Path> files = Files.walk(work)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + work, e);
        }
    }

    /** The launcher, started. */
    MotoServer moto() {
        return moto;
    }

    /** The CA its certificate chains to, and the trust built from it. */
    LocalTls tls() {
        return tls;
    }
}
