package com.example.payment.notifier;

/**
 * The push API refused this notification with a 4xx other than 401, 403, 409 and 429 (e.g. 400,
 * 404, 422): the notification itself is at fault, as the API sees it now. It is dead-lettered,
 * and, being thrown through {@link IdempotentPush#send}, leaves no Powertools record behind: once
 * someone fixes the data or the API and moves it back, the redriven notification is sent again
 * (with the same {@code Idempotency-Key}), and delivered once. Only a delivery is kept.
 */
public final class PushRefusedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;

    PushRefusedException(int status) {
        super("push API refused it with " + status);
        if (status < 400 || status >= 500) {
            throw new IllegalArgumentException("a refusal is a 4xx, not " + status);
        }
        this.status = status;
    }

    /** The refusing status. */
    public int status() {
        return status;
    }
}
