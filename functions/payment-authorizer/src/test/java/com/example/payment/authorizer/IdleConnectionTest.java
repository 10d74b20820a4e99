package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static com.example.payment.authorizer.AuthorizerRig.event;
import static com.example.payment.authorizer.AuthorizerRig.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.example.localaws.RedisCluster;
import com.example.localaws.RedisNode;
import com.example.receiver.internal.config.ReceiverConfig;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ClientKillParams;

/**
 * A Lambda environment keeps its pooled connections to the cache while it is frozen between
 * invocations, but the network path may drop them meanwhile: a NAT gateway drops a TCP
 * connection idle for 350 s and answers its next packet with a reset ("Troubleshoot NAT
 * gateways", Amazon VPC User Guide,
 * https://docs.aws.amazon.com/vpc/latest/userguide/nat-gateway-troubleshooting.html). The client
 * learns of it only when it uses the connection again. Here each node closes the function's
 * connections ({@code CLIENT KILL ID}, https://redis.io/docs/latest/commands/client-kill/), which
 * the client likewise learns of on its next command, and the environment stays idle past a small
 * {@code FAST_PATH_MAX_IDLE_MS}.
 */
class IdleConnectionTest extends LocalAwsTest {

    /** The name the function gives its connections (RedisFastPath's client configuration). */
    private static final String CLIENT_NAME = "idempotent-receiver";
    private static final long MAX_IDLE_MS = 200;

    IdleConnectionTest(LocalAws aws) {
        super(aws);
    }

    static Stream<Arguments> caches() {
        Function<LocalAws, RedisCluster> serverless = LocalAws::redis;
        Function<LocalAws, RedisCluster> threeMasters = LocalAws::threeMasterRedis;
        return Stream.of(Arguments.of("one node owning every slot", serverless),
                Arguments.of("three masters", threeMasters));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("caches")
    void connectionsDroppedWhileIdle_areReplacedWhenBorrowed_andTheNextBatchIsAnsweredByTheFastPath(
            String shape, Function<LocalAws, RedisCluster> cacheOf) throws InterruptedException {
        RedisCluster cache = cacheOf.apply(aws);
        cache.flushAll();
        Map<String, String> env = new HashMap<>(AuthorizerRig.environment(aws, cache));
        env.put(ReceiverConfig.FAST_PATH_MAX_IDLE_MS, Long.toString(MAX_IDLE_MS));
        try (AuthorizerRig rig = AuthorizerRig.with(aws, env, Clock.systemUTC())) {
            rig.ledger.openAccounts(6, 10_000);
            String[] batch = new String[6];
            for (int i = 0; i < batch.length; i++) {
                batch[i] = purchase("TXN-IDLE-" + i, "ACC-" + i, "1.00", "EUR");
            }
            // GIVEN six payments decided, and their redelivery answered by the fast path: its connections are pooled
            assertEquals(List.of(), failures(rig.invoke(event(batch))));
            assertEquals(List.of(), failures(rig.invoke(event(batch))));
            assertEquals(6, rig.metric("DuplicateFastPath"));

            // WHEN every node closes the function's connections, and the environment stays idle past the limit
            assertTrue(closeFunctionConnections(cache) >= 1, "the function had connections open");
            Thread.sleep(2 * MAX_IDLE_MS);
            rig.calls.reset();
            List<String> failed = failures(rig.invoke(event(batch)));

            // THEN the redelivery is answered by the fast path alone, and no outage is counted
            assertEquals(List.of(), failed);
            assertEquals(12, rig.metric("DuplicateFastPath"), String.join("\n", rig.lines()));
            assertEquals(0, rig.calls.total(), "no DynamoDB call");
            assertEquals(0, rig.metric("FastPathUnavailable"), "no node's breaker opened");
            // AND the money moved once per payment
            for (int i = 0; i < batch.length; i++) {
                assertEquals(10_000 - 100, rig.ledger.balance("ACC-" + i));
            }
        }
    }

    /** Closes, on every node, the connections the function opened; answers how many. */
    private static long closeFunctionConnections(RedisCluster cache) {
        long closed = 0;
        for (RedisNode node : cache.nodes()) {
            try (Jedis admin = node.admin()) {
                for (String client : admin.clientList().split("\n")) {
                    if (client.contains(" name=" + CLIENT_NAME + " ")) {
                        closed += admin.clientKill(ClientKillParams.clientKillParams().id(field(client, "id")));
                    }
                }
            }
        }
        return closed;
    }

    /** One {@code name=value} field of a {@code CLIENT LIST} line. */
    private static String field(String client, String name) {
        for (String pair : client.split(" ")) {
            if (pair.startsWith(name + "=")) {
                return pair.substring(name.length() + 1);
            }
        }
        throw new IllegalStateException("no " + name + " in " + client);
    }
}
