package com.example.sim.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.receiver.testing.TestCacheNodes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The cache model and the FIFO queue model, each behaviour as its page states it (cited in their Javadoc). */
class CacheAndFifoModelsTest {


    private static final Duration TIMEOUT = Duration.ofMillis(50);

    @Test
    void setex_keepsTheValueForItsSeconds_onTheVirtualClock() {
        StillWorld world = new StillWorld();
        CacheModel cache = new CacheModel(world, micros -> { }, CacheModel.Mode.SERVERLESS, 3);
        TestCacheNodes client = cache.client(TIMEOUT);
        String node = client.nodeOf("dedup:a");
        assertEquals(CacheModel.ENDPOINT, node);
        client.setex(node, List.of("dedup:a"), Map.of("dedup:a", "v"), 60);
        world.now = world.now.plusSeconds(59);
        assertEquals(Map.of("dedup:a", "v"), client.get(node, List.of("dedup:a", "dedup:b")).values());
        world.now = world.now.plusSeconds(1);
        assertEquals(Map.of(), client.get(node, List.of("dedup:a")).values());
    }

    @Test
    void failover_losesTheShardsWritesOfTheLastSeconds_only_andTheShardTimesOutUntilPromoted() {
        StillWorld world = new StillWorld();
        List<Long> waited = new ArrayList<>();
        CacheModel cache = new CacheModel(world, waited::add, CacheModel.Mode.SERVERLESS, 1);
        TestCacheNodes client = cache.client(TIMEOUT);
        String node = client.nodeOf("dedup:old");
        client.setex(node, List.of("dedup:old"), Map.of("dedup:old", "1"), 3600);
        world.now = world.now.plusSeconds(20);
        client.setex(node, List.of("dedup:new"), Map.of("dedup:new", "2"), 3600);
        world.now = world.now.plusSeconds(1);
        // WHEN the primary fails with 5 s not yet replicated
        cache.primaryFails(0, 5_000_000);
        // THEN the shard answers nothing: the read timeout, then an error
        assertThrows(IllegalStateException.class, () -> client.get(node, List.of("dedup:old")));
        assertEquals(List.of(50_000L), waited);
        // AND once the replica is promoted, it has what was replicated, not the last write
        cache.promoted(0);
        assertEquals(Map.of("dedup:old", "1"), client.get(node, List.of("dedup:old", "dedup:new")).values());
        assertEquals(1, cache.counts().lostValues());
    }

    @Test
    void clusterMode_oldPrimaryAnswersMoved_afterAFailover_andTheFollowedCommandLearnsTheNewOne() {
        StillWorld world = new StillWorld();
        CacheModel cache = new CacheModel(world, micros -> { }, CacheModel.Mode.CLUSTER, 3);
        TestCacheNodes client = cache.client(TIMEOUT);
        String key = "dedup:k";
        String before = client.nodeOf(key);
        client.setex(before, List.of(key), Map.of(key, "v"), 3600);
        world.now = world.now.plusSeconds(60);
        cache.primaryFails(cache.shardOf(key), 0);
        cache.promoted(cache.shardOf(key));
        TestCacheNodes.Reply reply = client.get(before, List.of(key));
        assertEquals(List.of(key), reply.redirected());
        assertEquals(Optional.of("v"), client.followedGet(key));
        assertTrue(!client.nodeOf(key).equals(before));
        // a key of another shard stays where it was
        assertEquals(16_384, CacheModel.SLOTS);
    }

    @Test
    void anUnreachableShard_timesOutEveryPipelineTouchingIt_andKeepsItsValues() {
        StillWorld world = new StillWorld();
        CacheModel cache = new CacheModel(world, micros -> { }, CacheModel.Mode.SERVERLESS, 1);
        TestCacheNodes client = cache.client(TIMEOUT);
        client.setex(CacheModel.ENDPOINT, List.of("dedup:a"), Map.of("dedup:a", "v"), 3600);
        cache.unreachable(0);
        assertThrows(IllegalStateException.class, () -> client.get(CacheModel.ENDPOINT, List.of("dedup:a")));
        cache.reachable(0);
        assertEquals(Map.of("dedup:a", "v"), client.get(CacheModel.ENDPOINT, List.of("dedup:a")).values());
    }

    private static SqsQueue fifo(StillWorld world, String name) {
        int[] ids = {0};
        SqsQueue queue = new SqsQueue(name, "eu-west-1", "123456789012", 30, 345_600, world, () -> "m" + ++ids[0]);
        queue.fifo();
        return queue;
    }

    @Test
    void fifo_aGroupInOrder_blockedWhileInFlight_otherGroupsServed() {
        StillWorld world = new StillWorld();
        SqsQueue queue = fifo(world, "payments.fifo");
        queue.send("a1", Map.of(), 0, "A", "a1");
        queue.send("b1", Map.of(), 0, "B", "b1");
        queue.send("a2", Map.of(), 0, "A", "a2");
        // a receive takes as many of the oldest group as it can, then others
        List<SqsMessage> first = queue.receive(2);
        assertEquals(List.of("a1", "a2"), first.stream().map(SqsMessage::body).toList());
        // A is in flight: only B is given, and nothing more after it
        List<SqsMessage> other = queue.receive(10);
        assertEquals(List.of("b1"), other.stream().map(SqsMessage::body).toList());
        assertEquals(List.of(), queue.receive(10));
        queue.delete(other.get(0).receiptHandle());
        assertEquals(0, queue.visible(10));
        // a1 deleted, a2 still in flight: A stays blocked until a2's visibility timeout
        queue.delete(first.get(0).receiptHandle());
        assertEquals(List.of(), queue.receive(10));
        assertEquals(Optional.of(world.now.plusSeconds(30)), queue.nextVisibleAt());
        world.now = world.now.plusSeconds(30);
        SqsMessage again = queue.receive(10).get(0);
        assertEquals("a2", again.body());
        assertEquals(2, again.receiveCount());
        assertEquals(Optional.of("A"), again.groupId());
    }

    @Test
    void fifo_deduplicatesTheSameIdForFiveMinutes_evenAfterTheDelete() {
        StillWorld world = new StillWorld();
        SqsQueue queue = fifo(world, "payments.fifo");
        SqsMessage sent = queue.send("x", Map.of(), 0, "A", "d");
        queue.delete(queue.receive(1).get(0).receiptHandle());
        world.now = world.now.plusSeconds(299);
        assertSame(sent, queue.send("x again", Map.of(), 0, "A", "d"));
        assertEquals(0, queue.depth());
        world.now = world.now.plusSeconds(1);
        queue.send("x later", Map.of(), 0, "A", "d");
        assertEquals(1, queue.depth());
        // a FIFO queue needs its group; its DLQ must be FIFO too
        assertThrows(IllegalArgumentException.class, () -> queue.send("no group", Map.of(), 0));
        int[] ids = {0};
        SqsQueue standard = new SqsQueue("dlq", "eu-west-1", "123456789012", 30, 100, world, () -> "s" + ++ids[0]);
        assertThrows(IllegalArgumentException.class, () -> queue.redrivePolicy(standard, 3));
    }

    @Test
    void fifo_redrivePolicy_movesTheHeadAndTheGroupGoesOn_aRedriveSendsItToTheTail() {
        StillWorld world = new StillWorld();
        SqsQueue queue = fifo(world, "payments.fifo");
        SqsQueue deadLetters = fifo(world, "payments-dlq.fifo");
        queue.redrivePolicy(deadLetters, 2);
        queue.send("a1", Map.of(), 0, "A", "a1");
        queue.receive(1); // a1 in flight, never deleted
        world.now = world.now.plusSeconds(30);
        queue.receive(1);
        world.now = world.now.plusSeconds(30);
        queue.send("a2", Map.of(), 0, "A", "a2");
        // a1 has had its two receives: moved at the next, and a2 is given behind it
        assertEquals(List.of("a2"), queue.receive(10).stream().map(SqsMessage::body).toList());
        SqsMessage dead = deadLetters.messages().get(0);
        assertEquals(Optional.of("A"), dead.groupId());
        deadLetters.moveOne(dead, queue);
        world.now = world.now.plusSeconds(30); // a2 visible again, ahead of the redriven a1
        assertEquals(List.of("a2", "a1"), queue.receive(10).stream().map(SqsMessage::body).toList());
    }

    @Test
    void fifo_aDeadLetterStaysTheDlqsWholeRetention_fromItsMove_underItsOwnIdAsDeduplicationId() {
        assertEquals(List.of("a1"), deadLettersAfterThreeDaysAndAHalfInTheDlq(null));
    }

    @Test
    void fifo_aDeadLetterKeepingItsClock_isTakenByTheDlqsRetentionEarly_soTheTestAboveCanFail() {
        assertEquals(List.of(), deadLettersAfterThreeDaysAndAHalfInTheDlq(Softness.FIFO_DEAD_LETTERS_KEEP_THEIR_CLOCK));
    }

    /**
     * GIVEN a FIFO message 3 days in its queue before its redrive policy moves it to a FIFO DLQ of
     * 4 days' retention; WHEN 3.5 days pass in the DLQ; THEN what the DLQ still holds.
     */
    private static List<String> deadLettersAfterThreeDaysAndAHalfInTheDlq(Softness softness) {
        StillWorld world = new StillWorld();
        SqsQueue queue = fifo(world, "payments.fifo");
        int[] ids = {0};
        SqsQueue deadLetters = new SqsQueue("payments-dlq.fifo", "eu-west-1", "123456789012", 30, 4 * 86_400, world,
                () -> "d" + ++ids[0]);
        deadLetters.fifo();
        if (softness == null) {
            queue.redrivePolicy(deadLetters, 1);
        } else {
            queue.redrivePolicy(deadLetters, 1, softness);
        }
        SqsMessage sent = queue.send("a1", Map.of(), 0, "A", "producer-dedup-1");
        queue.receive(1);
        world.now = world.now.plus(Duration.ofDays(3));
        assertEquals(List.of(), queue.receive(1)); // its second receive moves it
        SqsMessage dead = deadLetters.stored().get(0);
        assertEquals(softness == null ? sent.id() : "producer-dedup-1", dead.deduplicationId());
        world.now = world.now.plus(Duration.ofHours(84));
        return deadLetters.messages().stream().map(SqsMessage::body).toList();
    }
}
