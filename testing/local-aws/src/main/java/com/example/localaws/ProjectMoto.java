package com.example.localaws;

import com.example.receiver.testkit.MotoLaunch;
import com.example.receiver.testkit.MotoServer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The test kit's moto launcher as this checkout runs it: with the interpreter of
 * {@code .tools/moto} ({@code make setup}), recording the local functions' calls for the
 * rehearsal ({@link CallRecording}), on TLS with the local CA ({@link LocalTls}) unless asked not.
 */
public final class ProjectMoto {

    private ProjectMoto() {
    }

    /** The same as {@link #start(Path, int, Path, Path, LocalTls, boolean)}, recording to {@value CallRecording#FILE} beside the log. */
    public static MotoServer start(Path root, int port, Path log, LocalTls tls, boolean https) {
        return start(root, port, log, log.resolveSibling(CallRecording.FILE), tls, https);
    }

    /**
     * Starts a launcher on {@code port}, logging to {@code log} and appending the calls of local
     * functions to {@code calls}: several launchers of one run ({@code make test}'s modules, two at
     * a time) share the project's recording, one whole line per append, and nothing empties it but
     * a clean. It answers on TLS with {@code tls}'s AWS endpoint certificate ({@code https://}), as
     * AWS does, unless {@code https} is false (plain {@code http://}, for debugging).
     */
    public static MotoServer start(Path root, int port, Path log, Path calls, LocalTls tls, boolean https) {
        Path python = root.resolve(".tools/moto/bin/python");
        if (!Files.isExecutable(python)) {
            throw new IllegalStateException(python + " is missing: run `make setup` (testing/local-aws/setup.sh) first");
        }
        MotoLaunch launch = MotoServer.launch(python, port, log).recordCalls(calls, CallRecording.ACCESS_KEY_PREFIX);
        if (https) {
            launch.tls(tls.awsCert(), tls.awsKey(), tls.sslContext());
        }
        return launch.start();
    }
}
