package com.example.receiver.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdakit.telemetry.Invocation;
import com.example.receiver.BatchResult;
import com.example.receiver.Command;
import com.example.receiver.Decision;
import com.example.receiver.DuplicateSource;
import com.example.receiver.Fingerprint;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.Outcome;
import com.example.receiver.ParseResult;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The age bound: a message issued longer ago than the bound, or further ahead than the skew, is
 * refused before the fast path and the store, signed or not. A body here is
 * {@code key,lane,epoch seconds of issue} ({@code -} for none).
 */
class MessageAgeTest {

    private static final Instant NOW = Instant.parse("2026-12-06T10:00:00Z");
    private static final Duration BOUND = Duration.ofDays(18);

    private final FakeStore store = new FakeStore();
    private final FakeFastPath fastPath = new FakeFastPath();
    private final RecordingTelemetry telemetry = new RecordingTelemetry();
    private final MessageAge age = MessageAge.of(Optional.of(BOUND), Clock.fixed(NOW, ZoneOffset.UTC));
    private final BatchReceiver<String> receiver = new BatchReceiver<>(MessageAuthenticity.NOT_CHECKED,
            MessageAgeTest::parse, age, fastPath, store, LaneItems.laneKey(), telemetry, new ReceiverSettings(2, Duration.ZERO),
            MonotonicClock.SYSTEM, BatchReceiver.lanePool(2));

    @AfterEach
    void close() {
        receiver.close();
    }

    private static ParseResult<String> parse(String body) {
        String[] parts = body.split(",");
        Command<String> command = new Command<>(new IdempotencyKey(parts[0]), Fingerprint.of(Map.of("key", parts[0])),
                parts[1], body, parts[2].equals("-") ? Optional.empty() : Optional.of(Instant.ofEpochSecond(Long.parseLong(parts[2]))));
        return new ParseResult.Valid<>(command);
    }

    private static Command<String> issued(Instant at) {
        return Command.issued(new IdempotencyKey("T1"), Fingerprint.of(Map.of("key", "T1")), "A", "T1", at);
    }

    private static String body(String key, Instant issuedAt) {
        return key + ",A," + issuedAt.getEpochSecond();
    }

    @Test
    void aMessageIssuedWithinTheBound_isDecided_andOneASecondOlderIsRefusedAsTooOld() {
        assertEquals(Optional.empty(), age.refusal(issued(NOW.minus(BOUND))));
        Outcome.Rejected refused = age.refusal(issued(NOW.minus(BOUND).minusSeconds(1))).orElseThrow();
        assertEquals(MessageAge.FIELD, refused.field());
        assertTrue(MessageAge.tooOld(refused), refused.rule());
        assertEquals("too old: issued_at " + refused.rule(), DeadLetter.reasonOf(refused));
    }

    @Test
    void aProducerClockFarAhead_buysNoLife_aTimeOfIssueMoreThanTheSkewAheadIsRefused() {
        // GIVEN a producer whose clock runs 30 days ahead: its copy would look young for 48 days
        Outcome.Rejected refused = age.refusal(issued(NOW.plus(Duration.ofDays(30)))).orElseThrow();
        // THEN it is refused now, not decided, and not as too old (its reason is the producer's clock)
        assertEquals(MessageAge.FIELD, refused.field());
        assertTrue(refused.rule().contains("ahead of the receiver's clock"), refused.rule());
        assertFalse(MessageAge.tooOld(refused));
        assertEquals("rejected: issued_at " + refused.rule(), DeadLetter.reasonOf(refused));
        // AND the skew's 60 s are allowed, a second more is not
        assertEquals(Optional.empty(), age.refusal(issued(NOW.plus(MessageAge.FUTURE_SKEW))));
        assertTrue(age.refusal(issued(NOW.plus(MessageAge.FUTURE_SKEW).plusSeconds(1))).isPresent());
    }

    @Test
    void withABound_aCommandWithoutATimeOfIssue_isRefused_andWithoutOneNothingIs() {
        Command<String> timeless = new Command<>(new IdempotencyKey("T1"), Fingerprint.of(Map.of("key", "T1")), "A", "T1");
        assertTrue(age.refusal(timeless).orElseThrow().rule().startsWith("is required"));
        assertEquals(Optional.empty(), MessageAge.UNBOUNDED.refusal(timeless));
        assertEquals(Optional.empty(), MessageAge.UNBOUNDED.refusal(issued(Instant.EPOCH)));
        assertEquals(Optional.empty(), MessageAge.UNBOUNDED.refusal(issued(NOW.plus(Duration.ofDays(3650)))));
    }

    @Test
    void aTooOldMessage_isNeitherLookedUpNorWritten_evenWhenTheCacheKnowsIt_andItsDeadLetterNamesItsKey() {
        // GIVEN T1's decision in the cache, and two messages: T1 and T2 both issued 19 days ago, beside a young T3
        fastPath.cache.put(new IdempotencyKey("T1"), new CachedDecision(Decision.declined("INSUFFICIENT_FUNDS"),
                Fingerprint.of(Map.of("key", "T1"))));
        Instant old = NOW.minus(Duration.ofDays(19));
        List<DeadLetter> sent = new ArrayList<>();
        DeadLetterChannel channel = (letters, remaining) -> {
            sent.addAll(letters);
            return letters.stream().map(letter -> letter.message().messageId()).collect(Collectors.toSet());
        };
        // WHEN processed
        BatchResult result = receiver.process(List.of(new InboundMessage("m1", body("T1", old), Optional.empty()),
                        new InboundMessage("m2", body("T2", old), Optional.empty()),
                        new InboundMessage("m3", body("T3", NOW), Optional.empty())),
                RemainingTime.UNBOUNDED, Invocation.OUTSIDE_LAMBDA, channel);
        // THEN the old ones are refused as too old, dead-lettered with their keys; only T3 reaches the store
        assertTrue(MessageAge.tooOld((Outcome.Rejected) result.results().get(0).outcome()));
        assertTrue(MessageAge.tooOld((Outcome.Rejected) result.results().get(1).outcome()));
        assertEquals(new Outcome.Approved(), result.results().get(2).outcome());
        assertEquals(List.of(new IdempotencyKey("T3")), store.calls);
        assertEquals(Set.of(Optional.of(new IdempotencyKey("T1")), Optional.of(new IdempotencyKey("T2"))),
                sent.stream().map(DeadLetter::key).collect(Collectors.toSet()));
        // AND the cache was asked once (about T3 alone: T1's entry answered nothing) and told of T3 alone
        assertEquals(1, fastPath.lookups);
        assertEquals(Set.of(new IdempotencyKey("T1"), new IdempotencyKey("T3")), fastPath.cache.keySet());
        assertEquals(Optional.of(new IdempotencyKey("T1")), telemetry.reports.get(0).key());
    }

    @Test
    void aMessageWithinTheBound_stillAnswersDuplicateFromTheCache() {
        fastPath.cache.put(new IdempotencyKey("T1"), new CachedDecision(Decision.approved(), Fingerprint.of(Map.of("key", "T1"))));
        BatchResult result = receiver.process(List.of(new InboundMessage("m1", body("T1", NOW.minus(Duration.ofDays(17))),
                Optional.empty())), RemainingTime.UNBOUNDED);
        assertEquals(new Outcome.Duplicate(DuplicateSource.FAST_PATH, Decision.approved()), result.results().get(0).outcome());
        assertEquals(List.of(), store.calls);
    }
}
