package com.example.lambdakit.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.example.lambdakit.config.ConfigurationException;
import com.example.lambdakit.telemetry.FunctionLog.Level;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Our variables and Powertools' (ours win), Lambda's {@code AWS_LAMBDA_LOG_LEVEL} between them as
 * Powertools for AWS Lambda (Java) orders it ("Priority of log level settings",
 * https://docs.powertools.aws.dev/lambda/java/core/logging/), and the level a log writes at.
 * Milliseconds.
 */
class TelemetryConfigTest {

    @Test
    void nothingSet_givesTheFunctionsNames_infoForItsLines_warnForLibraries() {
        assertEquals(new TelemetryConfig("svc", "Ns", Level.INFO, Level.WARN), TelemetryConfig.from(Map.of(), "svc", "Ns"));
    }

    @Test
    void onlyPowertoolsVariables_nameTheServiceTheNamespaceAndTheLevel() {
        TelemetryConfig config = TelemetryConfig.from(Map.of("POWERTOOLS_SERVICE_NAME", "pt-svc",
                "POWERTOOLS_METRICS_NAMESPACE", "PtNs", "POWERTOOLS_LOG_LEVEL", "warn"), "svc", "Ns");

        assertEquals(new TelemetryConfig("pt-svc", "PtNs", Level.WARN, Level.WARN), config);
    }

    @Test
    void oursAndPowertoolsBothSet_oursWin() {
        TelemetryConfig config = TelemetryConfig.from(Map.of("SERVICE_NAME", "ours", "POWERTOOLS_SERVICE_NAME", "theirs",
                "METRICS_NAMESPACE", "OurNs", "POWERTOOLS_METRICS_NAMESPACE", "TheirNs",
                "LOG_LEVEL", "ERROR", "AWS_LAMBDA_LOG_LEVEL", "DEBUG", "POWERTOOLS_LOG_LEVEL", "TRACE"), "svc", "Ns");

        assertEquals(new TelemetryConfig("ours", "OurNs", Level.ERROR, Level.WARN), config);
    }

    @Test
    void lambdasApplicationLogLevel_winsOverPowertoolsLogLevel() {
        TelemetryConfig config = TelemetryConfig.from(Map.of("AWS_LAMBDA_LOG_LEVEL", "WARN", "POWERTOOLS_LOG_LEVEL", "DEBUG"),
                "svc", "Ns");

        assertEquals(Level.WARN, config.logLevel());
    }

    @Test
    void blankVariables_countAsUnset() {
        assertEquals(TelemetryConfig.from(Map.of(), "svc", "Ns"),
                TelemetryConfig.from(Map.of("SERVICE_NAME", " ", "LOG_LEVEL", "", "METRICS_NAMESPACE", " "), "svc", "Ns"));
    }

    @Test
    void unknownLevel_isRefused_namingTheVariableAndTheLevels() {
        ConfigurationException refused = assertThrows(ConfigurationException.class,
                () -> TelemetryConfig.from(Map.of("POWERTOOLS_LOG_LEVEL", "VERBOSE"), "svc", "Ns"));

        assertEquals("POWERTOOLS_LOG_LEVEL", refused.setting());
        assertEquals("POWERTOOLS_LOG_LEVEL must be one of TRACE, DEBUG, INFO, WARN, ERROR, FATAL, was VERBOSE",
                refused.getMessage());
    }

    @Test
    void logAtWarn_writesWarnAndError_notInfo() {
        // GIVEN a log at WARN
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        FunctionLog log = FunctionLog.of(new PrintStream(bytes, true, StandardCharsets.UTF_8),
                Clock.fixed(Instant.parse("2026-12-04T15:00:00Z"), ZoneOffset.UTC),
                TelemetryConfig.from(Map.of("LOG_LEVEL", "WARN"), "svc", "Ns"));

        // WHEN it is asked for one line of each level
        log.write(Level.INFO, "info", line -> { });
        log.write(Level.WARN, "warn", line -> { });
        log.write(Level.ERROR, "error", line -> { });

        // THEN the INFO line is not written
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(2, lines.length);
        assertEquals(true, lines[0].contains("\"level\":\"WARN\"") && lines[1].contains("\"level\":\"ERROR\""));
    }
}
