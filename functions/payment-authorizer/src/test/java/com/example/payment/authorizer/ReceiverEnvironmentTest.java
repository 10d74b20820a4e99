package com.example.payment.authorizer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdakit.config.Environment;
import com.example.localpayments.ReceiverEnvironment;
import com.example.receiver.internal.config.FastPathConfig;
import com.example.receiver.internal.config.ReceiverConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local resources turned into variables ({@link ReceiverEnvironment}) are what the receiver's
 * own configuration reads back: the store and its windows, and the fast path on a TLS Redis
 * Cluster (milliseconds, no AWS). Here, not in testing/local-aws, whose tests run without the receiver.
 */
class ReceiverEnvironmentTest {

    @TempDir
    Path work;

    @Test
    void localStoreAndCluster_readBackByTheReceiversConfiguration() throws IOException {
        // GIVEN the variables of a local run: a table, a cluster with its CA, the signing secret's name
        Path caFile = Files.writeString(work.resolve("ca.pem"), "-----BEGIN CERTIFICATE-----\n");
        Map<String, String> variables = new HashMap<>(ReceiverEnvironment.idempotencyStore("IdempotencyTable"));
        variables.putAll(ReceiverEnvironment.fastPath("127.0.0.1:7001", caFile, "local/fast-path-key"));

        // WHEN the receiver reads them
        ReceiverConfig config = ReceiverConfig.from(new Environment(variables));

        // THEN it keeps records 30 days in that table, for a queue keeping messages four days
        assertEquals("IdempotencyTable", config.idempotencyTable());
        assertEquals(Duration.ofDays(30), config.recordTtl());
        assertEquals(Duration.ofDays(4), config.queueRetention());
        // AND it reaches the cache over TLS, trusting the local CA, in cluster mode, signing with the secret
        assertTrue(config.fastPath().isPresent());
        FastPathConfig cache = config.fastPath().orElseThrow();
        assertEquals("127.0.0.1", cache.host());
        assertEquals(7001, cache.port());
        assertTrue(cache.tls());
        assertTrue(cache.cluster());
        assertEquals(Optional.of(caFile), cache.caFile());
        assertEquals("local/fast-path-key", cache.signingSecret());
        assertEquals(Duration.ofMillis(50), cache.timeout());
    }

    @Test
    void aLongerRecordWindow_isTheOneRead() {
        // GIVEN records kept 30 days
        Map<String, String> variables = ReceiverEnvironment.idempotencyStore("T", Duration.ofDays(30));

        // WHEN the receiver reads them, THEN it keeps its records 30 days, and has no fast path
        ReceiverConfig config = ReceiverConfig.from(new Environment(variables));
        assertEquals(Duration.ofDays(30), config.recordTtl());
        assertTrue(config.fastPath().isEmpty());
    }
}
