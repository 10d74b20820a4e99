package com.example.localpayments;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A recorded file's payments sent as if recorded now: their ages kept, nothing else changed. */
class TimesOfIssueTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant NOW = Instant.parse("2026-12-06T13:10:00.750Z");

    private static String message(String txn, String timestamp) {
        return "{\"headers\":{\"message_id\":\"m-" + txn + "\",\"timestamp\":\"" + timestamp + "\"},"
                + "\"body\":{\"transaction_id\":\"" + txn + "\",\"amount\":125.50}}";
    }

    @Test
    void theNewestIsStampedNow_inWholeSeconds_andEachKeepsItsAgeRelativeToIt() {
        // GIVEN a purchase, its producer retry 7 min 45 s later, and a payment recorded 20 days before them
        List<String> recorded = List.of(message("A", "2026-04-07T14:32:15Z"), message("A", "2026-04-07T14:40:00Z"),
                message("OLD", "2026-03-18T14:40:00+00:00"));
        // WHEN moved to now
        TimesOfIssue.Moved moved = TimesOfIssue.messages(recorded, NOW);
        // THEN the retry is issued now, the purchase 7 min 45 s before, the old one 20 days before
        assertEquals(List.of(Optional.of(Instant.parse("2026-12-06T13:02:15Z")), Optional.of(Instant.parse("2026-12-06T13:10:00Z")),
                Optional.of(Instant.parse("2026-11-16T13:10:00Z"))), moved.bodies().stream().map(TimesOfIssue::issuedAt).toList());
        assertEquals(Duration.between(Instant.parse("2026-04-07T14:40:00Z"), Instant.parse("2026-12-06T13:10:00Z")), moved.by());
        // AND nothing but the timestamp's text changed: the amount keeps its decimals
        assertEquals(message("A", "2026-12-06T13:02:15Z"), moved.bodies().get(0));
    }

    @Test
    void poisonAndMessagesWithoutATimeOfIssue_areSentAsTheyAre() {
        List<String> recorded = List.of("{\"headers\": {\"message_id\": \"p\"}, \"body\": {\"transaction_id\": \"",
                "{\"headers\":{\"message_id\":\"m\"},\"body\":{}}", message("A", "not a time"), message("B", "2026-04-07T14:32:15Z"));
        TimesOfIssue.Moved moved = TimesOfIssue.messages(recorded, NOW);
        assertEquals(recorded.subList(0, 3), moved.bodies().subList(0, 3));
        assertEquals(message("B", "2026-12-06T13:10:00Z"), moved.bodies().get(3));
        assertEquals(recorded.subList(0, 3), TimesOfIssue.messages(recorded.subList(0, 3), NOW).bodies(), "nothing to move: as they are");
    }

    @Test
    void anSqsEvent_hasItsBodiesMovedTogether_andEachMd5OfBodyIsItsNewBodys() throws IOException {
        String event = JSON.createObjectNode().set("Records", JSON.createArrayNode()
                .add(record(message("A", "2026-04-07T14:32:15Z"))).add(record("not json"))).toString();
        JsonNode moved = JSON.readTree(TimesOfIssue.event(event, NOW));
        assertEquals(message("A", "2026-12-06T13:10:00Z"), moved.path("Records").get(0).path("body").asText());
        assertEquals(md5(message("A", "2026-12-06T13:10:00Z")), moved.path("Records").get(0).path("md5OfBody").asText());
        assertEquals("not json", moved.path("Records").get(1).path("body").asText());
        assertEquals(md5("not json"), moved.path("Records").get(1).path("md5OfBody").asText());
    }

    @Test
    void anEventOfAnotherKind_isReturnedAsItIs() {
        String scheduled = "{\"source\":\"aws.events\",\"detail\":{}}";
        assertEquals(scheduled, TimesOfIssue.event(scheduled, NOW));
        assertEquals("not json", TimesOfIssue.event("not json", NOW));
    }

    private static JsonNode record(String body) {
        return JSON.createObjectNode().put("messageId", "id").put("body", body).put("md5OfBody", md5(body));
    }

    private static String md5(String body) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(body.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
