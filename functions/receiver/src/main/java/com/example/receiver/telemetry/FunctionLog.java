package com.example.receiver.telemetry;

import com.example.receiver.Invocation;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.util.Objects;

/**
 * The one structured-logging path of the functions: each call writes one JSON line with
 * {@code timestamp}, {@code level}, {@code service}, {@code message}, then the current
 * invocation's {@code function_request_id}, {@code function_name}, {@code function_version},
 * {@code cold_start} and {@code xray_trace_id} (the key names of Powertools for AWS Lambda
 * Logging, so that its Logs Insights queries work here; a name left out when unknown), then the
 * caller's fields. A line is written with one {@code println}, so concurrent lines never
 * interleave. Callers never pass card data, and no amount in a WARN or ERROR line.
 */
public final class FunctionLog {

    /** The severity of a line. */
    public enum Level { INFO, WARN, ERROR }

    /** The caller's fields of one line. */
    @FunctionalInterface
    public interface Fields {
        void write(Line line) throws IOException;
    }

    /** Adds fields to the line being written. */
    public static final class Line {
        private final JsonLine json;

        private Line(JsonLine json) {
            this.json = json;
        }

        public Line text(String name, String value) throws IOException {
            json.text(name, value == null ? "" : value);
            return this;
        }

        public Line number(String name, double value) throws IOException {
            json.number(name, value);
            return this;
        }

        public Line flag(String name, boolean value) throws IOException {
            json.flag(name, value);
            return this;
        }
    }

    private final PrintStream out;
    private final Clock clock;
    private final String service;
    private volatile Invocation invocation = Invocation.OUTSIDE_LAMBDA;

    /**
     * @param out     where the lines go (stdout in Lambda)
     * @param clock   the time stamped on each line
     * @param service the {@code service} field
     */
    public FunctionLog(PrintStream out, Clock clock, String service) {
        this.out = Objects.requireNonNull(out, "out");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.service = Objects.requireNonNull(service, "service");
    }

    /** The invocation whose lines follow (Lambda runs one invocation at a time per environment). */
    public void begin(Invocation current) {
        this.invocation = Objects.requireNonNull(current, "current");
    }

    /** The invocation lines are stamped with now. */
    Invocation invocation() {
        return invocation;
    }

    /** Writes one line. */
    public void write(Level level, String message, Fields fields) {
        Invocation current = invocation;
        out.println(JsonLine.of(line -> {
            line.text("timestamp", clock.instant().toString())
                    .text("level", level.name())
                    .text("service", service)
                    .text("message", message);
            invocationFields(line, current);
            fields.write(new Line(line));
        }));
    }

    /** The invocation's members, shared with the EMF lines; each left out when unknown. */
    static void invocationFields(JsonLine line, Invocation current) throws IOException {
        if (!current.requestId().isEmpty()) {
            line.text("function_request_id", current.requestId());
        }
        if (!current.functionName().isEmpty()) {
            line.text("function_name", current.functionName());
        }
        if (!current.functionVersion().isEmpty()) {
            line.text("function_version", current.functionVersion());
        }
        line.flag("cold_start", current.coldStart());
        if (current.traceId().isPresent()) {
            line.text("xray_trace_id", current.traceId().get());
        }
    }
}
