package com.example.receiver.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;

/**
 * The moto launcher (this jar's {@code receiver-testkit/launcher/moto_launcher.py}, extracted by
 * {@link LauncherFiles}, run by an interpreter whose environment holds its pinned requirements:
 * {@link PythonEnvironment}) on a loopback port, with its fault-injection API; optionally on TLS,
 * and recording the calls of local functions (the project's {@code CallRecording}).
 */
public final class MotoServer implements AwsApi {

    private final URI endpoint;
    private final LocalProcess process;
    private final Path calls;
    private final HttpClient http;

    MotoServer(URI endpoint, LocalProcess process, Path calls, SSLContext trust) {
        this.endpoint = endpoint;
        this.process = process;
        this.calls = calls;
        HttpClient.Builder http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2));
        this.http = (trust == null ? http : http.sslContext(trust)).build();
    }

    /**
     * A launcher to start on loopback {@code port}: plain HTTP, no recording, until told.
     *
     * @param python an interpreter whose environment holds the launcher's requirements
     * @param port   the port
     * @param log    the file its output is appended to
     * @return how it is started
     */
    public static MotoLaunch launch(Path python, int port, Path log) {
        return new MotoLaunch(python, port, log);
    }

    /**
     * {@return the endpoint of a launcher on {@code port}: {@code https://127.0.0.1:<port>}, or {@code http://} without TLS}
     *
     * @param https whether it answers on TLS
     * @param port  its port
     */
    public static URI endpoint(boolean https, int port) {
        return URI.create((https ? "https" : "http") + "://127.0.0.1:" + port);
    }

    /**
     * A launcher already running at {@code endpoint}, started by another process ({@code make up});
     * closing this handle leaves it running.
     *
     * @param endpoint where it answers
     * @param trust    what an {@code https} endpoint is trusted with (null for http)
     * @return the handle
     */
    public static MotoServer attach(URI endpoint, SSLContext trust) {
        return new MotoServer(endpoint, null, null, trust);
    }

    /** {@return the file this launcher records the calls of local functions to; fails for an attached launcher or one not recording} */
    public Path calls() {
        if (calls == null) {
            throw new IllegalStateException("the launcher at " + endpoint + " records no calls (or was started by another process)");
        }
        return calls;
    }

    /** {@return the launcher's process id; fails for an attached launcher} */
    public long pid() {
        if (process == null) {
            throw new IllegalStateException("the launcher at " + endpoint + " was started by another process");
        }
        return process.pid();
    }

    @Override
    public URI endpoint() {
        return endpoint;
    }

    @Override
    public void inject(Fault fault) {
        send(HttpRequest.newBuilder(endpoint.resolve("/_fault"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(fault.toJson())));
    }

    /**
     * Cancels the next transactions {@code reason} names with its reason beside their own.
     *
     * @param reason which transactions, which reason, how many
     */
    public void inject(ItemReason reason) {
        send(HttpRequest.newBuilder(endpoint.resolve("/_reasons"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(reason.toJson())));
    }

    /** {@return how many more requests the injected faults will fail (their counts left, summed)} */
    public int faultsLeft() {
        return countsLeft("/_fault");
    }

    /** {@return how many more transactions the injected reasons will cancel (their counts left, summed)} */
    public int reasonsLeft() {
        return countsLeft("/_reasons");
    }

    private int countsLeft(String path) {
        Matcher counts = Pattern.compile("\"count\"\\s*:\\s*(\\d+)").matcher(send(
                HttpRequest.newBuilder(endpoint.resolve(path)).GET()));
        int left = 0;
        while (counts.find()) {
            left += Integer.parseInt(counts.group(1));
        }
        return left;
    }

    /** Removes every fault and every injected reason not yet used up. */
    @Override
    public void clearFaults() {
        send(HttpRequest.newBuilder(endpoint.resolve("/_fault")).DELETE());
        send(HttpRequest.newBuilder(endpoint.resolve("/_reasons")).DELETE());
    }

    /** The launcher's {@code /_conflicts} (its fix 4). */
    @Override
    public void transactionConflicts(Duration hold) {
        if (hold.toMillis() < 1 || hold.toMillis() > 10_000) {
            throw new IllegalArgumentException("hold must be 1 ms to 10 s, was " + hold);
        }
        send(HttpRequest.newBuilder(endpoint.resolve("/_conflicts"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"hold_ms\":" + hold.toMillis() + "}")));
    }

    @Override
    public int transactionConflictsOff() {
        return count(send(HttpRequest.newBuilder(endpoint.resolve("/_conflicts")).DELETE()), "conflicts");
    }

    /** The launcher's {@code /_capacity} (its fix 7). */
    @Override
    public void writeCapacity(int writeUnitsPerSecond) {
        if (writeUnitsPerSecond < 1) {
            throw new IllegalArgumentException("at least one write unit a second, was " + writeUnitsPerSecond);
        }
        send(HttpRequest.newBuilder(endpoint.resolve("/_capacity"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"write_units_per_second\":" + writeUnitsPerSecond + "}")));
    }

    @Override
    public int writeCapacityOff() {
        return count(send(HttpRequest.newBuilder(endpoint.resolve("/_capacity")).DELETE()), "throttled");
    }

    /** The launcher's {@code /_clock} (its fix 9). */
    @Override
    public Duration advanceSqsClock(Duration by) {
        if (by.toMillis() < 1) {
            throw new IllegalArgumentException("the clock moves forward only, by at least 1 ms, was " + by);
        }
        return clock("{\"advance_seconds\":" + by.toMillis() / 1000.0 + "}");
    }

    @Override
    public Duration advanceSqsClockToNextVisible(String queueUrl, String region, Duration atMost) {
        if (atMost.toMillis() < 1) {
            throw new IllegalArgumentException("the clock moves forward only, by at least 1 ms, was " + atMost);
        }
        return clock("{\"advance_to_next_visible\":\"" + queueUrl + "\",\"region\":\"" + region
                + "\",\"at_most_seconds\":" + atMost.toMillis() / 1000.0 + "}");
    }

    /** POSTs {@code body} to {@code /_clock}; the offset it answers with. */
    private Duration clock(String body) {
        Matcher offset = Pattern.compile("\"offset_seconds\"\\s*:\\s*([0-9.eE+-]+)").matcher(send(
                HttpRequest.newBuilder(endpoint.resolve("/_clock")).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body))));
        if (!offset.find()) {
            throw new IllegalStateException("launcher admin API answered /_clock without offset_seconds");
        }
        return Duration.ofNanos(Math.round(Double.parseDouble(offset.group(1)) * 1e9));
    }

    @Override
    public void resetSqsClock() {
        send(HttpRequest.newBuilder(endpoint.resolve("/_clock")).DELETE());
    }

    private static int count(String body, String field) {
        Matcher count = Pattern.compile("\"" + field + "\"\\s*:\\s*(\\d+)").matcher(body);
        if (!count.find()) {
            throw new IllegalStateException("launcher admin API answered without " + field + ": " + body);
        }
        return Integer.parseInt(count.group(1));
    }

    private String send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = http.send(request.timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() / 100 != 2) {
                throw new IllegalStateException("launcher admin API answered " + response.statusCode() + ": " + response.body());
            }
            return response.body();
        } catch (IOException e) {
            throw new UncheckedIOException("launcher admin API unreachable", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    @Override
    public void close() {
        if (process != null) {
            process.close();
        }
    }
}
