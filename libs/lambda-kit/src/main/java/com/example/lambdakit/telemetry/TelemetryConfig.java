package com.example.lambdakit.telemetry;

import com.example.lambdakit.config.ConfigurationException;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What names a function's logs and metrics, and which lines it writes, read from its environment.
 * Each setting has our variable and the one Powertools for AWS Lambda users set; ours wins when
 * both are set:
 * <ul>
 *   <li>the {@code service} log field and {@code Service} dimension: {@value #SERVICE_NAME}, else
 *       {@value #POWERTOOLS_SERVICE_NAME}, else the function's own name;</li>
 *   <li>the CloudWatch namespace: {@value #METRICS_NAMESPACE}, else
 *       {@value #POWERTOOLS_METRICS_NAMESPACE}, else the function's default;</li>
 *   <li>the log level: {@value #LOG_LEVEL}, else {@value #AWS_LAMBDA_LOG_LEVEL} (which Lambda sets
 *       from the function's {@code ApplicationLogLevel}), else {@value #POWERTOOLS_LOG_LEVEL}, else
 *       {@link #DEFAULT_LOG_LEVEL}: after ours, the order of Powertools for AWS Lambda (Java)
 *       ("Priority of log level settings", https://docs.powertools.aws.dev/lambda/java/core/logging/);</li>
 *   <li>the libraries' level (AWS SDK, Jedis, Powertools, through SLF4J):
 *       {@value #LIBRARY_LOG_LEVEL}, else {@link #DEFAULT_LIBRARY_LOG_LEVEL}, never below the log level.</li>
 * </ul>
 *
 * @param service         the {@code service} field and {@code Service} dimension
 * @param metricsNamespace the CloudWatch namespace of the EMF metrics
 * @param logLevel        the least severe of the function's lines written
 * @param libraryLogLevel the least severe of the libraries' lines written
 */
public record TelemetryConfig(String service, String metricsNamespace, FunctionLog.Level logLevel,
                              FunctionLog.Level libraryLogLevel) {

    public static final String SERVICE_NAME = "SERVICE_NAME";
    public static final String POWERTOOLS_SERVICE_NAME = "POWERTOOLS_SERVICE_NAME";
    public static final String METRICS_NAMESPACE = "METRICS_NAMESPACE";
    public static final String POWERTOOLS_METRICS_NAMESPACE = "POWERTOOLS_METRICS_NAMESPACE";
    public static final String LOG_LEVEL = "LOG_LEVEL";
    public static final String AWS_LAMBDA_LOG_LEVEL = "AWS_LAMBDA_LOG_LEVEL";
    public static final String POWERTOOLS_LOG_LEVEL = "POWERTOOLS_LOG_LEVEL";
    public static final String LIBRARY_LOG_LEVEL = "LIBRARY_LOG_LEVEL";
    /** The function's lines: every decision is an INFO line. */
    public static final FunctionLog.Level DEFAULT_LOG_LEVEL = FunctionLog.Level.INFO;
    /** The libraries' lines: their warnings and errors, not their INFO chatter (connections, topology refreshes). */
    public static final FunctionLog.Level DEFAULT_LIBRARY_LOG_LEVEL = FunctionLog.Level.WARN;

    /** Refuses a missing part. */
    public TelemetryConfig {
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(metricsNamespace, "metricsNamespace");
        Objects.requireNonNull(logLevel, "logLevel");
        Objects.requireNonNull(libraryLogLevel, "libraryLogLevel");
    }

    /**
     * {@code service} and {@code namespace} at the default levels: what a function's tests and local runs use.
     *
     * @param service   the {@code service} field and {@code Service} dimension
     * @param namespace the CloudWatch namespace
     * @return the settings
     */
    public static TelemetryConfig defaults(String service, String namespace) {
        return new TelemetryConfig(service, namespace, DEFAULT_LOG_LEVEL, DEFAULT_LIBRARY_LOG_LEVEL);
    }

    /**
     * Reads {@code environment}; a level that is not one of Lambda's is a
     * {@link ConfigurationException} naming its variable.
     *
     * @param environment the function's environment variables
     * @param service   the service name when neither variable sets one
     * @param namespace the namespace when neither variable sets one
     * @return the settings
     */
    public static TelemetryConfig from(Map<String, String> environment, String service, String namespace) {
        return new TelemetryConfig(
                first(environment, SERVICE_NAME, POWERTOOLS_SERVICE_NAME).map(Setting::value).orElse(service),
                metricsNamespace(environment, namespace),
                first(environment, LOG_LEVEL, AWS_LAMBDA_LOG_LEVEL, POWERTOOLS_LOG_LEVEL)
                        .map(Setting::level).orElse(DEFAULT_LOG_LEVEL),
                first(environment, LIBRARY_LOG_LEVEL).map(Setting::level).orElse(DEFAULT_LIBRARY_LOG_LEVEL));
    }

    /**
     * The namespace {@code environment} sets ({@value #METRICS_NAMESPACE}, else {@value #POWERTOOLS_METRICS_NAMESPACE}).
     *
     * @param environment the function's environment variables
     * @param fallback    the namespace when neither is set
     * @return the namespace
     */
    public static String metricsNamespace(Map<String, String> environment, String fallback) {
        return first(environment, METRICS_NAMESPACE, POWERTOOLS_METRICS_NAMESPACE).map(Setting::value).orElse(fallback);
    }

    /**
     * As {@link #from}, for the libraries' lines written before the function built its log: the
     * service falls back to Lambda's function name, and a wrong level to the default (the
     * function's own read of the same variables refuses it at init, naming it).
     */
    static TelemetryConfig lenient(Map<String, String> environment) {
        String function = Optional.ofNullable(environment.get("AWS_LAMBDA_FUNCTION_NAME")).orElse("function");
        try {
            return from(environment, function, "");
        } catch (ConfigurationException e) {
            return new TelemetryConfig(function, "", DEFAULT_LOG_LEVEL, DEFAULT_LIBRARY_LOG_LEVEL);
        }
    }

    /** The first of {@code names} set to a non-blank value. */
    private static Optional<Setting> first(Map<String, String> environment, String... names) {
        for (String name : names) {
            String value = environment.get(name);
            if (value != null && !value.isBlank()) {
                return Optional.of(new Setting(name, value.strip()));
            }
        }
        return Optional.empty();
    }

    private record Setting(String name, String value) {
        FunctionLog.Level level() {
            return FunctionLog.Level.parse(name, value);
        }
    }
}
