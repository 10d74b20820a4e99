package com.example.localpayments.cli;

import com.example.receiver.testkit.MotoServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the local AWS that {@code up} started runs: the state file {@value #FILE} in the state
 * folder, written by {@code up}, read by every other command, removed by {@code down}.
 *
 * @param motoPort  the moto launcher's loopback port
 * @param motoPid   its process id
 * @param motoStart when that process started, as the system reports it: a process id is only
 *                  acted on while it names the same process (ids are recycled)
 * @param motoTls   whether it answers on TLS ({@code https://}, the default) or plain HTTP ({@code LOCAL_AWS_TLS=false})
 * @param redisPort redis-server's loopback port
 * @param redisPid  its process id
 * @param redisStart when that process started
 * @param pushApiPort  the local push API's loopback port (the notifier's {@code PUSH_API_BASE_URL})
 * @param pushApiPid   its process id
 * @param pushApiStart when that process started
 * @param queues    queue URL by the template's logical id
 * @param topics    topic ARN by the template's logical id
 * @param producerSignatures whether the payment authorizer run by {@code invoke} and {@code drain}
 *                  requires producers' signatures ({@code make up REQUIRE_PRODUCER_SIGNATURES=true}),
 *                  with the local producer's secret as its one producer
 * @param startedAt when {@code up} started them (ISO-8601)
 */
record RunState(int motoPort, long motoPid, String motoStart, boolean motoTls, int redisPort, long redisPid, String redisStart,
                int pushApiPort, long pushApiPid, String pushApiStart,
                Map<String, String> queues,
                Map<String, String> topics, boolean producerSignatures, String startedAt) {

    static final String FILE = "state.json";


    RunState {
        queues = Map.copyOf(queues);
        topics = Map.copyOf(topics);
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(motoStart, "motoStart");
        Objects.requireNonNull(redisStart, "redisStart");
        Objects.requireNonNull(pushApiStart, "pushApiStart");
        if (motoPort < 1 || motoPort > 65_535 || redisPort < 1 || redisPort > 65_535 || pushApiPort < 1 || pushApiPort > 65_535) {
            throw new IllegalArgumentException("ports must be 1-65535");
        }
    }

    URI motoEndpoint() {
        return MotoServer.endpoint(motoTls, motoPort);
    }

    /** The local push API's base URL. */
    URI pushApiBaseUrl() {
        return URI.create("http://127.0.0.1:" + pushApiPort);
    }

    /** The ARN of the topic the template declares as {@code logicalId}. */
    String topic(String logicalId) {
        String arn = topics.get(logicalId);
        if (arn == null) {
            throw new CliException("no topic " + logicalId + " in the running local AWS; topics: " + topics.keySet());
        }
        return arn;
    }

    /** The URL of the queue the template declares as {@code logicalId}. */
    String queue(String logicalId) {
        String url = queues.get(logicalId);
        if (url == null) {
            throw new CliException("no queue " + logicalId + " in the running local AWS; queues: " + queues.keySet());
        }
        return url;
    }

    /** Whether the recorded processes still run (and are the ones recorded). */
    boolean running() {
        return alive(motoPid, motoStart) && alive(redisPid, redisStart) && alive(pushApiPid, pushApiStart);
    }

    /** Whether process {@code pid} runs and is the one that started at {@code start}. */
    static boolean alive(long pid, String start) {
        return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .flatMap(process -> process.info().startInstant())
                .filter(instant -> instant.toString().equals(start))
                .isPresent();
    }

    /** When process {@code pid} started, as {@link #alive} compares it. */
    static String startOf(long pid) {
        return ProcessHandle.of(pid).flatMap(process -> process.info().startInstant())
                .map(Object::toString)
                .orElseThrow(() -> new IllegalStateException("process " + pid + " has no start time"));
    }

    static Optional<RunState> read(Path stateDir) {
        Path file = stateDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(StateFile.JSON.readValue(file.toFile(), RunState.class));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " (remove it if no local AWS runs)", e);
        }
    }

    /** The state of the running local AWS, or a {@link CliException} telling to run {@code make up}. */
    static RunState require(Path stateDir) {
        RunState state = read(stateDir).orElseThrow(() -> new CliException("the local AWS is not running: run `make up` first"));
        if (!state.running()) {
            throw new CliException("the local AWS recorded in " + stateDir.resolve(FILE) + " has stopped: run `make down` then `make up`");
        }
        return state;
    }

    void write(Path stateDir) {
        StateFile.write(stateDir, FILE, this);
    }

    static void remove(Path stateDir) {
        StateFile.remove(stateDir, FILE);
    }
}
