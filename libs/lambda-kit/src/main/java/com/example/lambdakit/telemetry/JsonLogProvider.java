package com.example.lambdakit.telemetry;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Logger;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.NOPMDCAdapter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * The SLF4J 2 provider of the function jars (registered in
 * {@code META-INF/services/org.slf4j.spi.SLF4JServiceProvider}, which SLF4J 2 finds with
 * {@link java.util.ServiceLoader}): what the libraries log (AWS SDK, Jedis, Powertools) becomes
 * JSON lines of the function's {@link FunctionLog}, with its members ({@code timestamp},
 * {@code level}, {@code service}, {@code message}, the invocation's) and {@code logger}, the
 * library's logger name, and an {@code error} object when a throwable is logged; so one
 * invocation writes one stream of JSON lines. Lines below the libraries' level
 * ({@link TelemetryConfig#LIBRARY_LOG_LEVEL}, WARN by default) are not written; markers and the
 * MDC are ignored.
 */
public final class JsonLogProvider implements SLF4JServiceProvider {

    /** The SLF4J API this provider is written against. */
    private static final String REQUESTED_API_VERSION = "2.0.99";

    /** What SLF4J's {@link java.util.ServiceLoader} calls: one provider per process. */
    public JsonLogProvider() {
        // the loggers are made on demand, each looking the function's log up at each line
    }

    private final IMarkerFactory markers = new BasicMarkerFactory();
    private final MDCAdapter mdc = new NOPMDCAdapter();
    private final ILoggerFactory loggers = new Loggers();

    @Override
    public ILoggerFactory getLoggerFactory() {
        return loggers;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return REQUESTED_API_VERSION;
    }

    @Override
    public void initialize() {
        // Nothing to read here: the lines go through the function's log, looked up at each line.
    }

    /** One logger per name, as SLF4J expects of a factory. */
    private static final class Loggers implements ILoggerFactory {
        private final Map<String, Logger> byName = new ConcurrentHashMap<>();

        @Override
        public Logger getLogger(String name) {
            return byName.computeIfAbsent(name, LibraryLogger::new);
        }
    }
}
