package com.example.localpayments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The payments of a recorded file sent as if recorded now: every {@code headers.timestamp} (a
 * payment's time of issue, which the authorizer's age bound, {@code MAX_MESSAGE_AGE_SECONDS},
 * reads) moved by one amount, so that the newest is the moment of sending and each keeps its age
 * relative to the others. A file of {@code events/} stamped months ago is then decided as its
 * table says, not refused as too old; a payment recorded as older than the others by more than the
 * bound (as {@code events/too-old.json} holds one) is still refused.
 *
 * <p>Only the timestamp's text changes in a body: the rest stays byte for byte (an amount's
 * decimals, the order of the fields). A body that is not JSON, or has no time of issue that
 * parses, is left as it is: poison is sent as it is.
 */
public final class TimesOfIssue {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** How far the newest time of issue was moved, and the bodies stamped. */
    public record Moved(List<String> bodies, Duration by) {
        public Moved {
            bodies = List.copyOf(bodies);
        }
    }

    private TimesOfIssue() {
    }

    /**
     * {@code bodies} (producers' messages) with their times of issue moved so that the newest is
     * {@code now}, in whole seconds.
     */
    public static Moved messages(List<String> bodies, Instant now) {
        Optional<Instant> newest = bodies.stream().map(TimesOfIssue::issuedAt).flatMap(Optional::stream)
                .max(Instant::compareTo);
        if (newest.isEmpty()) {
            return new Moved(bodies, Duration.ZERO);
        }
        Duration by = Duration.between(newest.get(), now.truncatedTo(ChronoUnit.SECONDS));
        return new Moved(bodies.stream().map(body -> moved(body, by)).toList(), by);
    }

    /**
     * An SQS event of Lambda's ({@code Records[]} with a {@code body} each) whose bodies' times of
     * issue moved together, so that the newest is {@code now}; each record's {@code md5OfBody}
     * is its new body's. An event that is no SQS event is returned as it is.
     */
    public static String event(String event, Instant now) {
        JsonNode root;
        try {
            root = JSON.readTree(event);
        } catch (IOException notJson) {
            return event;
        }
        if (root == null || !root.path("Records").isArray() || root.path("Records").isEmpty()
                || !root.path("Records").get(0).path("body").isTextual()) {
            return event;
        }
        List<String> bodies = new ArrayList<>();
        root.path("Records").forEach(record -> bodies.add(record.path("body").asText()));
        Moved moved = messages(bodies, now);
        if (moved.by().isZero()) {
            return event;
        }
        for (int i = 0; i < bodies.size(); i++) {
            ObjectNode record = (ObjectNode) root.path("Records").get(i);
            record.put("body", moved.bodies().get(i));
            if (record.has("md5OfBody")) {
                record.put("md5OfBody", md5(moved.bodies().get(i)));
            }
        }
        return root.toString();
    }

    /** The time of issue {@code body} carries, if it is a message with one that parses. */
    public static Optional<Instant> issuedAt(String body) {
        try {
            JsonNode timestamp = JSON.readTree(body).path("headers").path("timestamp");
            return timestamp.isTextual() ? Optional.of(OffsetDateTime.parse(timestamp.asText()).toInstant()) : Optional.empty();
        } catch (IOException | DateTimeParseException notAMessage) {
            return Optional.empty();
        }
    }

    private static String moved(String body, Duration by) {
        Optional<Instant> issued = issuedAt(body);
        if (issued.isEmpty()) {
            return body;
        }
        String was = timestampText(body);
        Matcher field = Pattern.compile("(\"timestamp\"\\s*:\\s*\")" + Pattern.quote(was) + "\"").matcher(body);
        return field.find() ? body.substring(0, field.start()) + field.group(1) + issued.get().plus(by) + "\""
                + body.substring(field.end()) : body;
    }

    private static String timestampText(String body) {
        try {
            return JSON.readTree(body).path("headers").path("timestamp").asText();
        } catch (IOException e) {
            throw new IllegalStateException("read once already", e);
        }
    }

    private static String md5(String body) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(body.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
