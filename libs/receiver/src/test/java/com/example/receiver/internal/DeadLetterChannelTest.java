package com.example.receiver.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdakit.telemetry.Invocation;
import com.example.receiver.BatchResult;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.MessageResult;
import com.example.receiver.Outcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The batch's dead letters (rejected, conflicting) go to its {@link DeadLetterChannel} once the
 * lanes have run, and exactly those the channel holds are acknowledged; with the fakes of
 * {@link BatchReceiverTest} (a body is {@code key,lane,variant}, anything else is invalid).
 */
class DeadLetterChannelTest {

    private final FakeStore store = new FakeStore();
    private final RecordingTelemetry telemetry = new RecordingTelemetry();
    private final BatchReceiver<String> receiver = TestReceivers.of(BatchReceiverTest::parse, new FakeFastPath(), store,
            telemetry, new ReceiverSettings(4, Duration.ZERO));
    /** Every call the channel got, and which of its letters it holds (all, unless told otherwise). */
    private final List<List<DeadLetter>> sent = Collections.synchronizedList(new ArrayList<>());
    private Function<List<DeadLetter>, Set<String>> holds = letters -> ids(letters);

    private final DeadLetterChannel channel = (letters, remaining) -> {
        sent.add(List.copyOf(letters));
        return holds.apply(letters);
    };

    @AfterEach
    void close() {
        receiver.close();
    }

    private BatchResult process(InboundMessage... messages) {
        return receiver.process(List.of(messages), RemainingTime.UNBOUNDED, Invocation.OUTSIDE_LAMBDA, channel);
    }

    @Test
    void rejectedAndConflictingMessages_goToTheChannelInOneCall_andAreAcknowledged_withTheirKeyWhenKnown() {
        // GIVEN T1 decided before with another variant
        process(message("m0", "T1,A,x"));
        sent.clear();
        // WHEN a batch holds a conflict, an invalid body and a new payment
        BatchResult result = process(message("m1", "T1,A,y"), message("m2", "garbage"), message("m3", "T3,B,x"));
        // THEN both dead letters went to the channel in one call, the conflict with its key, the
        // rejection without one; nothing is left for redelivery
        assertEquals(1, sent.size());
        List<DeadLetter> letters = sent.get(0);
        assertEquals(List.of("m1", "m2"), letters.stream().map(letter -> letter.message().messageId()).toList());
        assertInstanceOf(Outcome.Conflict.class, letters.get(0).outcome());
        assertEquals(Optional.of(new IdempotencyKey("T1")), letters.get(0).key());
        assertEquals("T1,A,y", letters.get(0).message().body());
        assertInstanceOf(Outcome.Rejected.class, letters.get(1).outcome());
        assertEquals(Optional.empty(), letters.get(1).key());
        assertEquals("rejected: body must be key,lane,variant", letters.get(1).reason());
        assertEquals(Map.of("field", "body", "rule", "must be key,lane,variant"), letters.get(1).details());
        assertEquals(List.of(), result.failedMessageIds());
        // AND the outcomes stay what they are, reported as dead-lettered
        assertEquals(List.of(true, true, false), result.results().stream().map(MessageResult::deadLettered).toList());
        assertInstanceOf(Outcome.Conflict.class, result.results().get(0).outcome());
        assertEquals(List.of(true, true, false), telemetry.reports.subList(1, 4).stream().map(MessageReport::deadLettered).toList());
    }

    @Test
    void aLetterTheChannelDoesNotHold_staysAFailure() {
        // GIVEN a channel that could send the first letter only (a refused entry, a failed call)
        holds = letters -> Set.of(letters.get(0).message().messageId());
        // WHEN two invalid bodies arrive
        BatchResult result = process(message("m1", "garbage"), message("m2", "more garbage"));
        // THEN the second is left for redelivery, as before
        assertEquals(List.of("m2"), result.failedMessageIds());
        assertFalse(telemetry.reports.get(1).deadLettered());
    }

    @Test
    void aChannelNamingOtherMessages_acknowledgesNoneOfThem() {
        // GIVEN a channel that answers every id it can think of
        holds = letters -> Set.of("m1", "m2", "m3");
        store.override = command -> new Outcome.Retry("throttled");
        // WHEN a batch holds a retry, an approval and a dead letter
        BatchResult result = process(message("m1", "T1,A,x"), message("m2", "garbage"));
        // THEN only the dead letter is acknowledged for it
        assertEquals(List.of("m1"), result.failedMessageIds());
    }

    @Test
    void aChannelThatThrows_leavesItsLettersFailures() {
        holds = letters -> {
            throw new IllegalStateException("broken channel");
        };
        assertEquals(List.of("m1"), process(message("m1", "garbage"), message("m2", "T2,A,x")).failedMessageIds());
    }

    @Test
    void aBatchWithoutDeadLetters_neverAsksTheChannel() {
        store.override = command -> new Outcome.Retry("throttled");
        assertEquals(List.of("m1"), process(message("m1", "T1,A,x")).failedMessageIds());
        assertTrue(sent.isEmpty());
    }

    @Test
    void fifo_aDeadLetterHeadingItsGroup_isAcknowledged_butTheGroupsLaterMessagesStillFail_inOrder() {
        // GIVEN group A headed by an invalid body, group B valid
        BatchResult result = process(fifo("a1", "A", "garbage"), fifo("b1", "B", "B1,acc,x"),
                fifo("a2", "A", "A2,acc,x"), fifo("a3", "A", "A3,acc,x"));
        // THEN the head is in the channel; its group's later messages were not tried and come
        // back, in order, behind nothing that failed; group B is done
        assertEquals(List.of("a1"), ids(sent.get(0)).stream().toList());
        assertEquals(List.of("a2", "a3"), result.failedMessageIds());
        assertEquals(List.of(new IdempotencyKey("B1")), store.calls);
    }

    @Test
    void fifo_anInvalidMessageAfterAFailureInItsGroup_isARetry_notADeadLetter() {
        // GIVEN group A's first message cannot be decided now, and its second is invalid
        store.override = command -> new Outcome.Retry("throttled");
        BatchResult result = process(fifo("a1", "A", "A1,acc,x"), fifo("a2", "A", "garbage"));
        // THEN the invalid one waits its turn behind the failure, as a retry; the channel is not asked
        assertEquals(List.of("a1", "a2"), result.failedMessageIds());
        assertInstanceOf(Outcome.Retry.class, result.results().get(1).outcome());
        assertTrue(sent.isEmpty());
    }

    @Test
    void fifo_aDeadLetterTheChannelCouldNotSend_keepsItsGroupBehindIt() {
        holds = letters -> Set.of();
        BatchResult result = process(fifo("a1", "A", "garbage"), fifo("a2", "A", "A2,acc,x"));
        assertEquals(List.of("a1", "a2"), result.failedMessageIds());
    }

    private static Set<String> ids(List<DeadLetter> letters) {
        Set<String> ids = new HashSet<>();
        letters.forEach(letter -> ids.add(letter.message().messageId()));
        return ids;
    }

    private static InboundMessage message(String id, String body) {
        return new InboundMessage(id, body, Optional.empty());
    }

    private static InboundMessage fifo(String id, String group, String body) {
        return new InboundMessage(id, body, Optional.of(group));
    }
}
