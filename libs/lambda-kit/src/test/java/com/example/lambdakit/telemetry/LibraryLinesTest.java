package com.example.lambdakit.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdakit.telemetry.FunctionLog.Level;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SLF4J provider of the function jars, found by SLF4J itself through
 * {@code META-INF/services}: a library's line is a JSON line of the log that carries the
 * libraries' lines, with the function's members, {@code logger} and the error, at the libraries'
 * level. Milliseconds.
 */
class LibraryLinesTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-04T15:00:00Z"), ZoneOffset.UTC);
    private static final JsonFactory JSON = new JsonFactory();

    @Test
    void slf4jFindsTheProvider() {
        assertEquals(JsonLogProvider.class.getName() + "$Loggers", LoggerFactory.getILoggerFactory().getClass().getName());
    }

    @Test
    void libraryWarning_isAJsonLineStampedWithTheInvocation_andItsInfoIsDropped() throws IOException {
        // GIVEN a function's log at the default levels, carrying the libraries' lines, in an invocation
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        FunctionLog log = FunctionLog.of(new PrintStream(bytes, true, StandardCharsets.UTF_8), CLOCK,
                TelemetryConfig.defaults("svc", "Ns")).carryLibraryLines();
        log.begin(new Invocation("req-1", "fn", "7", false, Optional.empty()));
        Logger library = LoggerFactory.getLogger("redis.clients.jedis.ConnectionFactory");

        // WHEN the library logs an INFO line, then a warning with a multi-line exception
        library.info("Connected to {}", "127.0.0.1:6379");
        library.warn("Error while validating pooled {} object.", "Connection", new IllegalStateException("line one\nline two"));

        // THEN only the warning is written, as one JSON line with the function's members
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(1, lines.length, () -> String.join("\n", lines));
        Map<String, String> members = members(lines[0]);
        assertEquals("2026-12-04T15:00:00Z", members.get("timestamp"));
        assertEquals("WARN", members.get("level"));
        assertEquals("svc", members.get("service"));
        assertEquals("Error while validating pooled Connection object.", members.get("message"));
        assertEquals("req-1", members.get("function_request_id"));
        assertEquals("redis.clients.jedis.ConnectionFactory", members.get("logger"));
        assertEquals(IllegalStateException.class.getName(), members.get("error.name"));
        assertEquals("line one\nline two", members.get("error.message"));
        assertTrue(members.get("error.stack").contains("LibraryLinesTest"), members::toString);
    }

    @Test
    void libraryLevelDebug_writesTheLibrariesDebugLines_butNeverBelowTheFunctionsLevel() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        FunctionLog.of(new PrintStream(bytes, true, StandardCharsets.UTF_8), CLOCK,
                new TelemetryConfig("svc", "Ns", Level.DEBUG, Level.DEBUG)).carryLibraryLines();
        Logger library = LoggerFactory.getLogger("software.amazon.awssdk.request");

        library.debug("Sending Request");
        library.trace("wire");

        assertEquals(List.of("DEBUG"), levels(bytes));

        // At the function's INFO (what Lambda sends at ApplicationLogLevel=INFO), DEBUG is not written
        ByteArrayOutputStream info = new ByteArrayOutputStream();
        FunctionLog.of(new PrintStream(info, true, StandardCharsets.UTF_8), CLOCK,
                new TelemetryConfig("svc", "Ns", Level.INFO, Level.DEBUG)).carryLibraryLines();
        library.debug("Sending Request");
        library.info("Connected");

        assertEquals(List.of("INFO"), levels(info));

        ByteArrayOutputStream strict = new ByteArrayOutputStream();
        FunctionLog.of(new PrintStream(strict, true, StandardCharsets.UTF_8), CLOCK,
                new TelemetryConfig("svc", "Ns", Level.ERROR, Level.DEBUG)).carryLibraryLines();
        library.debug("Sending Request");
        library.warn("Retrying");
        library.error("Failed");

        assertEquals(List.of("ERROR"), levels(strict));
    }

    private static List<String> levels(ByteArrayOutputStream bytes) {
        return bytes.toString(StandardCharsets.UTF_8).lines().map(line -> {
            try {
                return members(line).get("level");
            } catch (IOException e) {
                throw new AssertionError(line, e);
            }
        }).toList();
    }

    /** The line's string members, nested ones as {@code outer.inner}; fails unless it is one JSON object. */
    private static Map<String, String> members(String line) throws IOException {
        Map<String, String> members = new LinkedHashMap<>();
        try (JsonParser parser = JSON.createParser(line)) {
            String prefix = "";
            String name = null;
            assertEquals(JsonToken.START_OBJECT, parser.nextToken());
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                switch (token) {
                    case FIELD_NAME -> name = parser.currentName();
                    case START_OBJECT -> prefix = name + ".";
                    case END_OBJECT -> prefix = "";
                    case VALUE_STRING -> members.put(prefix + name, parser.getText());
                    default -> { }
                }
            }
        }
        return members;
    }
}
