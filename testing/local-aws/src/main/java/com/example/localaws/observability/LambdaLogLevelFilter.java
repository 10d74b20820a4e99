package com.example.localaws.observability;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What Lambda sends to CloudWatch Logs of a function's JSON lines when its log format is JSON and
 * its {@code ApplicationLogLevel} is {@link #threshold}, as "Log-level filtering" (AWS Lambda
 * Developer Guide, https://docs.aws.amazon.com/lambda/latest/dg/monitoring-cloudwatchlogs-log-level.html)
 * states the rule: a line's level is its {@code "level"} member (TRACE, DEBUG, INFO, WARN, ERROR
 * or FATAL, in any case); a line whose level is missing or invalid, or whose {@code timestamp}
 * is not a valid RFC 3339 time, counts as INFO; a line is sent when its level is the threshold or
 * more severe. The local runtime does not filter, so tests apply this to what a function wrote.
 *
 * @param threshold the function's {@code ApplicationLogLevel}
 */
public record LambdaLogLevelFilter(Level threshold) {

    /** Lambda's application log levels, most detailed first. */
    public enum Level { TRACE, DEBUG, INFO, WARN, ERROR, FATAL }

    public LambdaLogLevelFilter {
        Objects.requireNonNull(threshold, "threshold");
    }

    /** The lines Lambda would send. */
    public List<JsonNode> kept(List<JsonNode> lines) {
        return lines.stream().filter(line -> levelOf(line).compareTo(threshold) >= 0).toList();
    }

    /** The level Lambda gives {@code line}. */
    public static Level levelOf(JsonNode line) {
        if (!hasRfc3339Timestamp(line)) {
            return Level.INFO;
        }
        JsonNode level = line.path("level");
        if (!level.isTextual()) {
            return Level.INFO;
        }
        try {
            return Level.valueOf(level.textValue().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException invalid) {
            return Level.INFO;
        }
    }

    /** RFC 3339's date-time: a full date, "T", a time with seconds, and an offset ("Z" or ±hh:mm). */
    private static boolean hasRfc3339Timestamp(JsonNode line) {
        JsonNode timestamp = line.path("timestamp");
        if (!timestamp.isTextual()) {
            return false;
        }
        try {
            OffsetDateTime.parse(timestamp.textValue(), DateTimeFormatter.ISO_OFFSET_DATE_TIME);
            return timestamp.textValue().matches("\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?([Zz]|[+-]\\d{2}:\\d{2})");
        } catch (DateTimeParseException e) {
            return false;
        }
    }
}
