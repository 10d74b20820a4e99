package com.example.sim.workload;

import com.example.receiver.lambda.DeadLetterAttributes;
import com.example.sim.models.SqsMessage;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Which payment each message of a run carries, and when its producer stamped it issued
 * ({@code headers.timestamp}, by its body: a body travels unchanged through the DLQ and every
 * redrive, and each carries its own stamp); which payment, from the models' identities rather than its body:
 * a producer's message by the id SQS gave it (its {@link SqsMessage#origin() origin}, kept through
 * the DLQ and a redrive), a dead letter the receiver sent by the delivery it names
 * ({@link SqsDeadLetters#SOURCE_MESSAGE_ID}).
 */
public final class SentMessages {

    private final Map<String, Payment> byId = new HashMap<>();
    private final Map<String, Instant> issuedAt = new HashMap<>();

    /** A producer sent {@code payment} as {@code message}, stamped issued at {@code stamped}. */
    void sent(SqsMessage message, Payment payment, Instant stamped) {
        byId.putIfAbsent(message.origin(), payment);
        issuedAt.putIfAbsent(message.body(), stamped);
    }

    /** The time of issue its producer stamped {@code message} with; empty for a message no producer sent. */
    public Optional<Instant> issuedAt(SqsMessage message) {
        return Optional.ofNullable(issuedAt.get(message.body()));
    }

    /** The payment {@code message} carries; empty for a message no producer sent (the failure queue's). */
    public Optional<Payment> payment(SqsMessage message) {
        Payment payment = byId.get(message.origin());
        if (payment == null) {
            String[] source = message.attributes().get(DeadLetterAttributes.SOURCE_MESSAGE_ID);
            payment = source == null ? null : byId.get(source[1]);
            if (payment != null) {
                byId.put(message.origin(), payment);
            }
        }
        if (payment != null) {
            byId.putIfAbsent(message.id(), payment);
        }
        return Optional.ofNullable(payment);
    }
}
