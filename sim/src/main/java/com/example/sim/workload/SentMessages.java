package com.example.sim.workload;

import com.example.receiver.lambda.DeadLetterAttributes;
import com.example.sim.models.SqsMessage;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Which payment each message of a run carries, from the models' identities rather than its body:
 * a producer's message by the id SQS gave it (its {@link SqsMessage#origin() origin}, kept through
 * the DLQ and a redrive), a dead letter the receiver sent by the delivery it names
 * ({@link SqsDeadLetters#SOURCE_MESSAGE_ID}).
 */
public final class SentMessages {

    private final Map<String, Payment> byId = new HashMap<>();

    /** A producer sent {@code payment} as {@code message}. */
    void sent(SqsMessage message, Payment payment) {
        byId.putIfAbsent(message.origin(), payment);
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
