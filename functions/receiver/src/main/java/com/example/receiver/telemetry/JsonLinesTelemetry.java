package com.example.receiver.telemetry;

import com.example.receiver.MessageReport;
import com.example.receiver.Outcome;
import com.example.receiver.Telemetry;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Writes, for each message, one structured log line and one EMF metrics line.
 *
 * <p>Log lines carry the key, the message id, the outcome and the latency; never a payload
 * value (no card data, no amounts): a conflict names both fingerprints, a rejection the field
 * and the rule. Each line is written with a single {@code println}, so lines of concurrent
 * messages never interleave.
 */
public final class JsonLinesTelemetry implements Telemetry {

    private static final JsonFactory JSON = new JsonFactory();

    private final PrintStream out;
    private final Clock clock;
    private final String namespace;
    private final String service;
    private final String keyField;

    /**
     * @param out       where the lines go (stdout in Lambda)
     * @param clock     the time stamped on each line
     * @param namespace the CloudWatch metrics namespace
     * @param service   the value of the {@code Service} dimension and log field
     * @param keyField  the log field that names the idempotency key, e.g. {@code txn_id}
     */
    public JsonLinesTelemetry(PrintStream out, Clock clock, String namespace, String service, String keyField) {
        this.out = Objects.requireNonNull(out, "out");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.namespace = Objects.requireNonNull(namespace, "namespace");
        this.service = Objects.requireNonNull(service, "service");
        this.keyField = Objects.requireNonNull(keyField, "keyField");
    }

    @Override
    public void decided(MessageReport report) {
        out.println(logLine(report));
        out.println(metricsLine(outcomeMetric(report.outcome()), report.storeLatency()));
    }

    @Override
    public void fastPathUnavailable(String cause) {
        out.println(json(g -> {
            common(g, "WARN", "Fast path unavailable, falling through to the store");
            g.writeStringField("cause", cause);
        }));
        out.println(json(g -> emf(g, List.of("FastPathUnavailable"), Optional.empty())));
    }

    @Override
    public void fastPathSignatureInvalid(int values) {
        out.println(json(g -> {
            common(g, "WARN", "Fast path value without a valid signature ignored, falling through to the store");
            g.writeNumberField("values", values);
        }));
        for (int i = 0; i < values; i++) {
            out.println(json(g -> emf(g, List.of("FastPathSignatureInvalid"), Optional.empty())));
        }
    }

    /** The metric counted for an outcome; the duplicate rate sums the four Duplicate* ones. */
    static String outcomeMetric(Outcome outcome) {
        return switch (outcome) {
            case Outcome.Approved a -> "Approved";
            case Outcome.Declined d -> "Declined";
            case Outcome.Duplicate d -> switch (d.source()) {
                case FAST_PATH -> "DuplicateFastPath";
                case STORE -> "DuplicateStore";
                case LATE -> "DuplicateLate";
                case IN_BATCH -> "DuplicateInBatch";
            };
            case Outcome.Conflict c -> "Conflict";
            case Outcome.Rejected r -> "Rejected";
            case Outcome.Retry r -> "Retry";
        };
    }

    private String logLine(MessageReport report) {
        String key = report.key().map(Object::toString).orElse("");
        return json(g -> {
            Outcome outcome = report.outcome();
            common(g, level(outcome), message(outcome, key));
            if (!key.isEmpty()) {
                g.writeStringField(keyField, key);
            }
            g.writeStringField("message_id", report.messageId());
            g.writeStringField("outcome", outcome.label());
            details(g, outcome);
            g.writeNumberField("latency_ms", millis(report.latency()));
            if (report.storeLatency().isPresent()) {
                g.writeNumberField("store_latency_ms", millis(report.storeLatency().get()));
            }
        });
    }

    private static String level(Outcome outcome) {
        return switch (outcome) {
            case Outcome.Approved a -> "INFO";
            case Outcome.Declined d -> "INFO";
            case Outcome.Duplicate d -> "WARN";
            case Outcome.Conflict c -> "WARN";
            case Outcome.Rejected r -> "WARN";
            case Outcome.Retry r -> "WARN";
        };
    }

    private String message(Outcome outcome, String key) {
        String suffix = key.isEmpty() ? "" : ", " + keyField + "=" + key;
        return switch (outcome) {
            case Outcome.Approved a -> "Message approved" + suffix;
            case Outcome.Declined d -> "Message declined" + suffix;
            case Outcome.Duplicate d -> "Duplicate message discarded" + suffix;
            case Outcome.Conflict c -> "Conflicting message: same key, different fingerprint" + suffix;
            case Outcome.Rejected r -> "Message rejected: " + r.field() + " " + r.rule();
            case Outcome.Retry r -> "Message returned for retry" + suffix;
        };
    }

    private static void details(JsonGenerator g, Outcome outcome) throws IOException {
        switch (outcome) {
            case Outcome.Approved a -> { }
            case Outcome.Declined d -> g.writeStringField("reason", d.reason());
            case Outcome.Duplicate d -> {
                g.writeStringField("source", d.source().name());
                g.writeStringField("original", d.original().toString());
            }
            case Outcome.Conflict c -> {
                g.writeStringField("stored_fingerprint", c.stored().hex());
                g.writeStringField("received_fingerprint", c.received().hex());
            }
            case Outcome.Rejected r -> {
                g.writeStringField("field", r.field());
                g.writeStringField("rule", r.rule());
            }
            case Outcome.Retry r -> g.writeStringField("cause", r.cause());
        }
    }

    private String metricsLine(String outcomeMetric, Optional<Duration> storeLatency) {
        List<String> counts = List.of("Received", outcomeMetric);
        return json(g -> emf(g, counts, storeLatency));
    }

    private void emf(JsonGenerator g, List<String> counts, Optional<Duration> storeLatency)
            throws IOException {
        List<String[]> metrics = new ArrayList<>();
        counts.forEach(name -> metrics.add(new String[] {name, "Count"}));
        storeLatency.ifPresent(d -> metrics.add(new String[] {"StoreLatency", "Milliseconds"}));
        g.writeObjectFieldStart("_aws");
        g.writeNumberField("Timestamp", clock.millis());
        g.writeArrayFieldStart("CloudWatchMetrics");
        g.writeStartObject();
        g.writeStringField("Namespace", namespace);
        g.writeArrayFieldStart("Dimensions");
        g.writeStartArray();
        g.writeString("Service");
        g.writeEndArray();
        g.writeEndArray();
        g.writeArrayFieldStart("Metrics");
        for (String[] metric : metrics) {
            g.writeStartObject();
            g.writeStringField("Name", metric[0]);
            g.writeStringField("Unit", metric[1]);
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
        g.writeEndArray();
        g.writeEndObject();
        g.writeStringField("Service", service);
        for (String name : counts) {
            g.writeNumberField(name, 1);
        }
        if (storeLatency.isPresent()) {
            g.writeNumberField("StoreLatency", millis(storeLatency.get()));
        }
    }

    private void common(JsonGenerator g, String level, String message) throws IOException {
        g.writeStringField("timestamp", clock.instant().toString());
        g.writeStringField("level", level);
        g.writeStringField("service", service);
        g.writeStringField("message", message);
    }

    private static double millis(Duration duration) {
        return Math.round(duration.toNanos() / 10_000.0) / 100.0;
    }

    @FunctionalInterface
    private interface Fields {
        void write(JsonGenerator generator) throws IOException;
    }

    private static String json(Fields fields) {
        StringWriter text = new StringWriter(256);
        try (JsonGenerator g = JSON.createGenerator(text)) {
            g.writeStartObject();
            fields.write(g);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("writing to a StringWriter cannot fail", e);
        }
        return text.toString();
    }
}
