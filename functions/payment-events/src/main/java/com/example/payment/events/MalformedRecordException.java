package com.example.payment.events;

/**
 * A stream record that is not an idempotency record of a payment decision. It is reported as a
 * failure, never skipped: after the event source's retries it reaches the on-failure destination.
 */
final class MalformedRecordException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    MalformedRecordException(String message) {
        super(message);
    }
}
