package com.example.payment.notifier;

/**
 * The push API gave no final answer: a timeout, a refused connection, a 5xx, a 409 (the same key
 * still in flight) or a 429. Whether it delivered is unknown, so the notification is retried with
 * the same {@code Idempotency-Key}.
 */
public final class PushUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    PushUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
