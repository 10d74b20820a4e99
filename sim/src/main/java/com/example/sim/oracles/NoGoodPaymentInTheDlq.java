package com.example.sim.oracles;

import com.example.sim.models.SqsMessage;
import com.example.sim.workload.Payment;
import com.example.sim.workload.SentMessages;
import java.util.List;
import java.util.Map;

/**
 * "No good payment left in the DLQ": a good payment's message in the DLQ as the run ends (after
 * every redrive), by the SQS model's identity of each message ({@link SentMessages}); one handed
 * back to its producer as too old ({@link HandedBack}) is where the design leaves it.
 */
record NoGoodPaymentInTheDlq(SentMessages sent, HandedBack handedBack, List<Violation> violations) implements Oracle {

    @Override
    public void observe(Event event) {
    }

    @Override
    public void atEnd(End end) {
        for (SqsMessage message : end.deadLetters()) {
            sent.payment(message).filter(Payment::good).filter(payment -> !handedBack.contains(payment.txnId())).ifPresent(payment -> violations.add(new Violation(
                    Violation.GOOD_IN_DLQ, payment.txnId(), "left in the DLQ" + outcome(message.attributes()))));
        }
    }

    /** The dead letter's {@code outcome} and {@code reason} attributes, as the receiver set them. */
    private static String outcome(Map<String, String[]> attributes) {
        return attributes.entrySet().stream().filter(a -> a.getKey().equals("outcome") || a.getKey().equals("reason"))
                .map(a -> " " + a.getKey() + "=" + a.getValue()[1]).reduce("", String::concat);
    }
}
