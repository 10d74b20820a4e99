package com.example.receiver.internal.telemetry;

import com.example.lambdakit.telemetry.EmfMetrics;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.lambdakit.telemetry.LogLine;
import com.example.lambdakit.telemetry.Invocation;
import com.example.lambdakit.telemetry.Metric;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.receiver.Outcome;
import com.example.receiver.internal.DeadLetter;
import com.example.receiver.internal.MessageReport;
import com.example.receiver.internal.Telemetry;
import com.example.receiver.lambda.ReceiverMetrics;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Writes one structured log line per message ({@link FunctionLog}) and, once per invocation,
 * the invocation's counts per outcome (a retry for contention or throttling counted besides as
 * {@code Contended} or {@code Throttled}) and its store latencies as EMF ({@link EmfMetrics},
 * metrics {@link ReceiverMetrics}).
 *
 * <p>Log lines carry the key, the message id, the outcome and the latency; never a payload
 * value (no card data, no amounts): a conflict names both fingerprints, a rejection the field
 * and the rule, and either says {@code "dead_lettered": true} once it is in the dead-letter
 * queue (counted as {@code DeadLettered} too).
 */
public final class JsonLinesTelemetry implements Telemetry {

    private final FunctionLog log;
    private final EmfMetrics metrics;
    private final String keyField;

    /**
     * Lines at the default levels.
     *
     * @param out       where the lines go (stdout in Lambda)
     * @param clock     the time stamped on each line
     * @param namespace the CloudWatch metrics namespace
     * @param service   the value of the {@code Service} dimension and log field
     * @param keyField  the log field that names the idempotency key, e.g. {@code txn_id}
     */
    public JsonLinesTelemetry(PrintStream out, Clock clock, String namespace, String service, String keyField) {
        this(out, clock, TelemetryConfig.defaults(service, namespace), keyField);
    }

    /**
     * Lines as {@code config} sets them.
     *
     * @param out      where the lines go (stdout in Lambda)
     * @param clock    the time stamped on each line
     * @param config   the service, namespace and log levels ({@link TelemetryConfig#from})
     * @param keyField the log field that names the idempotency key, e.g. {@code txn_id}
     */
    public JsonLinesTelemetry(PrintStream out, Clock clock, TelemetryConfig config, String keyField) {
        this.log = FunctionLog.of(out, clock, config);
        this.metrics = new EmfMetrics(out, clock, config.metricsNamespace(), config.service(), ReceiverMetrics.ALL);
        this.keyField = Objects.requireNonNull(keyField, "keyField");
    }

    /**
     * The log its lines go through, stamped with the current invocation: the function's other
     * parts (the fast path's signing key, soon redelivery) write their own lines with it.
     *
     * @return the log
     */
    public FunctionLog log() {
        return log;
    }

    @Override
    public void invocationStarted(Invocation invocation) {
        log.begin(invocation);
    }

    @Override
    public void decided(MessageReport report) {
        Outcome outcome = report.outcome();
        String key = report.key().map(Object::toString).orElse("");
        log.write(level(outcome), message(outcome, key), line -> {
            if (!key.isEmpty()) {
                line.text(keyField, key);
            }
            line.text("message_id", report.messageId()).text("outcome", outcome.label());
            details(line, outcome);
            if (report.deadLettered()) {
                line.flag("dead_lettered", true);
            }
            line.number("latency_ms", millis(report.latency()));
            if (report.storeLatency().isPresent()) {
                line.number("store_latency_ms", millis(report.storeLatency().get()));
            }
        });
        metrics.count(ReceiverMetrics.RECEIVED);
        metrics.count(outcomeMetric(outcome));
        if (report.deadLettered()) {
            metrics.count(ReceiverMetrics.DEAD_LETTERED);
        }
        causeMetric(outcome).ifPresent(metrics::count);
        report.storeLatency().ifPresent(latency -> metrics.measure(ReceiverMetrics.STORE_LATENCY, millis(latency)));
    }

    @Override
    public void fastPathUnavailable(String cause) {
        log.write(FunctionLog.Level.WARN, "Fast path unavailable, falling through to the store",
                line -> line.text("cause", cause));
        metrics.count(ReceiverMetrics.FAST_PATH_UNAVAILABLE);
    }

    @Override
    public void fastPathSignatureInvalid(int values) {
        log.write(FunctionLog.Level.WARN, "Fast path value without a valid signature ignored, falling through to the store",
                line -> line.number("values", values));
        metrics.count(ReceiverMetrics.FAST_PATH_SIGNATURE_INVALID, values);
    }

    /** Counted only: the failed read of the key wrote its own line, once, not once per invocation. */
    @Override
    public void fastPathKeyUnavailable() {
        metrics.count(ReceiverMetrics.FAST_PATH_KEY_UNAVAILABLE);
    }

    /** Counted only: each message wrote its RETRY line, and the failed read of the keys its own line. */
    @Override
    public void producerKeysUnavailable(int messages) {
        metrics.count(ReceiverMetrics.PRODUCER_KEYS_UNAVAILABLE, messages);
    }

    @Override
    public void invocationEnded() {
        metrics.flush(log.invocation());
    }

    /** The metric counted for an outcome; the duplicate rate sums the four Duplicate* ones. */
    static Metric outcomeMetric(Outcome outcome) {
        return switch (outcome) {
            case Outcome.Approved a -> ReceiverMetrics.APPROVED;
            case Outcome.Declined d -> ReceiverMetrics.DECLINED;
            case Outcome.Duplicate d -> switch (d.source()) {
                case FAST_PATH -> ReceiverMetrics.DUPLICATE_FAST_PATH;
                case STORE -> ReceiverMetrics.DUPLICATE_STORE;
                case LATE -> ReceiverMetrics.DUPLICATE_LATE;
                case IN_BATCH -> ReceiverMetrics.DUPLICATE_IN_BATCH;
            };
            case Outcome.Conflict c -> ReceiverMetrics.CONFLICT;
            case Outcome.Rejected r -> ReceiverMetrics.REJECTED;
            case Outcome.Retry r -> ReceiverMetrics.RETRY;
        };
    }

    /** The count a retry adds beside {@code Retry}, by its cause: the hot-account signs. */
    static Optional<Metric> causeMetric(Outcome outcome) {
        if (!(outcome instanceof Outcome.Retry retry)) {
            return Optional.empty();
        }
        return switch (retry.cause()) {
            case CONTENTION -> Optional.of(ReceiverMetrics.CONTENDED);
            case THROTTLING -> Optional.of(ReceiverMetrics.THROTTLED);
            case OUT_OF_TIME, FAILURE -> Optional.empty();
        };
    }

    private static FunctionLog.Level level(Outcome outcome) {
        return switch (outcome) {
            case Outcome.Approved a -> FunctionLog.Level.INFO;
            case Outcome.Declined d -> FunctionLog.Level.INFO;
            case Outcome.Duplicate d -> FunctionLog.Level.WARN;
            case Outcome.Conflict c -> FunctionLog.Level.WARN;
            case Outcome.Rejected r -> FunctionLog.Level.WARN;
            case Outcome.Retry r -> FunctionLog.Level.WARN;
        };
    }

    private String message(Outcome outcome, String key) {
        String suffix = key.isEmpty() ? "" : ", " + keyField + "=" + key;
        return switch (outcome) {
            case Outcome.Approved a -> "Message approved" + suffix;
            case Outcome.Declined d -> "Message declined" + suffix;
            case Outcome.Duplicate d -> "Duplicate message discarded" + suffix;
            case Outcome.Conflict c -> "Conflicting message: " + DeadLetter.CONFLICT + suffix;
            case Outcome.Rejected r -> "Message rejected: " + r.field() + " " + r.rule();
            case Outcome.Retry r -> "Message returned for retry" + suffix;
        };
    }

    private static void details(LogLine line, Outcome outcome) throws IOException {
        switch (outcome) {
            case Outcome.Approved a -> { }
            case Outcome.Declined d -> line.text("reason", d.reason());
            case Outcome.Duplicate d -> {
                line.text("source", d.source().name());
                line.text("original", d.original().toString());
            }
            case Outcome.Conflict c -> {
                line.text("reason", DeadLetter.reasonOf(c));
                line.text("stored_fingerprint", c.stored().hex());
                line.text("received_fingerprint", c.received().hex());
            }
            case Outcome.Rejected r -> {
                line.text("reason", DeadLetter.reasonOf(r));
                line.text("field", r.field());
                line.text("rule", r.rule());
            }
            case Outcome.Retry r -> {
                line.text("cause", r.cause().name());
                line.text("detail", r.detail());
            }
        }
    }

    private static double millis(Duration duration) {
        return Math.round(duration.toNanos() / 10_000.0) / 100.0;
    }
}
