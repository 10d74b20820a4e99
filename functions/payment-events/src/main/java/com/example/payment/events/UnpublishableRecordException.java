package com.example.payment.events;

/**
 * A stream record that can never be published, however often it is retried: it is not a payment
 * decision, or the topic refused the event itself (not the call). The publisher sets such a record
 * aside ({@link UnpublishableRecords}) and goes on with the batch, so that it does not take the
 * good decisions behind it to the event source's on-failure destination.
 */
public class UnpublishableRecordException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public UnpublishableRecordException(String message) {
        super(message);
    }

    public UnpublishableRecordException(String message, Throwable cause) {
        super(message, cause);
    }
}
