package com.example.localaws.messages;

import com.example.localaws.LocalClients;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.SecureRandom;
import java.util.UUID;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/**
 * A signing key as template.yaml has Secrets Manager generate one (the pre-traffic hook's,
 * {@code SmokeSigningKey}): its {@code GenerateSecretString} read from the template (the
 * {@code SecretStringTemplate} naming the key id, {@code GenerateStringKey} the field the key is
 * added under, {@code PasswordLength} letters and digits, as {@code ExcludePunctuation} leaves them),
 * so that a test signs with what a deployment would hold, and a template that names another key
 * id shows in the test.
 *
 * @param secretId the local secret holding the document
 * @param document the secret's document, as Secrets Manager would generate it
 * @param signer   the key id and key, to sign with as the holder of the secret does
 */
public record GeneratedSigningKey(String secretId, String document, ProducerSigner signer) {

    private static final String LETTERS_AND_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Generates {@code logicalId}'s secret as {@code template} declares it, and creates it in the local Secrets Manager. */
    public static GeneratedSigningKey create(Template template, String logicalId, LocalClients aws) {
        JsonNode generate = template.resource(logicalId).property("GenerateSecretString");
        ObjectNode document;
        try {
            document = (ObjectNode) JSON.readTree(generate.path("SecretStringTemplate").asText());
        } catch (IOException e) {
            throw new UncheckedIOException(logicalId + "'s SecretStringTemplate is not JSON", e);
        }
        if (!generate.path("ExcludePunctuation").asBoolean()) {
            throw new IllegalStateException(logicalId + " must generate letters and digits only (ExcludePunctuation)");
        }
        SecureRandom random = new SecureRandom();
        StringBuilder key = new StringBuilder();
        for (int i = 0; i < generate.path("PasswordLength").asInt(); i++) {
            key.append(LETTERS_AND_DIGITS.charAt(random.nextInt(LETTERS_AND_DIGITS.length())));
        }
        document.put(generate.path("GenerateStringKey").asText(), key.toString());
        String name = logicalId + "-" + UUID.randomUUID().toString().substring(0, 8);
        try (SecretsManagerClient secrets = aws.secretsManager()) {
            secrets.createSecret(request -> request.name(name).secretString(document.toString()));
        }
        return new GeneratedSigningKey(name, document.toString(),
                new ProducerSigner(document.path("keyId").asText(), key.toString()));
    }

    @Override
    public String toString() {
        return "GeneratedSigningKey[secretId=" + secretId + ", keyId=" + signer.keyId() + "]";
    }
}
