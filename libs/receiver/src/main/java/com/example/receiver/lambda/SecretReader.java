package com.example.receiver.lambda;

import com.example.lambdakit.secrets.SecretSource;

/**
 * Reads a secret's current value (AWS Secrets Manager's {@code SecretString}) by name or ARN. The
 * fast path reads its signing key through it when it is built and, while that fails, again at
 * most once a minute during a batch: an implementation must bound the read (a couple of seconds),
 * so that a failing read cannot eat the invocation's time.
 */
@FunctionalInterface
public interface SecretReader extends SecretSource {

    /**
     * The secret's value ({@code null} when it has none as a string); throws when it cannot be
     * read, which turns the fast path off until a later read succeeds.
     *
     * @param secretId the secret's name or ARN
     * @return its SecretString
     */
    @Override
    String secretString(String secretId);
}
