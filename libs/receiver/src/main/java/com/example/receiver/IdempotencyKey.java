package com.example.receiver;

import java.util.Objects;

/**
 * The key under which an operation is made idempotent: a business identifier of the operation
 * (for a payment, its transaction id), never a transport's message id. A producer that retries
 * re-sends the same operation under a new message id, and that must still be a duplicate.
 *
 * @param value non-blank, at most {@value #MAX_LENGTH} characters, no control characters
 */
public record IdempotencyKey(String value) {

    /** The longest key accepted. */
    public static final int MAX_LENGTH = 128;

    /** Checks the components as the record is made: none missing, and each rule above. */
    public IdempotencyKey {
        Objects.requireNonNull(value, "value");
        if (value.isBlank() || value.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("idempotency key must be 1-" + MAX_LENGTH + " characters");
        }
        if (value.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException("idempotency key must not contain control characters");
        }
    }

    @Override
    public String toString() {
        return value;
    }
}
