package com.example.lambdakit.secrets;

/**
 * Reads a secret's current value (AWS Secrets Manager's {@code SecretString}) by name or ARN. An
 * implementation bounds the read (a couple of seconds, retries included), so that a failing read
 * cannot eat an invocation's time.
 */
@FunctionalInterface
public interface SecretSource {

    /**
     * The secret's value ({@code null} when it has none as a string); throws when it cannot be read.
     *
     * @param secretId the secret's name or ARN
     * @return its SecretString
     */
    String secretString(String secretId);
}
