package com.example.receiver.internal.redis;

import static com.example.receiver.fixtures.SqsEvents.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdafakes.VirtualClock;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.localaws.RedisCluster;
import com.example.localaws.RedisNode;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.fixtures.SqsEvents;
import com.example.receiver.internal.config.ReceiverConfig;
import com.example.receiver.lambda.SeatReceiver;
import com.example.receiver.seats.Booking;
import com.example.receiver.seats.SeatTables;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * {@link RedisFastPath} on a TLS Redis Cluster, as ElastiCache runs it: the one-node cluster
 * owning every slot (ElastiCache Serverless) and a three-master cluster (a node-based cluster-mode
 * cache).
 *
 * <p>ElastiCache Serverless is cluster mode only, TLS always on: "ElastiCache Serverless ...
 * supports the Redis OSS cluster mode enabled protocol" and multi-key commands must stay in one
 * hash slot ("Best practices and caching strategies", Amazon ElastiCache User Guide,
 * https://docs.aws.amazon.com/AmazonElastiCache/latest/dg/serverless-best-practices.html; the
 * CROSSSLOT rule itself: "Redis cluster specification",
 * https://redis.io/docs/latest/operate/oss_and_stack/reference/cluster-spec/).
 *
 * <p>The round-trip count runs before the slot migration: a node keeps a {@code MIGRATE}
 * connection to its peer for 10 s and closes it then, which the peer's {@code INFO stats} count
 * as one more read.
 */
@ExtendWith(LocalAwsExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterFastPathTest {

    private final LocalAws aws;
    private final String run = UUID.randomUUID().toString().substring(0, 8);

    ClusterFastPathTest(LocalAws aws) {
        this.aws = aws;
    }

    /** {@code count} bookings of one event, ids {@code <prefix>-<run>-<i>}. */
    private List<Booking> bookings(String prefix, int count) {
        List<Booking> bookings = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            bookings.add(new Booking(prefix + "-" + run + "-" + i, "EVT-" + prefix + "-" + run, "S" + i));
        }
        return bookings;
    }

    private static String[] bodies(List<Booking> bookings) {
        return bookings.stream().map(Booking::body).toArray(String[]::new);
    }

    private static String keyOf(Booking booking) {
        return RedisFastPath.redisKey(SeatTables.KEY_PREFIX, new IdempotencyKey(booking.bookingId()));
    }

    @Test
    void mgetAcrossSlots_onTheServerlessShapedCluster_isRefusedWithCrossslot_whileTheFastPathServes() {
        try (SeatReceiver receiver = SeatReceiver.on(aws).fastPath(aws.redis()).build();
             Jedis plain = aws.redis().node(0).admin()) {
            List<Booking> two = bookings("X", 2);
            String first = keyOf(two.get(0));
            String second = keyOf(two.get(1));
            assertTrue(JedisClusterCRC16.getSlot(first) != JedisClusterCRC16.getSlot(second), "two slots");
            // WHEN a plain client sends one MGET of two keys in different slots to the one-node
            // cluster that owns every slot
            JedisDataException refused = assertThrows(JedisDataException.class, () -> plain.mget(first, second));
            // THEN the cluster refuses it, as ElastiCache Serverless does
            assertTrue(refused.getMessage().startsWith("CROSSSLOT"), refused.getMessage());
            // AND the fast path, asking per node in one pipeline, serves the same two keys
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(bodies(two)))));
            receiver.calls.reset();
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(bodies(two)))));
            assertEquals(2, receiver.metric("DuplicateFastPath"));
            assertEquals(0, receiver.calls.total());
            assertEquals(0, receiver.metric("FastPathUnavailable"));
        }
    }

    @Test
    @Order(1)
    void batchOfTenAcrossSlotsAndNodes_deliveredTwice_isTenFastPathDuplicates_inOneRoundTripPerNode() {
        RedisCluster cluster = aws.threeMasterRedis();
        cluster.flushAll();
        try (SeatReceiver receiver = SeatReceiver.on(aws).fastPath(cluster).build()) {
            List<Booking> batch = bookings("C", 10);
            Set<Integer> slots = new HashSet<>();
            Set<RedisNode> nodes = new HashSet<>();
            batch.forEach(booking -> {
                slots.add(JedisClusterCRC16.getSlot(keyOf(booking)));
                nodes.add(cluster.ownerOf(keyOf(booking)));
            });
            // GIVEN ten bookings whose keys span at least 3 slots on at least 2 nodes, decided once
            assertTrue(slots.size() >= 3 && nodes.size() >= 2, slots.size() + " slots on " + nodes.size() + " nodes");
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(bodies(batch)))));
            assertEquals(10, receiver.metric("Approved"));
            assertEquals(0, receiver.metric("FastPathUnavailable"));
            receiver.calls.reset();
            cluster.resetStats();
            // WHEN the batch is delivered again
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(bodies(batch)))));
            // THEN ten duplicates from the fast path, no DynamoDB call
            assertEquals(10, receiver.metric("DuplicateFastPath"));
            assertEquals(10, receiver.logsOf("DUPLICATE").stream().filter(line -> line.contains("\"source\":\"FAST_PATH\"")).count());
            assertEquals(0, receiver.calls.total());
            // AND each node holding keys was asked once (its own INFO stats), the others not at all
            for (RedisNode node : cluster.nodes()) {
                assertEquals(nodes.contains(node) ? 1 : 0, node.roundTrips(), node.endpoint());
            }
            assertEquals(10, cluster.calls("get"));
        }
    }

    @Test
    @Order(2)
    void slotMigratedAndMasterKilledDuringARun_everyBookingIsDecidedOnce_theOutageIsCounted_andTheFastPathServesAgain() {
        RedisCluster cluster = aws.threeMasterRedis();
        cluster.flushAll();
        VirtualClock clock = VirtualClock.atSystemTime();
        try (SeatReceiver receiver = SeatReceiver.on(aws).fastPath(cluster).clock(clock).build()) {
            List<List<Booking>> batches = new ArrayList<>();
            for (int b = 0; b < 5; b++) {
                batches.add(bookings("M" + b, 8));
            }
            // GIVEN 40 bookings decided in 5 batches of 8
            List<String> failed = new ArrayList<>();
            batches.forEach(batch -> failed.addAll(failures(receiver.handle(SqsEvents.of(bodies(batch))))));
            assertEquals(40, receiver.metric("Approved"));

            // WHEN the slot of a decided key moves to another master (MIGRATING/IMPORTING, MIGRATE, SETSLOT NODE)
            String moved = keyOf(batches.get(0).get(0));
            RedisNode from = cluster.ownerOf(moved);
            RedisNode to = cluster.nodes().stream().filter(node -> node != from).findFirst().orElseThrow();
            cluster.migrateSlotOf(moved, to);
            assertEquals(to, cluster.ownerOf(moved));
            // THEN its batch, redelivered, is still answered by the fast path alone (MOVED followed)
            receiver.calls.reset();
            failed.addAll(failures(receiver.handle(SqsEvents.of(bodies(batches.get(0))))));
            assertEquals(8, receiver.metric("DuplicateFastPath"));
            assertEquals(0, receiver.calls.total());

            // WHEN a master holding some of the next batch's keys is killed
            RedisNode killed = cluster.ownerOf(keyOf(batches.get(1).get(0)));
            killed.stop();
            failed.addAll(failures(receiver.handle(SqsEvents.of(bodies(batches.get(1))))));
            // THEN its keys fell through to DynamoDB, the other nodes still served theirs, and the outage was counted
            assertTrue(receiver.metric("DuplicateStore") >= 1, "keys of the killed node were decided by DynamoDB");
            assertEquals(16, receiver.metric("DuplicateFastPath") + receiver.metric("DuplicateStore"));
            assertTrue(receiver.metric("FastPathUnavailable") >= 1, "unavailability counted");

            // WHEN the node is restarted (empty, rejoining its cluster) and its breaker period is over
            killed.start();
            cluster.awaitHealthy();
            clock.advance(Duration.ofSeconds(6));
            long unavailableBefore = receiver.metric("FastPathUnavailable");
            failed.addAll(failures(receiver.handle(SqsEvents.of(bodies(batches.get(1))))));
            // THEN the fast path serves again, on every node: the restarted node's keys (gone with
            // its data) are decided by DynamoDB once more and written back, then answered by the cache
            long fastBefore = receiver.metric("DuplicateFastPath");
            receiver.calls.reset();
            failed.addAll(failures(receiver.handle(SqsEvents.of(bodies(batches.get(1))))));
            assertEquals(8, receiver.metric("DuplicateFastPath") - fastBefore);
            assertEquals(0, receiver.calls.total());
            assertEquals(unavailableBefore, receiver.metric("FastPathUnavailable"), "no unavailability after the restart");

            // AND every booking was decided exactly once: each seat held by its booking, nothing failed
            assertEquals(List.of(), failed);
            assertEquals(40, receiver.metric("Approved"));
            assertEquals(40, receiver.tables().holders().size());
        }
    }

    @Test
    void standaloneSetting_forANodeBasedCacheWithoutClusterMode_servesDuplicates() {
        RedisNode standalone = aws.standaloneRedis();
        standalone.flushAll();
        try (SeatReceiver receiver = SeatReceiver.on(aws).fastPath(aws.redis())
                .set(ReceiverConfig.FAST_PATH_ENDPOINT, standalone.endpoint())
                .set(ReceiverConfig.FAST_PATH_CLUSTER, "false").build()) {
            List<Booking> three = bookings("S", 3);
            // GIVEN three bookings decided through a standalone server
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(bodies(three)))));
            receiver.calls.reset();
            standalone.resetStats();
            // WHEN they are delivered again, THEN the server answers them in one round trip, no DynamoDB call
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(bodies(three)))));
            assertEquals(3, receiver.metric("DuplicateFastPath"));
            assertEquals(0, receiver.calls.total());
            assertEquals(1, standalone.roundTrips());
        }
    }
}
