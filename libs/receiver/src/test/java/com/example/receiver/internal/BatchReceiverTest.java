package com.example.receiver.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.example.receiver.BatchResult;
import com.example.receiver.Command;
import com.example.receiver.Decision;
import com.example.receiver.DuplicateSource;
import com.example.receiver.Fingerprint;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.Outcome;
import com.example.receiver.ParseResult;
import com.example.receiver.RetryCause;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The batch rules, with in-memory fakes of the store and the fast path. A body here is
 * {@code key,lane,variant} or anything else (invalid).
 */
class BatchReceiverTest {

    private final FakeStore store = new FakeStore();
    private final FakeFastPath fastPath = new FakeFastPath();
    private final RecordingTelemetry telemetry = new RecordingTelemetry();
    private BatchReceiver<String> receiver = receiver(4, Duration.ZERO);

    private BatchReceiver<String> receiver(int concurrency, Duration minRemaining) {
        return TestReceivers.of(BatchReceiverTest::parse, fastPath, store, telemetry,
                new ReceiverSettings(concurrency, minRemaining));
    }

    @AfterEach
    void close() {
        receiver.close();
    }

    static ParseResult<String> parse(String body) {
        String[] parts = body.split(",");
        if (parts.length != 3) {
            return new ParseResult.Invalid<>("body", "must be key,lane,variant");
        }
        Fingerprint fingerprint = Fingerprint.of(Map.of("key", parts[0], "variant", parts[2]));
        return new ParseResult.Valid<>(new Command<>(new IdempotencyKey(parts[0]), fingerprint, parts[1], body));
    }

    private static InboundMessage message(String id, String body) {
        return new InboundMessage(id, body, Optional.empty());
    }

    private static InboundMessage fifo(String id, String group, String body) {
        return new InboundMessage(id, body, Optional.of(group));
    }

    private BatchResult process(InboundMessage... messages) {
        return receiver.process(List.of(messages), RemainingTime.UNBOUNDED);
    }

    @Test
    void latencies_areMeasuredOnTheInjectedMonotonicClock() {
        // GIVEN a monotonic clock that moves 1 ms at each reading
        AtomicLong nanos = new AtomicLong();
        MonotonicClock ticking = () -> nanos.addAndGet(1_000_000);
        try (BatchReceiver<String> timed = TestReceivers.of(MessageAuthenticity.NOT_CHECKED, BatchReceiverTest::parse,
                fastPath, store, telemetry, new ReceiverSettings(1, Duration.ZERO), ticking)) {
            // WHEN one new message is decided
            timed.process(List.of(message("m1", "T1,A,x")), RemainingTime.UNBOUNDED);
        }
        // THEN the batch starts at 1 ms, the store call takes 2-3 ms, the outcome is at 4 ms
        MessageReport report = telemetry.reports.get(0);
        assertEquals(Optional.of(Duration.ofMillis(1)), report.storeLatency());
        assertEquals(Duration.ofMillis(3), report.latency());
    }

    @Test
    void duplicateInSameBatch_isDecidedOnce() {
        // GIVEN one key twice in a batch, WHEN processed
        BatchResult result = process(message("m1", "T1,A,x"), message("m2", "T1,A,x"));
        // THEN one store call, one approval, one in-batch duplicate, no failures
        assertEquals(1, store.calls.size());
        assertInstanceOf(Outcome.Approved.class, result.results().get(0).outcome());
        assertEquals(new Outcome.Duplicate(DuplicateSource.IN_BATCH, Decision.approved()), result.results().get(1).outcome());
        assertEquals(List.of(), result.failedMessageIds());
    }

    @Test
    void sameKeyDifferentFingerprintInBatch_isConflict() {
        BatchResult result = process(message("m1", "T1,A,x"), message("m2", "T1,A,y"));
        assertInstanceOf(Outcome.Conflict.class, result.results().get(1).outcome());
        assertEquals(List.of("m2"), result.failedMessageIds());
    }

    @Test
    void inBatchDuplicateOfAFailedMessage_failsToo() {
        // GIVEN the store cannot decide T1 now
        store.override = command -> new Outcome.Retry("throttled");
        BatchResult result = process(message("m1", "T1,A,x"), message("m2", "T1,A,x"));
        // THEN neither is acknowledged: acknowledging the copy would lose the operation
        assertEquals(List.of("m1", "m2"), result.failedMessageIds());
    }

    @Test
    void fastPathHit_makesNoStoreCall_andMissIsAskedOnce() {
        process(message("m1", "T1,A,x"));
        store.calls.clear();
        int lookupsBefore = fastPath.lookups;
        BatchResult result = process(message("m2", "T1,A,x"), message("m3", "T2,B,x"));
        assertEquals(new Outcome.Duplicate(DuplicateSource.FAST_PATH, Decision.approved()), result.results().get(0).outcome());
        assertEquals(List.of(new IdempotencyKey("T2")), store.calls);
        assertEquals(lookupsBefore + 1, fastPath.lookups, "one lookup per batch");
    }

    @Test
    void fastPathHitWithOtherFingerprint_isConflict_notASilentDrop() {
        fastPath.cache.put(new IdempotencyKey("T1"), new CachedDecision(Decision.approved(),
                Fingerprint.of(Map.of("forged", "yes"))));
        BatchResult result = process(message("m1", "T1,A,x"));
        assertInstanceOf(Outcome.Conflict.class, result.results().get(0).outcome());
        assertEquals(List.of("m1"), result.failedMessageIds());
    }

    @Test
    void fastPathDown_fallsThroughToStore_andIsReported() {
        fastPath.down = true;
        BatchResult result = process(message("m1", "T1,A,x"));
        assertInstanceOf(Outcome.Approved.class, result.results().get(0).outcome());
        assertEquals(1, telemetry.unavailable.size());
    }

    @Test
    void fastPathValuesWithoutValidSignature_areMisses_decidedByTheStore_andReportedOncePerBatch() {
        fastPath.invalidSignatures = 2;
        BatchResult result = process(message("m1", "T1,A,x"), message("m2", "T2,B,x"));
        assertInstanceOf(Outcome.Approved.class, result.results().get(0).outcome());
        assertInstanceOf(Outcome.Approved.class, result.results().get(1).outcome());
        assertEquals(List.of(2), telemetry.invalidSignatures);
        assertEquals(List.of(), telemetry.unavailable);
    }

    @Test
    void fastPathWithoutItsSigningKey_isOff_theStoreDecides_andTheMissingKeyIsReportedOncePerBatch() {
        fastPath.keyUnavailable = true;
        BatchResult result = process(message("m1", "T1,A,x"), message("m2", "T2,B,x"));
        assertInstanceOf(Outcome.Approved.class, result.results().get(0).outcome());
        assertInstanceOf(Outcome.Approved.class, result.results().get(1).outcome());
        assertEquals(1, telemetry.keyUnavailable.get());
        assertEquals(List.of(), telemetry.unavailable, "not an outage of the cache");
    }

    @Test
    void invalidMessage_isRejected_andOthersGoOn() {
        BatchResult result = process(message("bad", "garbage"), message("m1", "T1,A,x"));
        assertEquals(new Outcome.Rejected("body", "must be key,lane,variant"), result.results().get(0).outcome());
        assertEquals(List.of("bad"), result.failedMessageIds());
    }

    // ------------------------------------------------------------------ authenticity, checked first

    /** Refuses the messages whose id starts with "forged", cannot check those starting with "unchecked". */
    private static final MessageAuthenticity BY_ID = message -> message.messageId().startsWith("forged")
            ? new MessageAuthenticity.Verdict.Refused("messageAttributes.signature", "does not match")
            : message.messageId().startsWith("unchecked")
            ? new MessageAuthenticity.Verdict.Unverifiable("keys unavailable")
            : MessageAuthenticity.Verdict.AUTHENTIC;

    private final List<String> parsed = Collections.synchronizedList(new ArrayList<>());

    private BatchReceiver<String> checking(MessageAuthenticity authenticity) {
        receiver.close();
        receiver = TestReceivers.of(authenticity, body -> {
            parsed.add(body);
            return parse(body);
        }, fastPath, store, telemetry, new ReceiverSettings(4, Duration.ZERO));
        return receiver;
    }

    @Test
    void messageRefusedByItsAuthenticity_isRejectedWithTheReason_neitherParsedNorLookedUpNorStored() {
        checking(BY_ID);
        // GIVEN a forged copy of an operation, then a genuine message
        BatchResult result = process(message("forged-1", "T1,A,x"), message("m2", "T2,B,x"));
        // THEN the forged one is rejected with the field and rule, before anything else; the other goes on
        assertEquals(new Outcome.Rejected("messageAttributes.signature", "does not match"), result.results().get(0).outcome());
        assertInstanceOf(Outcome.Approved.class, result.results().get(1).outcome());
        assertEquals(List.of("forged-1"), result.failedMessageIds());
        assertEquals(List.of("T2,B,x"), parsed);
        assertEquals(List.of(new IdempotencyKey("T2")), store.calls);
        assertFalse(fastPath.cache.containsKey(new IdempotencyKey("T1")), "nothing remembered for it");
    }

    @Test
    void forgedCopyOfADecidedOperation_isRejected_notADuplicate() {
        checking(BY_ID);
        process(message("m1", "T1,A,x"));
        int lookups = fastPath.lookups;
        BatchResult result = process(message("forged-2", "T1,A,x"));
        assertInstanceOf(Outcome.Rejected.class, result.results().get(0).outcome());
        assertEquals(lookups, fastPath.lookups, "a batch of refused messages asks the fast path nothing");
    }

    @Test
    void messagesThatCannotBeChecked_areRetried_neitherDecidedNorRejected_andCountedOncePerBatch() {
        checking(BY_ID);
        BatchResult result = process(message("unchecked-1", "T1,A,x"), message("unchecked-2", "T2,B,x"), message("forged-3", "T3,C,x"));
        assertEquals(new Outcome.Retry("keys unavailable"), result.results().get(0).outcome());
        assertEquals(new Outcome.Retry("keys unavailable"), result.results().get(1).outcome());
        assertEquals(List.of("unchecked-1", "unchecked-2", "forged-3"), result.failedMessageIds());
        assertEquals(List.of(2), telemetry.producerKeysUnavailable);
        assertEquals(List.of(), store.calls);
        assertEquals(List.of(), parsed);
    }

    @Test
    void anAuthenticityCheckThatThrows_isRetry_neverRejected_norCountedAsUnavailableKeys() {
        checking(message -> {
            throw new IllegalStateException("bug");
        });
        BatchResult result = process(message("m1", "T1,A,x"));
        assertEquals(new Outcome.Retry("authenticity not checked (IllegalStateException)"), result.results().get(0).outcome());
        assertEquals(List.of(), telemetry.producerKeysUnavailable);
    }

    @Test
    void fifoRefusedMessage_failsTheRestOfItsGroup() {
        checking(BY_ID);
        BatchResult result = process(fifo("forged-a1", "A", "A1,acc,x"), fifo("a2", "A", "A2,acc,x"), fifo("b1", "B", "B1,acc,x"));
        assertEquals(List.of("forged-a1", "a2"), result.failedMessageIds());
        assertEquals(List.of(new IdempotencyKey("B1")), store.calls);
    }

    @Test
    void fifoFailureInGroup_failsTheRestOfThatGroupOnly() {
        store.override = command -> command.key().value().equals("A2") ? new Outcome.Retry("throttled") : null;
        BatchResult result = process(
                fifo("a1", "A", "A1,acc,x"), fifo("b1", "B", "B1,acc,x"), fifo("a2", "A", "A2,acc,x"),
                fifo("b2", "B", "B2,acc,x"), fifo("a3", "A", "A3,acc,x"));
        assertEquals(List.of("a2", "a3"), result.failedMessageIds());
        assertFalse(store.calls.contains(new IdempotencyKey("A3")), "a3 is not even tried");
    }

    @Test
    void fifoRejectedMessage_failsTheRestOfItsGroup() {
        BatchResult result = process(fifo("a1", "A", "garbage"), fifo("a2", "A", "A2,acc,x"), fifo("b1", "B", "B1,acc,x"));
        assertEquals(List.of("a1", "a2"), result.failedMessageIds());
    }

    @Test
    void shortRemainingTime_returnsUnstartedMessagesForRetry() {
        receiver.close();
        receiver = receiver(1, Duration.ofSeconds(3));
        AtomicInteger left = new AtomicInteger(5);
        BatchResult result = receiver.process(
                List.of(message("m1", "T1,A,x"), message("m2", "T2,A,x"), message("m3", "T3,A,x")),
                () -> Duration.ofSeconds(left.getAndAdd(-3)));
        assertEquals(List.of("m2", "m3"), result.failedMessageIds());
        assertEquals(new Outcome.Retry(RetryCause.OUT_OF_TIME, "remaining time too short"), result.results().get(1).outcome());
        assertEquals(1, store.calls.size());
    }

    @Test
    void oneLane_runsSequentially_differentLanesConcurrently() {
        Map<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();
        AtomicInteger maxPerLane = new AtomicInteger();
        AtomicInteger lanesAtOnce = new AtomicInteger();
        AtomicInteger maxLanesAtOnce = new AtomicInteger();
        store.override = command -> {
            int here = inFlight.computeIfAbsent(command.laneKey(), k -> new AtomicInteger()).incrementAndGet();
            maxPerLane.accumulateAndGet(here, Math::max);
            maxLanesAtOnce.accumulateAndGet(lanesAtOnce.incrementAndGet(), Math::max);
            sleep(20);
            lanesAtOnce.decrementAndGet();
            inFlight.get(command.laneKey()).decrementAndGet();
            return null;
        };
        List<InboundMessage> batch = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            batch.add(message("m" + i, "T" + i + "," + (i % 2 == 0 ? "A" : "B") + ",x"));
        }
        BatchResult result = receiver.process(batch, RemainingTime.UNBOUNDED);
        assertEquals(List.of(), result.failedMessageIds());
        assertEquals(1, maxPerLane.get(), "one account at a time");
        assertEquals(2, maxLanesAtOnce.get(), "both accounts at once");
    }

    @Test
    void aColdReceiver_runsItsFirstBatchesOnFewerLanes_doublingUpToMaxConcurrency() {
        // GIVEN a receiver of 8 lanes, its first batch on 2, and a store that counts the lanes at once,
        // each call waiting up to 300 ms for all 8 to be in (so a slow thread start cannot hide one)
        AtomicInteger lanesAtOnce = new AtomicInteger();
        AtomicInteger maxLanesAtOnce = new AtomicInteger();
        store.override = command -> {
            maxLanesAtOnce.accumulateAndGet(lanesAtOnce.incrementAndGet(), Math::max);
            long deadline = System.nanoTime() + 300_000_000L;
            while (maxLanesAtOnce.get() < 8 && System.nanoTime() < deadline) {
                sleep(5);
            }
            lanesAtOnce.decrementAndGet();
            return null;
        };
        receiver = TestReceivers.of(BatchReceiverTest::parse, fastPath, store, telemetry,
                new ReceiverSettings(8, Duration.ZERO, true, 2));
        List<Integer> widths = new ArrayList<>();
        for (int batch = 0; batch < 4; batch++) {
            // WHEN batches of 10 messages on 10 accounts arrive one after another
            List<InboundMessage> messages = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                messages.add(message("b" + batch + "m" + i, "B" + batch + "T" + i + ",A" + i + ",x"));
            }
            maxLanesAtOnce.set(0);
            assertEquals(List.of(), receiver.process(messages, RemainingTime.UNBOUNDED).failedMessageIds());
            widths.add(maxLanesAtOnce.get());
        }
        // THEN every message was decided, on 2 lanes at once, then 4, then 8
        assertEquals(List.of(2, 4, 8, 8), widths);
        assertEquals(40, store.calls.size());
    }

    @Test
    void aLaneThatEscapes_leavesItsMessagesToRetry_andTheOtherLanesOfItsWorkerRun() {
        // GIVEN a receiver on one lane at a time, and a store that fails in a way no message catches
        receiver = TestReceivers.of(BatchReceiverTest::parse, fastPath, store, telemetry,
                new ReceiverSettings(1, Duration.ZERO));
        store.override = command -> {
            if (command.laneKey().equals("A")) {
                throw new IllegalStateException("bug");
            }
            return null;
        };
        // WHEN the failing lane runs first
        BatchResult result = process(message("m1", "T1,A,x"), message("m2", "T2,B,x"), message("m3", "T3,C,x"));
        // THEN only its message is retried
        assertEquals(List.of("m1"), result.failedMessageIds());
    }

    @Test
    void unexpectedStoreException_isRetry_neverAcknowledged() {
        store.override = command -> {
            throw new IllegalStateException("bug");
        };
        BatchResult result = process(message("m1", "T1,A,x"));
        assertEquals(List.of("m1"), result.failedMessageIds());
    }

    @Test
    void decisions_areRememberedInOneWrite_andReportedOncePerMessage() {
        process(message("m1", "T1,A,x"), message("m2", "T2,B,x"), message("m3", "bad"));
        assertEquals(1, fastPath.writes);
        assertEquals(2, fastPath.cache.size());
        assertEquals(3, telemetry.reports.size());
    }

    @Test
    void newOperationsOfOneLane_areHandedToTheStoreTogether_inOrder() {
        // GIVEN a store that commits whole groups
        store.group = List::size;
        // WHEN one lane holds three new operations, a repeat of the first, and another lane one
        BatchResult result = process(message("m1", "T1,A,x"), message("m2", "T2,A,x"), message("m3", "T1,A,x"),
                message("m4", "T3,A,x"), message("m5", "T4,B,x"));
        // THEN lane A's three go together, lane B's one alone, and nothing one by one for lane A
        assertEquals(List.of(List.of(new IdempotencyKey("T1"), new IdempotencyKey("T2"), new IdempotencyKey("T3"))),
                store.groups);
        assertEquals(List.of(new IdempotencyKey("T4")), store.calls);
        assertEquals(new Outcome.Duplicate(DuplicateSource.IN_BATCH, Decision.approved()), result.results().get(2).outcome());
        assertEquals(List.of(), result.failedMessageIds());
    }

    @Test
    void whatTheGroupDoesNotDecide_isCommittedOneByOne() {
        // GIVEN a store that decides only the first of a group together
        store.group = commands -> 1;
        BatchResult result = process(message("m1", "T1,A,x"), message("m2", "T2,A,x"), message("m3", "T3,A,x"));
        // THEN the other two are committed one by one, in order
        assertEquals(List.of(new IdempotencyKey("T2"), new IdempotencyKey("T3")), store.calls);
        assertEquals(List.of(), result.failedMessageIds());
    }

    @Test
    void groupCommitOff_commitsOneByOne() {
        receiver.close();
        receiver = TestReceivers.of(BatchReceiverTest::parse, fastPath, store, telemetry,
                new ReceiverSettings(4, Duration.ZERO, false));
        store.group = List::size;
        process(message("m1", "T1,A,x"), message("m2", "T2,A,x"));
        assertEquals(List.of(), store.groups);
        assertEquals(2, store.calls.size());
    }

    @Test
    void fastPathHitsAndInvalidMessages_stayOutOfTheGroup() {
        store.group = List::size;
        fastPath.cache.put(new IdempotencyKey("T2"), new CachedDecision(Decision.approved(),
                Fingerprint.of(Map.of("key", "T2", "variant", "x"))));
        process(message("m1", "T1,A,x"), message("m2", "T2,A,x"), message("bad", "garbage"), message("m3", "T3,A,x"));
        assertEquals(List.of(List.of(new IdempotencyKey("T1"), new IdempotencyKey("T3"))), store.groups);
    }

    @Test
    void fifoGroup_isGroupedOnlyUpToTheFirstMessageThatFailsWithoutTheStore() {
        // GIVEN a FIFO group whose third message conflicts with its first
        store.group = List::size;
        BatchResult result = process(fifo("a1", "G", "A1,acc,x"), fifo("a2", "G", "A2,acc,x"),
                fifo("a3", "G", "A1,acc,y"), fifo("a4", "G", "A4,acc,x"));
        // THEN only the two before it go together, and the rest of the group fails in order, untried
        assertEquals(List.of(List.of(new IdempotencyKey("A1"), new IdempotencyKey("A2"))), store.groups);
        assertEquals(List.of(), store.calls);
        assertEquals(List.of("a3", "a4"), result.failedMessageIds());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
