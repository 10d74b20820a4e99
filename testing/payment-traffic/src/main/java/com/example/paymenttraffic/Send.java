package com.example.paymenttraffic;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One message a producer sends, what it is and when.
 *
 * <p>Its {@code headers.timestamp}, the time of issue a receiver's age bound reads, is the
 * moment of sending: {@link #body(Instant)}, or a {@link ProducerClock}'s stamp, which keeps a
 * copy's. {@link #body()} is stamped at the generator's fixed moment, for a harness whose
 * receiver bounds no age.
 *
 * @param body      the message, in the producer's envelope, stamped at the generator's fixed moment
 * @param kind      what it is to the receiver
 * @param moment    when the harness sends it
 * @param key       the transaction id it is sent under; for poison, a name of its own ({@code POISON-<n>})
 * @param operation the operation its body states; empty for poison
 * @param age       how long before it is sent it was issued: zero but for {@link Kind#TOO_OLD}
 */
public record Send(String body, Kind kind, Moment moment, String key, Optional<Operation> operation, Duration age) {

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
        POISON,
        /**
         * A new payment issued longer ago than the receiver's age bound (a producer that held it
         * too long): refused as too old, never decided.
         */
        TOO_OLD
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
        Objects.requireNonNull(age, "age");
        if (operation.isEmpty() != (kind == Kind.POISON)) {
            throw new IllegalArgumentException("only poison has no operation: " + kind);
        }
        if (age.isNegative() || age.isZero() == (kind == Kind.TOO_OLD)) {
            throw new IllegalArgumentException("only a message too old is issued before it is sent: " + kind + " " + age);
        }
    }

    /** A message issued when it is sent. */
    public Send(String body, Kind kind, Moment moment, String key, Optional<Operation> operation) {
        this(body, kind, moment, key, operation, Duration.ZERO);
    }

    /** The message sent at {@code sentAt}: its {@code headers.timestamp} is {@code sentAt} less its {@link #age}. */
    public String body(Instant sentAt) {
        return PaymentMessages.stamped(body, sentAt.minus(age));
    }
}
