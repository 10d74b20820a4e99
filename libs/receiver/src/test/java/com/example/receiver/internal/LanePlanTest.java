package com.example.receiver.internal;

import static com.example.receiver.internal.LanePlan.Tag.AFTER_FIFO_STOP;
import static com.example.receiver.internal.LanePlan.Tag.FAST_PATH_HIT;
import static com.example.receiver.internal.LanePlan.Tag.IN_BATCH_REPLAY;
import static com.example.receiver.internal.LanePlan.Tag.REJECTED;
import static com.example.receiver.internal.LanePlan.Tag.TO_STORE;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.receiver.Command;
import com.example.receiver.Decision;
import com.example.receiver.Fingerprint;
import com.example.receiver.IdempotencyKey;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Which way each message of a lane goes: one test per tag. A message here is {@code key,variant}
 * (its fingerprint differs with the variant) or {@code -} (no command).
 */
class LanePlanTest {

    /** What the fast path knows: K9 decided for variant a. */
    private static final Map<IdempotencyKey, CachedDecision> HITS =
            Map.of(new IdempotencyKey("K9"), new CachedDecision(Decision.approved(), fingerprint("K9", "a")));

    @Test
    void messageWithoutCommand_isRejected_andTheOthersStillGoToTheStore() {
        LanePlan plan = plan(false, "-", "K1,a", "-", "K2,a");
        assertEquals(List.of(REJECTED, TO_STORE, REJECTED, TO_STORE), tags(plan, 4));
        assertEquals(List.of(1, 3), plan.toStore());
    }

    @Test
    void keyMetEarlierInTheLane_isAnInBatchReplayOfItsFirstMessage_evenWhenTheFastPathKnowsIt() {
        LanePlan plan = plan(false, "K1,a", "K9,a", "K1,a", "K9,a");
        assertEquals(List.of(TO_STORE, FAST_PATH_HIT, IN_BATCH_REPLAY, IN_BATCH_REPLAY), tags(plan, 4));
        assertEquals(0, plan.firstOfKey(2));
        assertEquals(1, plan.firstOfKey(3));
        assertEquals(List.of(0), plan.toStore());
    }

    @Test
    void keyTheFastPathKnows_isAHit_andNeverReachesTheStore() {
        LanePlan plan = plan(false, "K9,a", "K1,a", "K2,a");
        assertEquals(List.of(FAST_PATH_HIT, TO_STORE, TO_STORE), tags(plan, 3));
        assertEquals(List.of(1, 2), plan.toStore());
    }

    @Test
    void newKeys_goToTheStore_inTheirOrder() {
        LanePlan plan = plan(true, "K1,a", "K2,a", "K3,a");
        assertEquals(List.of(TO_STORE, TO_STORE, TO_STORE), tags(plan, 3));
        assertEquals(List.of(0, 1, 2), plan.toStore());
        assertEquals(2, plan.firstOfKey(2));
    }

    @Test
    void onFifo_everythingAfterARejectionOrAConflict_isStopped_butAMatchingReplayOrHitIsNot() {
        // a replay and a hit of the same operation let the group go on
        assertEquals(List.of(TO_STORE, IN_BATCH_REPLAY, FAST_PATH_HIT, TO_STORE),
                tags(plan(true, "K1,a", "K1,a", "K9,a", "K2,a"), 4));
        // a rejection stops the group after it
        assertEquals(List.of(TO_STORE, REJECTED, AFTER_FIFO_STOP, AFTER_FIFO_STOP),
                tags(plan(true, "K1,a", "-", "K2,a", "K1,a"), 4));
        // a replay under a different operation (a conflict) stops it
        LanePlan replayConflict = plan(true, "K1,a", "K1,b", "K2,a");
        assertEquals(List.of(TO_STORE, IN_BATCH_REPLAY, AFTER_FIFO_STOP), tags(replayConflict, 3));
        assertEquals(List.of(0), replayConflict.toStore());
        // a fast-path hit under a different operation (a conflict) stops it
        assertEquals(List.of(TO_STORE, FAST_PATH_HIT, AFTER_FIFO_STOP), tags(plan(true, "K1,a", "K9,b", "K2,a"), 3));
        // on a standard queue nothing stops a lane
        assertEquals(List.of(REJECTED, FAST_PATH_HIT, TO_STORE), tags(plan(false, "-", "K9,b", "K2,a"), 3));
    }

    @Test
    void fifoLaneOfTwoGroups_stopsOnlyTheGroupThatFailed() {
        // GIVEN one lane holding groups A and B (they write one item), A's first message rejected
        List<Optional<Command<String>>> commands = Arrays.stream(new String[] {"-", "K1,a", "K2,a", "K3,a"})
                .map(LanePlanTest::command).toList();
        List<Optional<String>> groups = Stream.of("A", "B", "A", "B").map(Optional::of).toList();
        // WHEN it is planned
        LanePlan plan = LanePlan.of(commands, groups, HITS);
        // THEN A stops after its rejected message, and B goes on to the store
        assertEquals(List.of(REJECTED, TO_STORE, AFTER_FIFO_STOP, TO_STORE), tags(plan, 4));
        assertEquals(List.of(1, 3), plan.toStore());
    }

    private static LanePlan plan(boolean fifo, String... messages) {
        List<Optional<Command<String>>> commands = Arrays.stream(messages).map(LanePlanTest::command).toList();
        return LanePlan.of(commands, Collections.nCopies(commands.size(), fifo ? Optional.of("G") : Optional.<String>empty()),
                HITS);
    }

    private static Optional<Command<String>> command(String message) {
        if (message.equals("-")) {
            return Optional.empty();
        }
        String[] parts = message.split(",");
        return Optional.of(new Command<>(new IdempotencyKey(parts[0]), fingerprint(parts[0], parts[1]), "lane", message));
    }

    private static Fingerprint fingerprint(String key, String variant) {
        return Fingerprint.of(Map.of("key", key, "variant", variant));
    }

    private static List<LanePlan.Tag> tags(LanePlan plan, int size) {
        return IntStream.range(0, size).mapToObj(plan::tag).toList();
    }
}
