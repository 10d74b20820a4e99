package com.example.payment.authorizer;

import com.example.lambdakit.config.Environment;
import com.example.receiver.config.FastPathConfig;
import com.example.receiver.config.ProducerSignaturesConfig;
import com.example.receiver.config.ReceiverConfig;
import com.example.receiver.redis.SecretReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@link SecretReader} whose first read of each secret the init will read (the fast path's
 * signing key, the producers' keys) was started ahead, on a thread of its own, as the init began:
 * its network round trips then overlap the DynamoDB client's build instead of following it. The
 * init's read of such a secret takes the answer (or the failure) of the read ahead; every later
 * read goes to the reader, as before. On a fraction of a vCPU (a 512 MB function) the two overlap
 * waits, not CPU: the benchmark pins the runtime to one core to measure it so.
 */
final class SecretsReadAhead implements SecretReader {

    private final SecretReader reader;
    private final Map<String, CompletableFuture<String>> ahead = new ConcurrentHashMap<>();

    private SecretsReadAhead(SecretReader reader) {
        this.reader = Objects.requireNonNull(reader, "reader");
    }

    /** Starts reading, through {@code reader}, the secrets the init of {@code environment} reads. */
    static SecretsReadAhead start(SecretReader reader, Map<String, String> environment) {
        SecretsReadAhead secrets = new SecretsReadAhead(reader);
        List<String> ids = readAtInit(environment);
        Map<String, CompletableFuture<String>> started = new LinkedHashMap<>();
        ids.forEach(id -> started.put(id, new CompletableFuture<>()));
        secrets.ahead.putAll(started);
        if (!started.isEmpty()) {
            Thread.ofPlatform().daemon().name("secrets-read-ahead").start(() -> started.forEach((id, value) -> {
                try {
                    value.complete(reader.secretString(id));
                } catch (RuntimeException | Error e) {
                    value.completeExceptionally(e);
                }
            }));
        }
        return secrets;
    }

    /** The secrets the init reads: none when the configuration is invalid (the init then stops on it). */
    static List<String> readAtInit(Map<String, String> environment) {
        ReceiverConfig config;
        try {
            config = ReceiverConfig.from(new Environment(environment));
        } catch (RuntimeException invalid) {
            return List.of(); // the init builds the same configuration and reports it
        }
        List<String> ids = new ArrayList<>();
        config.fastPath().map(FastPathConfig::signingSecret).ifPresent(ids::add);
        config.producerSignatures().map(ProducerSignaturesConfig::signingSecrets).ifPresent(ids::addAll);
        return ids.stream().distinct().toList();
    }

    @Override
    public String secretString(String secretId) {
        CompletableFuture<String> value = ahead.remove(secretId);
        if (value == null) {
            return reader.secretString(secretId);
        }
        try {
            return value.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }
}
