package com.example.localaws;

import com.example.localaws.messages.ProducerSigner;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;
import software.amazon.awssdk.services.secretsmanager.model.ResourceNotFoundException;

/**
 * The local AWS's secrets, made as the template and docs/deploy.md make them in AWS, each
 * created in the local Secrets Manager on first use and kept for the rest of the run: the fast
 * path's signing key, the local producer's key, and push API credentials.
 */
final class LocalSecrets {

    private final Supplier<SecretsManagerClient> clients;

    LocalSecrets(Supplier<SecretsManagerClient> clients) {
        this.clients = clients;
    }

    /** The current value of the secret {@code secretId}. */
    String secretString(String secretId) {
        try (SecretsManagerClient secrets = clients.get()) {
            return secrets.getSecretValue(request -> request.secretId(secretId)).secretString();
        }
    }

    /** {@link LocalAws#FAST_PATH_SIGNING_SECRET}: 32 random bytes in hex (Secrets Manager's generated string). */
    String fastPathSigningSecret() {
        return createdOnce(LocalAws.FAST_PATH_SIGNING_SECRET, () -> {
            byte[] key = new byte[32];
            new SecureRandom().nextBytes(key);
            return HexFormat.of().formatHex(key);
        });
    }

    /** {@link LocalAws#PRODUCER_SIGNING_SECRET}: one key, {@link LocalAws#PRODUCER_KEY_ID}, 32 random bytes as base64. */
    String producerSigningSecret() {
        return createdOnce(LocalAws.PRODUCER_SIGNING_SECRET,
                () -> ProducerSigner.secretDocument(Map.of(LocalAws.PRODUCER_KEY_ID, ProducerSigner.newKey())));
    }

    /**
     * A push API credential, as docs/deploy.md tells a deployer to make one
     * ({@code {"keys": {"local-1": "whsec_<base64 of 32 random bytes>"}}}, a Standard Webhooks
     * secret): its keys by key id, which the local push API is given to admit.
     */
    Map<String, String> pushApiCredential(String name) {
        createdOnce(name, () -> ProducerSigner.secretDocument(Map.of(LocalAws.PUSH_API_KEY_ID, "whsec_" + ProducerSigner.newKey())));
        return ProducerSigner.keys(secretString(name));
    }

    /** The local producer's signer, once {@link #producerSigningSecret()} made its key; empty before. */
    Optional<ProducerSigner> producerSigner() {
        try {
            return Optional.of(ProducerSigner.fromSecret(secretString(LocalAws.PRODUCER_SIGNING_SECRET), LocalAws.PRODUCER_KEY_ID));
        } catch (ResourceNotFoundException absent) {
            return Optional.empty();
        }
    }

    /** The secret {@code name}, created with {@code value} unless it exists. Its name. */
    private synchronized String createdOnce(String name, Supplier<String> value) {
        try (SecretsManagerClient secrets = clients.get()) {
            try {
                secrets.describeSecret(request -> request.secretId(name));
            } catch (ResourceNotFoundException absent) {
                secrets.createSecret(request -> request.name(name).secretString(value.get()));
            }
        }
        return name;
    }
}
