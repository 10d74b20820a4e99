package com.example.lambdakit.telemetry;

import com.example.lambdakit.config.ConfigurationException;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The one structured-logging path of the functions: each call writes one JSON line with
 * {@code timestamp}, {@code level}, {@code service}, {@code message}, then the current
 * invocation's {@code function_request_id}, {@code function_name}, {@code function_version},
 * {@code cold_start} and {@code xray_trace_id} (the key names of Powertools for AWS Lambda
 * Logging, so that its Logs Insights queries work here; a name left out when unknown), then the
 * caller's fields. A line is written with one {@code println}, so concurrent lines never
 * interleave. Callers never pass card data, and no amount in a WARN or ERROR line.
 *
 * <p>A line below the log's {@linkplain #FunctionLog(PrintStream, Clock, String, Level, Level)
 * level} is not written. The log that {@linkplain #carryLibraryLines() carries the libraries'
 * lines} (in Lambda, the one each handler names first: {@link #librariesLogAs}) also writes what
 * the function's libraries log through SLF4J ({@link JsonLogProvider}), at or above its library
 * level, with the same members plus {@code logger}.
 */
public final class FunctionLog {

    /**
     * The severity of a line: Lambda's levels ("Log-level filtering", AWS Lambda Developer Guide,
     * https://docs.aws.amazon.com/lambda/latest/dg/monitoring-cloudwatchlogs-log-level.html),
     * least severe first. Our lines are INFO, WARN or ERROR; the libraries' also TRACE and DEBUG.
     */
    public enum Level {
        /** The libraries' finest detail. */
        TRACE,
        /** The libraries' diagnostics. */
        DEBUG,
        /** What happened: one line per decision. */
        INFO,
        /** What needs a look: a duplicate, a conflict, an outage fallen back from. */
        WARN,
        /** What failed. */
        ERROR,
        /** The most severe; EMF lines carry it, so that no filter drops them. */
        FATAL;

        /**
         * Whether a line of this level is written under {@code threshold}.
         *
         * @param threshold the least severe level written
         * @return whether this level is {@code threshold} or more severe
         */
        public boolean atLeast(Level threshold) {
            return compareTo(threshold) >= 0;
        }

        /**
         * The level {@code text} names, case-insensitive.
         *
         * @param variable the setting {@code text} was read from, named when it is no level
         * @param text     the setting's value
         * @return the level
         * @throws ConfigurationException naming {@code variable} when {@code text} is no level
         */
        public static Level parse(String variable, String text) {
            try {
                return valueOf(text.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new ConfigurationException(variable,
                        "must be one of TRACE, DEBUG, INFO, WARN, ERROR, FATAL, was " + text);
            }
        }
    }

    /** The log that carries the libraries' lines: the last one asked to, else one on stdout built from the environment. */
    private static volatile FunctionLog libraries;
    /** The invocation last begun by any log: the one the libraries' lines belong to. */
    private static volatile Invocation lastBegun = Invocation.OUTSIDE_LAMBDA;

    /** The caller's fields of one line. */
    @FunctionalInterface
    public interface Fields {
        /**
         * Adds the caller's fields to {@code line}.
         *
         * @param line the line being written
         * @throws IOException never, in practice: the line is written to memory
         */
        void write(LogLine line) throws IOException;
    }

    private final PrintStream out;
    private final Clock clock;
    private final String service;
    private final Level level;
    private final Level libraryLevel;
    private volatile Invocation invocation = Invocation.OUTSIDE_LAMBDA;

    /**
     * A log at {@link TelemetryConfig#DEFAULT_LOG_LEVEL}, libraries at {@link TelemetryConfig#DEFAULT_LIBRARY_LOG_LEVEL}.
     *
     * @param out     where the lines go (stdout in Lambda)
     * @param clock   the time stamped on each line
     * @param service the {@code service} field
     */
    public FunctionLog(PrintStream out, Clock clock, String service) {
        this(out, clock, service, TelemetryConfig.DEFAULT_LOG_LEVEL, TelemetryConfig.DEFAULT_LIBRARY_LOG_LEVEL);
    }

    /**
     * A log at the given levels.
     *
     * @param out          where the lines go (stdout in Lambda)
     * @param clock        the time stamped on each line
     * @param service      the {@code service} field
     * @param level        the least severe of the lines written
     * @param libraryLevel the least severe of the libraries' lines written, never below {@code level}
     */
    public FunctionLog(PrintStream out, Clock clock, String service, Level level, Level libraryLevel) {
        this.out = Objects.requireNonNull(out, "out");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.service = Objects.requireNonNull(service, "service");
        this.level = Objects.requireNonNull(level, "level");
        this.libraryLevel = Objects.requireNonNull(libraryLevel, "libraryLevel").atLeast(level) ? libraryLevel : level;
    }

    /**
     * The log {@code config} describes, on {@code out}.
     *
     * @param out    where the lines go (stdout in Lambda)
     * @param clock  the time stamped on each line
     * @param config the service and the levels
     * @return the log
     */
    public static FunctionLog of(PrintStream out, Clock clock, TelemetryConfig config) {
        return new FunctionLog(out, clock, config.service(), config.logLevel(), config.libraryLogLevel());
    }

    /**
     * Makes this log the one that writes the libraries' SLF4J lines, each stamped with the
     * invocation last begun: in Lambda, the log {@link #librariesLogAs} makes at init.
     */
    FunctionLog carryLibraryLines() {
        libraries = this;
        return this;
    }

    /**
     * Has the libraries' lines written as {@code service}'s on stdout from now on, at the levels
     * {@code environment} sets ({@link TelemetryConfig#from}), and returns {@code environment}. A
     * handler's no-arg constructor (Lambda's) calls it first, before it builds clients whose
     * builders may already log (the AWS SDK warns of a profile it ignores). The composition roots
     * do not take over: other receivers built in the process (the SnapStart priming's, on a null
     * stream; tests', on their buffers) must not capture the function's library lines.
     *
     * @param service     the service name when the environment sets none
     * @param environment the function's environment variables
     * @return {@code environment}, so that a constructor can pass it on in one expression
     */
    public static Map<String, String> librariesLogAs(String service, Map<String, String> environment) {
        of(System.out, Clock.systemUTC(), TelemetryConfig.from(environment, service, "")).carryLibraryLines();
        return environment;
    }

    /** The log that carries the libraries' lines; before any is named, one on stdout configured from the environment. */
    static FunctionLog libraries() {
        FunctionLog current = libraries;
        if (current == null) {
            synchronized (FunctionLog.class) {
                if (libraries == null) {
                    libraries = of(System.out, Clock.systemUTC(), TelemetryConfig.lenient(System.getenv()));
                }
                current = libraries;
            }
        }
        return current;
    }

    /**
     * Whether a line of {@code candidate} is written.
     *
     * @param candidate a line's level
     * @return whether it is at or above the log's level
     */
    public boolean enabled(Level candidate) {
        return candidate.atLeast(level);
    }

    /** Whether a library's line of {@code candidate} is written. */
    boolean libraryEnabled(Level candidate) {
        return candidate.atLeast(libraryLevel);
    }

    /**
     * The invocation whose lines follow (Lambda runs one invocation at a time per environment);
     * the libraries' lines are stamped with the invocation last begun by any log of the process.
     *
     * @param current the invocation that starts
     */
    public void begin(Invocation current) {
        this.invocation = Objects.requireNonNull(current, "current");
        lastBegun = current;
    }

    /**
     * The invocation lines are stamped with now.
     *
     * @return the one last {@linkplain #begin begun} on this log
     */
    public Invocation invocation() {
        return invocation;
    }

    /**
     * Writes one line, unless {@code lineLevel} is below the log's level.
     *
     * @param lineLevel the line's level
     * @param message   the {@code message} field: never card data, no amount at WARN or above
     * @param fields    the caller's fields, after the invocation's
     */
    public void write(Level lineLevel, String message, Fields fields) {
        if (enabled(lineLevel)) {
            out.println(line(lineLevel, message, json -> fields.write(new LogLine(json))));
        }
    }

    /** Writes one library line, unless {@code lineLevel} is below the libraries' level. */
    void writeLibraryLine(Level lineLevel, String message, JsonLine.Members members) {
        if (libraryEnabled(lineLevel)) {
            out.println(line(lineLevel, message, lastBegun, members));
        }
    }

    private String line(Level lineLevel, String message, JsonLine.Members members) {
        return line(lineLevel, message, invocation, members);
    }

    private String line(Level lineLevel, String message, Invocation current, JsonLine.Members members) {
        return JsonLine.of(line -> {
            line.text("timestamp", clock.instant().toString())
                    .text("level", lineLevel.name())
                    .text("service", service)
                    .text("message", message);
            invocationFields(line, current);
            members.write(line);
        });
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
