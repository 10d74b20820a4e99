package com.example.payment.authorizer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localpayments.ReceiverEnvironment;
import com.example.payment.InMemoryStore;
import com.example.payment.Payment;
import com.example.receiver.lambda.IdempotentReceiver;
import com.example.receiver.lambda.ReceiverBuilder;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.receiver.testing.InMemoryCacheNode;
import com.example.receiver.testing.ReceiverTestKit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local resources turned into variables ({@link ReceiverEnvironment}) are the receiver's, by
 * its own names ({@link ReceiverVariables}), with the values the local run means, and the
 * function's receiver builds on them: the store and its windows, and the fast path on a TLS Redis
 * Cluster (milliseconds, no AWS: the store and the cache's nodes are the library's test kit's).
 * Here, not in testing/local-aws, whose tests run without the receiver.
 */
class ReceiverEnvironmentTest {

    private static final Map<String, String> PAYMENT_TABLES = Map.of("ACCOUNTS_TABLE", "accounts", "LEDGER_TABLE", "ledger");

    @TempDir
    Path work;

    @Test
    void localStoreAndCluster_readBackByTheReceiversConfiguration() throws IOException {
        // GIVEN the variables of a local run: a table, a cluster with its CA, the signing secret's name
        Path caFile = Files.writeString(work.resolve("ca.pem"), "-----BEGIN CERTIFICATE-----\n");
        Map<String, String> variables = new HashMap<>(ReceiverEnvironment.idempotencyStore("IdempotencyTable"));
        variables.putAll(ReceiverEnvironment.fastPath("127.0.0.1:7001", caFile, "local/fast-path-key"));

        // THEN they keep records 30 days in that table, for a queue keeping messages four days
        // AND reach the cache over TLS, trusting the local CA, in cluster mode, signing with the secret
        assertEquals(Map.of(
                ReceiverVariables.IDEMPOTENCY_TABLE, "IdempotencyTable",
                ReceiverVariables.IDEMPOTENCY_TTL_SECONDS, Long.toString(Duration.ofDays(30).toSeconds()),
                ReceiverVariables.QUEUE_RETENTION_SECONDS, Long.toString(Duration.ofDays(4).toSeconds()),
                ReceiverVariables.FAST_PATH_ENDPOINT, "127.0.0.1:7001",
                ReceiverVariables.FAST_PATH_TLS, "true",
                ReceiverVariables.FAST_PATH_CLUSTER, "true",
                ReceiverVariables.FAST_PATH_CA_FILE, caFile.toString(),
                ReceiverVariables.FAST_PATH_SIGNING_SECRET, "local/fast-path-key",
                ReceiverVariables.FAST_PATH_TIMEOUT_MS, "50"), variables);

        // WHEN the function's receiver is built on them
        Built built = build(variables);

        // THEN it accepted them, read the signing key from that secret, and connected the fast path
        // with a 50 ms read timeout
        assertEquals(List.of("local/fast-path-key"), built.secretsRead());
        assertEquals(List.of(Duration.ofMillis(50)), built.fastPathTimeouts());
    }

    @Test
    void aLongerRecordWindow_isTheOneRead() {
        // GIVEN records kept 30 days
        Map<String, String> variables = ReceiverEnvironment.idempotencyStore("T", Duration.ofDays(30));
        assertEquals(Long.toString(Duration.ofDays(30).toSeconds()), variables.get(ReceiverVariables.IDEMPOTENCY_TTL_SECONDS));

        // WHEN the function's receiver is built on them, THEN it accepts them, and has no fast path
        Built built = build(variables);
        assertTrue(built.fastPathTimeouts().isEmpty(), built.fastPathTimeouts()::toString);
        assertTrue(built.secretsRead().isEmpty(), built.secretsRead()::toString);
    }

    /** What building the function's receiver on {@code variables} read: the secrets, and each fast path's read timeout. */
    private record Built(List<String> secretsRead, List<Duration> fastPathTimeouts) {
    }

    private static Built build(Map<String, String> variables) {
        Map<String, String> environment = new HashMap<>(variables);
        environment.putAll(PAYMENT_TABLES);
        environment.put(ReceiverVariables.SOON_REDELIVERY, "false");
        List<String> secretsRead = new ArrayList<>();
        List<Duration> timeouts = new ArrayList<>();
        ReceiverBuilder<Payment> builder = OfflineReceivers.builder(environment, secretId -> {
            secretsRead.add(secretId);
            return "a-fast-path-signing-key-of-at-least-32-bytes";
        }, 1);
        ReceiverTestKit.of(builder).store(built -> new InMemoryStore()).cacheNodes(timeout -> {
            timeouts.add(timeout);
            return new InMemoryCacheNode();
        }, Executors::newFixedThreadPool);
        try (IdempotentReceiver<Payment> receiver = builder.build()) {
            return new Built(List.copyOf(secretsRead), List.copyOf(timeouts));
        }
    }
}
