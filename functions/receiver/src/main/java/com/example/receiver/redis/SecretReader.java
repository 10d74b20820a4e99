package com.example.receiver.redis;

/**
 * Reads a secret's current value (AWS Secrets Manager's {@code SecretString}) by name or ARN. The
 * fast path reads its signing key through it once, when it is built.
 */
@FunctionalInterface
public interface SecretReader {

    /** The secret's value; throws when it cannot be read (the function then refuses to start). */
    String secretString(String secretId);
}
