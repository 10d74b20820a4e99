package com.example.payment.events.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.sqs.model.Message;

/** The failure queue's batches whose windows overlap are replayed as one window: one Scan of the table, not one each. */
class OverlappingWindowsTest {

    @Test
    void overlappingWindows_areJoined_andTheOthersKeptApart_inOrderOfTheirStart() {
        // GIVEN three batches skipped during one outage a minute apart (each window widened 5 min before, 1 min after)
        // AND one skipped an hour later, received first
        Message later = skipped("later", "2026-03-02T11:00:00Z", "2026-03-02T11:00:30Z");
        Message first = skipped("first", "2026-03-02T10:00:00Z", "2026-03-02T10:00:30Z");
        Message second = skipped("second", "2026-03-02T10:01:00Z", "2026-03-02T10:01:30Z");
        Message third = skipped("third", "2026-03-02T10:05:00Z", "2026-03-02T10:05:40Z");

        List<OnFailureReplay.Overlapping> groups = OnFailureReplay.overlapping(List.of(later, third, first, second));

        // THEN the outage's three are one window, from the first's start to the last's end; the later one stands alone
        assertEquals(2, groups.size());
        assertEquals(new ReplayWindow(Instant.parse("2026-03-02T09:55:00Z"), Instant.parse("2026-03-02T10:06:40Z")),
                groups.get(0).window());
        assertEquals(List.of("first", "second", "third"), groups.get(0).messages().stream().map(Message::messageId).toList());
        assertEquals(OnFailureReplay.windowOf(later.body()), groups.get(1).window());
        assertEquals(List.of("later"), groups.get(1).messages().stream().map(Message::messageId).toList());
    }

    @Test
    void windowsThatOnlyTouch_areJoined_andNoneIsLost() {
        // GIVEN a window ending exactly where the next begins
        Message a = skipped("a", "2026-03-02T10:00:00Z", "2026-03-02T10:00:00Z");
        Message b = skipped("b", "2026-03-02T10:06:00Z", "2026-03-02T10:06:00Z");
        List<OnFailureReplay.Overlapping> groups = OnFailureReplay.overlapping(List.of(a, b));
        assertEquals(1, groups.size());
        assertEquals(2, groups.get(0).messages().size());
    }

    @Test
    void aBodyThatIsNotAnOnFailureRecord_isRefused_namingTheField() {
        Message bad = Message.builder().messageId("x").body("{\"DDBStreamBatchInfo\":{\"approximateArrivalOfFirstRecord\":\"soon\"}}").build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OnFailureReplay.overlapping(List.of(bad)));
        assertEquals("DDBStreamBatchInfo.approximateArrivalOfFirstRecord must be an ISO-8601 instant, was 'soon'", e.getMessage());
    }

    private static Message skipped(String id, String firstArrival, String lastArrival) {
        return Message.builder().messageId(id).body("{\"DDBStreamBatchInfo\":{\"approximateArrivalOfFirstRecord\":\""
                + firstArrival + "\",\"approximateArrivalOfLastRecord\":\"" + lastArrival + "\"}}").build();
    }
}
