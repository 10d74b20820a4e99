package com.example.lambdakit.telemetry;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The metrics of one invocation, collected as it runs and written by {@link #flush} as
 * CloudWatch embedded-metric-format lines: a count is the sum of the invocation (one number),
 * a measured metric the list of its values (so that CloudWatch keeps percentiles). One line per invocation, unless a metric has more
 * than {@value #MAX_VALUES} values: the specification's limit per array, so the rest follow in
 * further lines. Every line has one directive in {@code Namespace} with the one dimension set
 * {@code [["Service"]]}, and carries the invocation's request id and trace id as plain members
 * (not dimensions). Safe to call from several threads.
 *
 * <p>Every line also carries {@code "level": "FATAL"} and an RFC 3339 {@code timestamp}, so that
 * Lambda's log-level filtering never drops it. With the function's log format JSON, Lambda
 * gives a line whose {@code level} is missing or invalid, or whose {@code timestamp} is not
 * valid RFC 3339, the level INFO, and sends only lines at the function's
 * {@code ApplicationLogLevel} or more severe ("Log-level filtering", AWS Lambda Developer Guide,
 * https://docs.aws.amazon.com/lambda/latest/dg/monitoring-cloudwatchlogs-log-level.html): an EMF
 * line without a level would be lost at WARN, and its metrics with it. FATAL is the most severe
 * level and the strictest {@code ApplicationLogLevel}, so every setting keeps it.
 *
 * <p>Format: "Specification: Embedded metric format", Amazon CloudWatch User Guide,
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html
 */
public final class EmfMetrics {

    /** The most values of one metric in one EMF line (the specification's limit). */
    static final int MAX_VALUES = 100;
    /** The level of every EMF line: the one no {@code ApplicationLogLevel} filters out. */
    static final FunctionLog.Level LEVEL = FunctionLog.Level.FATAL;
    /** The dimension every metric carries. */
    public static final String SERVICE_DIMENSION = "Service";

    private final PrintStream out;
    private final Clock clock;
    private final String namespace;
    private final String service;
    private final Set<Metric> catalogue;
    private final Map<Metric, Long> counts = new LinkedHashMap<>();
    private final Map<Metric, List<Double>> values = new LinkedHashMap<>();

    /**
     * An empty collection of one invocation's metrics.
     *
     * @param out       where the lines go (stdout in Lambda, where CloudWatch Logs extracts them)
     * @param clock     the {@code Timestamp} of each line
     * @param namespace the CloudWatch namespace
     * @param service   the value of the {@code Service} dimension
     * @param catalogue the only metrics it may emit (the function's {@code ALL})
     */
    public EmfMetrics(PrintStream out, Clock clock, String namespace, String service, List<Metric> catalogue) {
        this.out = Objects.requireNonNull(out, "out");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.namespace = Objects.requireNonNull(namespace, "namespace");
        this.service = Objects.requireNonNull(service, "service");
        this.catalogue = Set.copyOf(catalogue);
    }

    /**
     * Counts one more of {@code metric}, a {@link Metric.Unit#COUNT} metric summed over the invocation.
     *
     * @param metric a counted metric of the catalogue
     */
    public void count(Metric metric) {
        count(metric, 1);
    }

    /**
     * Counts {@code amount} more of {@code metric}, as {@link #count(Metric)}.
     *
     * @param metric a counted metric of the catalogue
     * @param amount at least 1
     */
    public void count(Metric metric, long amount) {
        if (amount < 1) {
            throw new IllegalArgumentException(metric.name() + " counted by " + amount + ": must be at least 1");
        }
        listed(metric);
        if (metric.unit() != Metric.Unit.COUNT) {
            throw new IllegalArgumentException(metric.name() + " is measured in " + metric.unit());
        }
        synchronized (this) {
            if (values.containsKey(metric)) {
                throw new IllegalArgumentException(metric.name() + " is measured, not counted");
            }
            counts.merge(metric, amount, Long::sum);
        }
    }

    /**
     * Records one value of {@code metric} (a latency, a size): every value is kept, for percentiles.
     *
     * @param metric a measured metric of the catalogue
     * @param value  in the metric's unit
     */
    public void measure(Metric metric, double value) {
        listed(metric);
        synchronized (this) {
            if (counts.containsKey(metric)) {
                throw new IllegalArgumentException(metric.name() + " is counted, not measured");
            }
            values.computeIfAbsent(metric, m -> new ArrayList<>()).add(value);
        }
    }

    private void listed(Metric metric) {
        if (!catalogue.contains(metric)) {
            throw new IllegalArgumentException(metric.name() + " is not in the function's catalogue of metrics");
        }
    }

    /**
     * Writes what was collected and starts afresh; nothing when empty.
     *
     * @param invocation the invocation the lines are stamped with
     */
    public void flush(Invocation invocation) {
        Map<Metric, Long> takenCounts;
        Map<Metric, List<Double>> takenValues;
        synchronized (this) {
            takenCounts = new LinkedHashMap<>(counts);
            takenValues = new LinkedHashMap<>(values);
            counts.clear();
            values.clear();
        }
        if (!takenCounts.isEmpty() || !takenValues.isEmpty()) {
            out.println(line(takenCounts, takenValues, 0, invocation));
        }
        for (int from = MAX_VALUES; ; from += MAX_VALUES) {
            int offset = from;
            takenValues.values().removeIf(list -> list.size() <= offset);
            if (takenValues.isEmpty()) {
                return;
            }
            out.println(line(Map.of(), takenValues, from, invocation));
        }
    }

    /** One line: the counts, and the values of each measured metric from index {@code from}, at most {@value #MAX_VALUES}. */
    private String line(Map<Metric, Long> lineCounts, Map<Metric, List<Double>> lineValues, int from,
                        Invocation invocation) {
        List<Metric> metrics = new ArrayList<>(lineCounts.keySet());
        metrics.addAll(lineValues.keySet());
        Instant now = clock.instant();
        return JsonLine.of(line -> {
            line.text("timestamp", now.toString()).text("level", LEVEL.name());
            JsonGenerator g = line.generator();
            g.writeObjectFieldStart("_aws");
            g.writeNumberField("Timestamp", now.toEpochMilli());
            g.writeArrayFieldStart("CloudWatchMetrics");
            g.writeStartObject();
            g.writeStringField("Namespace", namespace);
            g.writeArrayFieldStart("Dimensions");
            g.writeStartArray();
            g.writeString(SERVICE_DIMENSION);
            g.writeEndArray();
            g.writeEndArray();
            g.writeArrayFieldStart("Metrics");
            for (Metric metric : metrics) {
                g.writeStartObject();
                g.writeStringField("Name", metric.name());
                g.writeStringField("Unit", metric.unit().cloudWatchName());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeEndArray();
            g.writeEndObject();
            line.text(SERVICE_DIMENSION, service);
            for (Map.Entry<Metric, Long> count : lineCounts.entrySet()) {
                g.writeNumberField(count.getKey().name(), count.getValue());
            }
            for (Map.Entry<Metric, List<Double>> measured : lineValues.entrySet()) {
                List<Double> all = measured.getValue();
                g.writeArrayFieldStart(measured.getKey().name());
                for (double value : all.subList(from, Math.min(from + MAX_VALUES, all.size()))) {
                    g.writeNumber(value);
                }
                g.writeEndArray();
            }
            FunctionLog.invocationFields(line, invocation);
        });
    }
}
