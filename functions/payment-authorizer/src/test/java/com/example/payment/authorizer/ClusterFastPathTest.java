package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static com.example.payment.authorizer.AuthorizerRig.event;
import static com.example.payment.authorizer.AuthorizerRig.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.example.localaws.MovableClock;
import com.example.localaws.RedisCluster;
import com.example.localaws.RedisNode;
import com.example.receiver.internal.config.ReceiverConfig;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * The fast path on a TLS Redis Cluster, as ElastiCache runs it: the one-node cluster owning every
 * slot (ElastiCache Serverless) and a three-master cluster (a node-based cluster-mode cache).
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
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterFastPathTest extends LocalAwsTest {

    ClusterFastPathTest(LocalAws aws) {
        super(aws);
    }

    @Test
    void mgetAcrossSlots_onTheServerlessShapedCluster_isRefusedWithCrossslot_whileTheFastPathServes() {
        try (AuthorizerRig rig = AuthorizerRig.withFastPath(aws); Jedis plain = aws.redis().node(0).admin()) {
            rig.ledger.openAccounts(2, 10_000);
            String first = "dedup:PAYMENT#TXN-X-1";
            String second = "dedup:PAYMENT#TXN-X-2";
            assertTrue(JedisClusterCRC16.getSlot(first) != JedisClusterCRC16.getSlot(second), "two slots");
            // WHEN a plain client sends one MGET of two keys in different slots (what the fast path
            // used to send for every batch) to the one-node cluster that owns every slot
            JedisDataException refused = assertThrows(JedisDataException.class, () -> plain.mget(first, second));
            // THEN the cluster refuses it, as ElastiCache Serverless does: the old single-MGET
            // lookup turned this error into "unavailable" for every batch spanning two slots
            assertTrue(refused.getMessage().startsWith("CROSSSLOT"), refused.getMessage());
            // AND the fast path, asking per node in one pipeline, serves the same two keys
            String[] payments = {purchase("TXN-X-1", "ACC-0", "1.00", "EUR"), purchase("TXN-X-2", "ACC-1", "1.00", "EUR")};
            assertEquals(List.of(), failures(rig.invoke(event(payments))));
            rig.calls.reset();
            assertEquals(List.of(), failures(rig.invoke(event(payments))));
            assertEquals(2, rig.metric("DuplicateFastPath"));
            assertEquals(0, rig.calls.total());
            assertEquals(0, rig.metric("FastPathUnavailable"));
        }
    }

    @Test
    @Order(1)
    void batchOfTenAcrossSlotsAndNodes_deliveredTwice_isTenFastPathDuplicates_inOneRoundTripPerNode() {
        RedisCluster cluster = aws.threeMasterRedis();
        cluster.flushAll();
        try (AuthorizerRig rig = AuthorizerRig.with(aws, AuthorizerRig.environment(aws, cluster), Clock.systemUTC())) {
            rig.ledger.openAccounts(10, 10_000);
            String[] batch = new String[10];
            Set<Integer> slots = new HashSet<>();
            Set<RedisNode> nodes = new HashSet<>();
            for (int i = 0; i < batch.length; i++) {
                batch[i] = purchase("TXN-C-" + i, "ACC-" + i, "1.00", "EUR");
                slots.add(JedisClusterCRC16.getSlot("dedup:PAYMENT#TXN-C-" + i));
                nodes.add(cluster.ownerOf("dedup:PAYMENT#TXN-C-" + i));
            }
            // GIVEN ten payments whose keys span at least 3 slots on at least 2 nodes, decided once
            assertTrue(slots.size() >= 3 && nodes.size() >= 2, slots.size() + " slots on " + nodes.size() + " nodes");
            assertEquals(List.of(), failures(rig.invoke(event(batch))));
            assertEquals(10, rig.metric("Approved"));
            assertEquals(0, rig.metric("FastPathUnavailable"), String.join("\n", rig.lines()));
            rig.calls.reset();
            cluster.resetStats();
            // WHEN the batch is delivered again
            assertEquals(List.of(), failures(rig.invoke(event(batch))));
            // THEN ten duplicates from the fast path, no DynamoDB call
            assertEquals(10, rig.metric("DuplicateFastPath"));
            assertEquals(10, rig.logsOf("DUPLICATE").stream().filter(line -> line.contains("\"source\":\"FAST_PATH\"")).count());
            assertEquals(0, rig.calls.total());
            // AND each node holding keys was asked once (its own INFO stats), the others not at all
            for (RedisNode node : cluster.nodes()) {
                assertEquals(nodes.contains(node) ? 1 : 0, node.roundTrips(), node.endpoint());
            }
            assertEquals(10, cluster.calls("get"));
        }
    }

    @Test
    @Order(2)
    void slotMigratedAndMasterKilledDuringARun_everyPaymentIsDecidedOnce_theOutageIsCounted_andTheFastPathServesAgain() {
        RedisCluster cluster = aws.threeMasterRedis();
        cluster.flushAll();
        MovableClock clock = new MovableClock();
        try (AuthorizerRig rig = AuthorizerRig.with(aws, AuthorizerRig.environment(aws, cluster), clock)) {
            rig.ledger.openAccounts(5, 1_000_000);
            List<List<String>> batches = new ArrayList<>();
            for (int b = 0; b < 5; b++) {
                List<String> batch = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                    int n = b * 8 + i;
                    batch.add(purchase("TXN-M-" + n, "ACC-" + (n % 5), "1.00", "EUR"));
                }
                batches.add(batch);
            }
            // GIVEN 40 payments decided in 5 batches of 8
            List<String> failed = new ArrayList<>();
            batches.forEach(batch -> failed.addAll(failures(rig.invoke(event(batch.toArray(String[]::new))))));
            assertEquals(40, rig.metric("Approved"));

            // WHEN the slot of a decided key moves to another master (MIGRATING/IMPORTING, MIGRATE, SETSLOT NODE)
            String moved = "dedup:PAYMENT#TXN-M-0";
            RedisNode from = cluster.ownerOf(moved);
            RedisNode to = cluster.nodes().stream().filter(node -> node != from).findFirst().orElseThrow();
            cluster.migrateSlotOf(moved, to);
            assertEquals(to, cluster.ownerOf(moved));
            // THEN its batch, redelivered, is still answered by the fast path alone (MOVED followed)
            rig.calls.reset();
            failed.addAll(failures(rig.invoke(event(batches.get(0).toArray(String[]::new)))));
            assertEquals(8, rig.metric("DuplicateFastPath"));
            assertEquals(0, rig.calls.total());

            // WHEN a master holding some of the next batch's keys is killed
            RedisNode killed = cluster.ownerOf("dedup:PAYMENT#TXN-M-8");
            killed.stop();
            failed.addAll(failures(rig.invoke(event(batches.get(1).toArray(String[]::new)))));
            // THEN its keys fell through to DynamoDB, the other nodes still served theirs, and the outage was counted
            assertTrue(rig.metric("DuplicateStore") >= 1, "keys of the killed node were decided by DynamoDB");
            assertTrue(rig.metric("DuplicateFastPath") > 8, "the other nodes still served");
            assertEquals(16, rig.metric("DuplicateFastPath") + rig.metric("DuplicateStore"));
            assertTrue(rig.metric("FastPathUnavailable") >= 1, "unavailability counted");

            // WHEN the node is restarted (empty, rejoining its cluster) and its breaker period is over
            killed.start();
            cluster.awaitHealthy();
            clock.advance(Duration.ofSeconds(6));
            long unavailableBefore = rig.metric("FastPathUnavailable");
            failed.addAll(failures(rig.invoke(event(batches.get(1).toArray(String[]::new)))));
            // THEN the fast path serves again, on every node: the restarted node's keys (gone with
            // its data) are decided by DynamoDB once more and written back, then answered by the cache
            long fastBefore = rig.metric("DuplicateFastPath");
            rig.calls.reset();
            failed.addAll(failures(rig.invoke(event(batches.get(1).toArray(String[]::new)))));
            assertEquals(8, rig.metric("DuplicateFastPath") - fastBefore);
            assertEquals(0, rig.calls.total());
            assertEquals(unavailableBefore, rig.metric("FastPathUnavailable"), "no unavailability after the restart");

            // AND every payment was decided exactly once: balances and ledger exact, nothing failed
            assertEquals(List.of(), failed);
            assertEquals(40, rig.metric("Approved"));
            for (int a = 0; a < 5; a++) {
                assertEquals(1_000_000 - 800, rig.ledger.balance("ACC-" + a));
            }
            assertEquals(40, rig.ledger.allEntries());
        }
    }

    @Test
    void standaloneSetting_forANodeBasedCacheWithoutClusterMode_servesDuplicates() {
        RedisNode standalone = aws.standaloneRedis();
        standalone.flushAll();
        Map<String, String> env = new HashMap<>(AuthorizerRig.environment(aws, aws.redis()));
        env.put(ReceiverConfig.FAST_PATH_ENDPOINT, standalone.endpoint());
        env.put(ReceiverConfig.FAST_PATH_CLUSTER, "false");
        try (AuthorizerRig rig = AuthorizerRig.with(aws, env, Clock.systemUTC())) {
            rig.ledger.openAccounts(3, 10_000);
            String[] batch = {purchase("TXN-S-1", "ACC-0", "1.00", "EUR"), purchase("TXN-S-2", "ACC-1", "1.00", "EUR"),
                    purchase("TXN-S-3", "ACC-2", "1.00", "EUR")};
            // GIVEN three payments decided through a standalone server (keys in three slots, one MGET would work there too)
            assertEquals(List.of(), failures(rig.invoke(event(batch))));
            rig.calls.reset();
            standalone.resetStats();
            // WHEN they are delivered again, THEN the server answers them in one round trip, no DynamoDB call
            assertEquals(List.of(), failures(rig.invoke(event(batch))));
            assertEquals(3, rig.metric("DuplicateFastPath"));
            assertEquals(0, rig.calls.total());
            assertEquals(1, standalone.roundTrips());
        }
    }
}
