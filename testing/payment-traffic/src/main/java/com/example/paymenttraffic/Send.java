package com.example.paymenttraffic;

import java.util.Objects;
import java.util.Optional;

/**
 * One message a producer sends, what it is and when.
 *
 * @param body      the message, in the producer's envelope
 * @param kind      what it is to the receiver
 * @param moment    when the harness sends it
 * @param key       the transaction id it is sent under; for poison, a name of its own ({@code POISON-<n>})
 * @param operation the operation its body states; empty for poison
 */
public record Send(String body, Kind kind, Moment moment, String key, Optional<Operation> operation) {

    /** What a message is. */
    public enum Kind {
        /** A payment's first message. */
        NEW,
        /** The same body again (an SQS redelivery, a copy). */
        REDELIVERY,
        /** The same body right behind its original, so that both usually land in one batch. */
        SAME_BATCH,
        /** The same operation under a new message id (a producer's retry after a timeout). */
        PRODUCER_RETRY,
        /** Another operation under a transaction id already used: a producer's bug. */
        CONFLICT,
        /** A message no payment can be read from. */
        POISON
    }

    /** When a message is sent, relative to the decisions of the others. */
    public enum Moment {
        /** With the stream of new payments, in the traffic's order. */
        STREAM,
        /** Once every message of the stream was decided, within the records' time to live. */
        AFTER_DECIDED,
        /** After the idempotency records expired (their TTL passed); the ledger is permanent. */
        AFTER_TTL
    }

    public Send {
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(moment, "moment");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(operation, "operation");
        if (operation.isEmpty() != (kind == Kind.POISON)) {
            throw new IllegalArgumentException("only poison has no operation: " + kind);
        }
    }
}
