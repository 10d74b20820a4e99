package com.example.receiver.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.net.ssl.SSLContext;

/** How a {@link MotoServer} is started ({@link MotoServer#launch}); {@link #start()} starts it. */
public final class MotoLaunch {

    private final Path python;
    private final int port;
    private final Path log;
    private Path calls;
    private String functionKeyPrefix;
    private Path tlsCert;
    private Path tlsKey;
    private SSLContext trust;

    MotoLaunch(Path python, int port, Path log) {
        this.python = Objects.requireNonNull(python, "python");
        this.port = port;
        this.log = Objects.requireNonNull(log, "log");
    }

    /**
     * Appends to {@code calls} one JSON line per request signed with an access key id starting
     * with {@code functionKeyPrefix} (a local function's): several launchers may share the
     * file, one whole line per append.
     *
     * @param calls             the file
     * @param functionKeyPrefix what a local function's access key id starts with
     * @return this
     */
    public MotoLaunch recordCalls(Path calls, String functionKeyPrefix) {
        this.calls = Objects.requireNonNull(calls, "calls");
        this.functionKeyPrefix = Objects.requireNonNull(functionKeyPrefix, "functionKeyPrefix");
        return this;
    }

    /**
     * Answers on TLS only ({@code https://}, as AWS does) with the PEM certificate {@code cert}
     * and key {@code key}; {@code trust} is what this handle's own admin calls trust.
     *
     * @param cert  the server certificate (PEM)
     * @param key   its private key (PEM)
     * @param trust the trust of this handle's admin calls
     * @return this
     */
    public MotoLaunch tls(Path cert, Path key, SSLContext trust) {
        this.tlsCert = Objects.requireNonNull(cert, "cert");
        this.tlsKey = Objects.requireNonNull(key, "key");
        this.trust = Objects.requireNonNull(trust, "trust");
        return this;
    }

    /**
     * Starts the launcher and waits, a minute at most, until it listens.
     *
     * @return the started launcher
     */
    public MotoServer start() {
        if (!Files.isExecutable(python)) {
            throw new IllegalStateException(python + " is not an executable Python interpreter");
        }
        List<String> command = new ArrayList<>(List.of(python.toString(),
                LauncherFiles.extracted().resolve(LauncherFiles.LAUNCHER).toString(),
                "--host", "127.0.0.1", "--port", Integer.toString(port)));
        if (calls != null) {
            command.addAll(List.of("--record-calls", calls.toString(), "--function-key-prefix", functionKeyPrefix));
        }
        if (tlsCert != null) {
            command.addAll(List.of("--tls-cert", tlsCert.toString(), "--tls-key", tlsKey.toString()));
        }
        LocalProcess process = LocalProcess.start("moto launcher", command, log, port, Duration.ofSeconds(60));
        return new MotoServer(MotoServer.endpoint(tlsCert != null, port), process, calls, trust);
    }
}
