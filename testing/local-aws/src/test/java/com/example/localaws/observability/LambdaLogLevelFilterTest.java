package com.example.localaws.observability;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.localaws.observability.LambdaLogLevelFilter.Level;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The rule of "Log-level filtering" (AWS Lambda Developer Guide,
 * https://docs.aws.amazon.com/lambda/latest/dg/monitoring-cloudwatchlogs-log-level.html), case by
 * case: the level is the {@code "level"} member; missing or invalid, or without a valid RFC 3339
 * {@code timestamp}, it is INFO; a line at the threshold or more severe is sent. Milliseconds.
 */
class LambdaLogLevelFilterTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NOW = "2026-12-04T15:11:39.123Z";

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "{\"timestamp\": \"" + NOW + "\", \"level\": \"WARN\"}                 | WARN",
            "{\"timestamp\": \"" + NOW + "\", \"level\": \"debug\"}                | DEBUG",
            "{\"timestamp\": \"" + NOW + "\", \"level\": \"FATAL\"}                | FATAL",
            "{\"timestamp\": \"2026-12-04T16:11:39+01:00\", \"level\": \"ERROR\"}  | ERROR",
            "{\"timestamp\": \"" + NOW + "\"}                                      | INFO",
            "{\"timestamp\": \"" + NOW + "\", \"level\": \"SEVERE\"}               | INFO",
            "{\"timestamp\": \"" + NOW + "\", \"level\": 40}                       | INFO",
            "{\"level\": \"ERROR\"}                                                | INFO",
            "{\"timestamp\": 1764861099123, \"level\": \"ERROR\"}                  | INFO",
            "{\"timestamp\": \"2026-12-04 15:11:39Z\", \"level\": \"ERROR\"}       | INFO",
            "{\"timestamp\": \"2026-12-04T15:11Z\", \"level\": \"ERROR\"}          | INFO",
    })
    void levelOf_followsTheDocumentedRule(String line, Level expected) throws IOException {
        assertEquals(expected, LambdaLogLevelFilter.levelOf(JSON.readTree(line)));
    }

    @Test
    void atWarn_keepsWarnAndMoreSevere_dropsInfoAndLinesWithoutALevel() throws IOException {
        // GIVEN one line of each kind
        List<JsonNode> lines = List.of(
                JSON.readTree("{\"timestamp\": \"" + NOW + "\", \"level\": \"INFO\", \"message\": \"info\"}"),
                JSON.readTree("{\"timestamp\": \"" + NOW + "\", \"level\": \"WARN\", \"message\": \"warn\"}"),
                JSON.readTree("{\"timestamp\": \"" + NOW + "\", \"level\": \"ERROR\", \"message\": \"error\"}"),
                JSON.readTree("{\"message\": \"no level\"}"));

        // WHEN Lambda filters them at WARN THEN the warning and the error remain
        assertEquals(List.of("warn", "error"), new LambdaLogLevelFilter(Level.WARN).kept(lines).stream()
                .map(line -> line.path("message").asText()).toList());
        // AND at FATAL none does
        assertEquals(List.of(), new LambdaLogLevelFilter(Level.FATAL).kept(lines));
    }
}
