package com.example.receiver.internal.redis;

import static com.example.receiver.fixtures.SqsEvents.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.localaws.RedisCluster;
import com.example.localaws.RedisNode;
import com.example.receiver.fixtures.SqsEvents;
import com.example.receiver.internal.config.ReceiverConfig;
import com.example.receiver.lambda.SeatReceiver;
import com.example.receiver.seats.Booking;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
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
 * learns of it only when it uses the connection again. Here each node closes the receiver's
 * connections ({@code CLIENT KILL ID}, https://redis.io/docs/latest/commands/client-kill/), which
 * the client likewise learns of on its next command, and the environment stays idle past a small
 * {@code FAST_PATH_MAX_IDLE_MS}.
 */
@ExtendWith(LocalAwsExtension.class)
class IdleConnectionTest {

    private static final long MAX_IDLE_MS = 200;
    /** The name the fast path gives its connections ({@code CLIENT SETNAME}), which CLIENT LIST shows. */
    private static final String CLIENT_NAME = "idempotent-receiver";

    private final LocalAws aws;

    IdleConnectionTest(LocalAws aws) {
        this.aws = aws;
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
        try (SeatReceiver receiver = SeatReceiver.on(aws).fastPath(cache)
                .set(ReceiverConfig.FAST_PATH_MAX_IDLE_MS, Long.toString(MAX_IDLE_MS)).build()) {
            String run = UUID.randomUUID().toString().substring(0, 8);
            String[] batch = new String[6];
            for (int i = 0; i < batch.length; i++) {
                batch[i] = Booking.body("BKG-IDLE-" + run + "-" + i, "EVT-" + i, "A1");
            }
            // GIVEN six bookings decided, and their redelivery answered by the fast path: its connections are pooled
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(batch))));
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(batch))));
            assertEquals(6, receiver.metric("DuplicateFastPath"));

            // WHEN every node closes the receiver's connections, and the environment stays idle past the limit
            assertTrue(closeReceiverConnections(cache) >= 1, "the receiver had connections open");
            Thread.sleep(2 * MAX_IDLE_MS);
            receiver.calls.reset();
            List<String> failed = failures(receiver.handle(SqsEvents.of(batch)));

            // THEN the redelivery is answered by the fast path alone, and no outage is counted
            assertEquals(List.of(), failed);
            assertEquals(12, receiver.metric("DuplicateFastPath"));
            assertEquals(0, receiver.calls.total(), "no DynamoDB call");
            assertEquals(0, receiver.metric("FastPathUnavailable"), "no node's breaker opened");
            // AND each booking holds its seat once
            assertEquals(6, receiver.tables().holders().size());
        }
    }

    /** Closes, on every node, the connections the receiver opened (by its client name); answers how many. */
    private static long closeReceiverConnections(RedisCluster cache) {
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
