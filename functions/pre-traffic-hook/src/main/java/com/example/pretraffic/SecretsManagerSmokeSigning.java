package com.example.pretraffic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Optional;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/**
 * The hook's key from its secret through {@code GetSecretValue}: the document Secrets Manager
 * generated, {@code {"keyId": "pre-traffic-hook", "key": "<44 letters and digits>"}}. The
 * hook's role may read this one secret and no producer's. Read at each check (once per
 * deployment): nothing is kept between invocations.
 */
final class SecretsManagerSmokeSigning implements SmokeSigning {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final SecretsManagerClient secrets;
    private final String secretId;

    SecretsManagerSmokeSigning(SecretsManagerClient secrets, String secretId) {
        this.secrets = secrets;
        this.secretId = secretId;
    }

    @Override
    public Optional<SmokeKey> key() {
        String document = secrets.getSecretValue(request -> request.secretId(secretId)).secretString();
        JsonNode root;
        try {
            root = JSON.readTree(document == null ? "" : document);
        } catch (IOException notJson) {
            // The parser's message may quote the document, which holds the key: never passed on.
            throw new IllegalStateException("the smoke signing secret " + secretId + " is not JSON");
        }
        if (root == null || !root.path("keyId").isTextual() || !root.path("key").isTextual()) {
            throw new IllegalStateException("the smoke signing secret " + secretId
                    + " is not {\"keyId\": ..., \"key\": ...}, the shape the template generates");
        }
        return Optional.of(new SmokeKey(root.get("keyId").asText(), root.get("key").asText()));
    }
}
