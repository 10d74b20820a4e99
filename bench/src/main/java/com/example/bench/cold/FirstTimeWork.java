package com.example.bench.cold;

import com.example.receiver.Outcome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;

/**
 * The first-time work of a batch, split into its parts from a JDK Flight Recorder recording of the
 * runtime JVM: the JVM's own events (class loading, JIT compilation, TLS handshakes) and JDK 25's
 * method tracing (JEP 520: {@code jdk.MethodTrace}, each call of a named method with its duration
 * and stack) of the methods each part runs in. A batch is one call of the handler's
 * {@code handleRequest}; a part's time is what its events inside that call took, summed over
 * threads (the lanes run in parallel) and, for a method that calls itself or an overload, counted
 * once (the outermost call). Parts overlap (classes load during a handshake, a Secrets Manager read
 * holds its own TLS handshake): they are not to be added up.
 *
 * <p>The recording costs the traced runtime time of its own (JFR's start, the instrumented
 * methods): its figures are for splitting a batch, never for comparing with the untraced variants'.
 */
final class FirstTimeWork {

    static final String HANDLER = "com.example.payment.authorizer.PaymentAuthorizerHandler::handleRequest";
    private static final String HANDSHAKE = "sun.security.ssl.SSLSocketImpl::startHandshake";
    private static final String CONNECT = "java.net.Socket::connect";
    /** A frame of the library's fast path (not its API): its package from the library's public root. */
    private static final String TOPOLOGY = Outcome.class.getPackageName() + ".internal.redis.ClusterTopology::provider";
    private static final String CREDENTIALS = "software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider::resolveCredentials";
    private static final String MARSHALL = "software.amazon.awssdk.protocols.json.internal.marshall.JsonProtocolMarshaller::marshall";
    private static final String UNMARSHALL = "software.amazon.awssdk.protocols.json.internal.unmarshall.JsonProtocolUnmarshaller::unmarshall";
    private static final String SIGN = "software.amazon.awssdk.http.auth.aws.internal.signer.DefaultAwsV4HttpSigner::sign";
    private static final String SECRET = "software.amazon.awssdk.services.secretsmanager.DefaultSecretsManagerClient::getSecretValue";
    private static final String HTTP_EXCHANGE = "software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient$RequestCallable::call";
    private static final List<String> TRACED = List.of(HANDLER, HANDSHAKE, CONNECT, TOPOLOGY, CREDENTIALS, MARSHALL,
            UNMARSHALL, SIGN, SECRET, HTTP_EXCHANGE);

    /** The parts, in the order the report shows them. */
    static final String CLASS_LOADING = "class loading";
    static final String CLASSES = "classes loaded";
    static final String JIT = "JIT (compiler threads)";
    static final String TCP = "TCP connects";
    static final String TLS_DYNAMODB = "TLS: DynamoDB";
    static final String TLS_SQS = "TLS: SQS";
    static final String TLS_SECRETS = "TLS: Secrets Manager";
    /** Then {@code "TLS: Redis node 1"} and on, in the order the batch first reached each. */
    static final String TLS_REDIS = "TLS: Redis node ";
    static final String CLUSTER_SLOTS = "cluster topology";
    static final String CREDENTIALS_PART = "credentials";
    static final String MARSHALLING = "SDK marshalling";
    static final String UNMARSHALLING = "SDK unmarshalling";
    static final String SIGNING = "SDK signing";
    static final String SECRET_READ = "Secrets Manager read";
    static final String DYNAMODB_EXCHANGES = "DynamoDB HTTP exchanges";
    /**
     * The wall time the batch spent setting up what a restored environment must set up anew: TCP
     * connects, TLS handshakes, the cluster topology, the Secrets Manager read, their intervals
     * merged (on any thread, so none is counted twice).
     */
    static final String SETUP = "connection set-up (wall)";

    private FirstTimeWork() {
    }

    /**
     * The runtime JVM's options that record what {@link #batches} reads, in memory until
     * {@code jcmd JFR.dump} writes it ({@link RuntimeProcess#dumpFlightRecording}: the runtime never
     * exits on its own under the emulator).
     */
    static String jvmOptions() {
        String events = String.join(",",
                "+jdk.ClassLoad#enabled=true", "+jdk.ClassLoad#threshold=0ms", "+jdk.ClassLoad#stackTrace=false",
                "+jdk.Compilation#enabled=true", "+jdk.Compilation#threshold=0ms",
                "+jdk.TLSHandshake#enabled=true", "+jdk.TLSHandshake#stackTrace=false",
                "+jdk.MethodTrace#enabled=true", "+jdk.MethodTrace#threshold=0ms", "+jdk.MethodTrace#stackTrace=true",
                "+jdk.MethodTrace#filter=" + String.join(";", TRACED));
        return "-XX:FlightRecorderOptions:stackdepth=256 -XX:StartFlightRecording:settings=none," + events;
    }

    /** Each batch's parts, in ms ({@link #CLASSES} a count), in the order the handler ran them. */
    static List<Map<String, Double>> batches(Path recording) {
        List<RecordedEvent> events;
        try {
            events = RecordingFile.readAllEvents(recording);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the recording " + recording, e);
        }
        List<RecordedEvent> calls = outermost(events.stream().filter(traced(HANDLER)).toList());
        List<Map<String, Double>> batches = new ArrayList<>();
        for (RecordedEvent call : calls.stream().sorted(Comparator.comparing(RecordedEvent::getStartTime)).toList()) {
            List<RecordedEvent> inside = events.stream()
                    .filter(event -> !event.getStartTime().isBefore(call.getStartTime()) && !event.getStartTime().isAfter(call.getEndTime()))
                    .toList();
            batches.add(parts(inside));
        }
        return batches;
    }

    private static Map<String, Double> parts(List<RecordedEvent> batch) {
        Map<String, Double> parts = new LinkedHashMap<>();
        List<RecordedEvent> classLoads = outermost(batch.stream().filter(event -> is(event, "jdk.ClassLoad")).toList());
        parts.put(CLASS_LOADING, ms(classLoads));
        parts.put(CLASSES, (double) batch.stream().filter(event -> is(event, "jdk.ClassLoad")).count());
        parts.put(JIT, ms(batch.stream().filter(event -> is(event, "jdk.Compilation")).toList()));
        parts.put(TCP, ms(outermost(batch.stream().filter(traced(CONNECT)).toList())));
        List<RecordedEvent> handshakes = outermost(batch.stream().filter(traced(HANDSHAKE)).toList());
        parts.put(TLS_DYNAMODB, ms(handshakes.stream().filter(calledBy("dynamodb")).toList()));
        parts.put(TLS_SQS, ms(handshakes.stream().filter(calledBy(".sqs.")).toList()));
        parts.put(TLS_SECRETS, ms(handshakes.stream().filter(calledBy("secretsmanager")).toList()));
        Map<Integer, Double> redisNodes = new LinkedHashMap<>();
        for (RecordedEvent handshake : handshakes.stream().filter(calledBy("redis.clients")).toList()) {
            int port = peerPort(handshake, batch).orElse(-1);
            redisNodes.merge(port, ms(List.of(handshake)), Double::sum);
        }
        int node = 1;
        for (double took : redisNodes.values()) {
            parts.put(TLS_REDIS + node++, took);
        }
        parts.put(CLUSTER_SLOTS, ms(outermost(batch.stream().filter(traced(TOPOLOGY)).toList())));
        parts.put(CREDENTIALS_PART, ms(outermost(batch.stream().filter(traced(CREDENTIALS)).toList())));
        parts.put(MARSHALLING, ms(outermost(batch.stream().filter(traced(MARSHALL)).toList())));
        parts.put(UNMARSHALLING, ms(outermost(batch.stream().filter(traced(UNMARSHALL)).toList())));
        parts.put(SIGNING, ms(outermost(batch.stream().filter(traced(SIGN)).toList())));
        parts.put(SECRET_READ, ms(outermost(batch.stream().filter(traced(SECRET)).toList())));
        parts.put(DYNAMODB_EXCHANGES, ms(outermost(batch.stream().filter(traced(HTTP_EXCHANGE)).filter(calledBy("dynamodb")).toList())));
        parts.put(SETUP, wallMs(batch.stream()
                .filter(traced(CONNECT).or(traced(HANDSHAKE)).or(traced(TOPOLOGY)).or(traced(SECRET))).toList()));
        return parts;
    }

    /** The time the events' intervals cover, merged. */
    private static double wallMs(List<RecordedEvent> events) {
        Duration covered = Duration.ZERO;
        Instant end = Instant.MIN;
        for (RecordedEvent event : events.stream().sorted(Comparator.comparing(RecordedEvent::getStartTime)).toList()) {
            Instant start = event.getStartTime().isAfter(end) ? event.getStartTime() : end;
            if (event.getEndTime().isAfter(start)) {
                covered = covered.plus(Duration.between(start, event.getEndTime()));
                end = event.getEndTime();
            }
        }
        return covered.toNanos() / 1e6;
    }

    /** The peer of a handshake: the {@code jdk.TLSHandshake} its thread committed as it ended. */
    private static Optional<Integer> peerPort(RecordedEvent handshake, List<RecordedEvent> batch) {
        return batch.stream()
                .filter(event -> is(event, "jdk.TLSHandshake") && sameThread(event, handshake)
                        && !event.getStartTime().isBefore(handshake.getStartTime())
                        && !event.getStartTime().isAfter(handshake.getEndTime()))
                .map(event -> event.getInt("peerPort"))
                .findFirst();
    }

    private static boolean is(RecordedEvent event, String type) {
        return event.getEventType().getName().equals(type);
    }

    private static Predicate<RecordedEvent> traced(String method) {
        String type = method.substring(0, method.indexOf("::"));
        String name = method.substring(method.indexOf("::") + 2);
        return event -> {
            if (!is(event, "jdk.MethodTrace")) {
                return false;
            }
            RecordedMethod traced = event.getValue("method");
            return traced.getType().getName().equals(type) && traced.getName().equals(name);
        };
    }

    /** Whether a frame of the event's stack belongs to a class whose name holds {@code fragment}. */
    private static Predicate<RecordedEvent> calledBy(String fragment) {
        return event -> event.getStackTrace() != null && event.getStackTrace().getFrames().stream()
                .map(RecordedFrame::getMethod)
                .anyMatch(method -> method.getType().getName().toLowerCase().contains(fragment));
    }

    /** The events not inside another of the list on the same thread: a call counted once, not per nested overload. */
    private static List<RecordedEvent> outermost(List<RecordedEvent> events) {
        Map<Long, List<RecordedEvent>> byThread = events.stream()
                .collect(Collectors.groupingBy(event -> event.getThread() == null ? -1 : event.getThread().getId()));
        List<RecordedEvent> kept = new ArrayList<>();
        for (List<RecordedEvent> thread : byThread.values()) {
            Instant end = Instant.MIN;
            for (RecordedEvent event : thread.stream().sorted(Comparator.comparing(RecordedEvent::getStartTime)
                    .thenComparing(RecordedEvent::getDuration, Comparator.reverseOrder())).toList()) {
                if (!event.getStartTime().isBefore(end)) {
                    kept.add(event);
                    end = event.getEndTime();
                } else if (event.getEndTime().isAfter(end)) {
                    end = event.getEndTime();
                }
            }
        }
        return kept;
    }

    private static boolean sameThread(RecordedEvent a, RecordedEvent b) {
        return a.getThread() != null && b.getThread() != null && a.getThread().getId() == b.getThread().getId();
    }

    private static double ms(List<RecordedEvent> events) {
        return events.stream().map(RecordedEvent::getDuration).reduce(Duration.ZERO, Duration::plus).toNanos() / 1e6;
    }
}
