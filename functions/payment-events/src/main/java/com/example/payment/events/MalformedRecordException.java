package com.example.payment.events;

/**
 * A stream record that is not an idempotency record of a payment decision. No retry can change
 * that: it is unpublishable, set aside with its reason, never skipped silently.
 */
final class MalformedRecordException extends UnpublishableRecordException {

    private static final long serialVersionUID = 1L;

    MalformedRecordException(String message) {
        super(message);
    }
}
