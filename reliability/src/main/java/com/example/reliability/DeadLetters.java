package com.example.reliability;

import com.example.paymenttraffic.Send;
import com.example.paymenttraffic.Traffic;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What became of the undecidable messages a scenario sent ({@link UndecidableMessages}).
 *
 * @param expected   poison messages and conflicts sent (distinct)
 * @param found      of those, how many the DLQ held at the end (each counted once, whatever its copies)
 * @param withReason of those, how many carried a {@code reason} message attribute
 * @param poison     from a poison message's first send to its arrival in the DLQ
 * @param conflicts  the same for the conflicts
 */
public record DeadLetters(int expected, int found, int withReason, Optional<Latency> poison, Optional<Latency> conflicts) {

    /** Undecidable messages neither in the DLQ nor anywhere else: lost. */
    int missing() {
        return expected - found;
    }

    /**
     * The key an undecidable message is timed under: a poison message's own ({@code POISON-<n>}),
     * {@code CONFLICT-<transaction id>} for a conflict, the transaction id for any other.
     */
    static String key(Send send) {
        return send.kind() == Send.Kind.CONFLICT ? "CONFLICT-" + send.key() : send.key();
    }

    /** {@code traffic}'s poison and conflicts in the DLQ; {@code firstSent}: each {@link #key}'s first send. */
    static DeadLetters of(Traffic traffic, List<DeadLetterWatch.Arrival> arrivals, Map<String, Instant> firstSent) {
        Map<String, Send> undecidable = new HashMap<>();
        traffic.sends().stream().filter(send -> send.kind() == Send.Kind.POISON || send.kind() == Send.Kind.CONFLICT)
                .forEach(send -> undecidable.put(send.body(), send));
        Map<String, Instant> poison = new HashMap<>();
        Map<String, Instant> conflicts = new HashMap<>();
        Map<String, Boolean> reasoned = new HashMap<>();
        for (DeadLetterWatch.Arrival arrival : arrivals) {
            Send send = undecidable.get(arrival.message().body());
            if (send == null) {
                continue;
            }
            String key = key(send);
            (send.kind() == Send.Kind.POISON ? poison : conflicts).putIfAbsent(key, arrival.at());
            reasoned.merge(key, arrival.message().messageAttributes().containsKey("reason"), Boolean::logicalOr);
        }
        int withReason = (int) reasoned.values().stream().filter(Boolean::booleanValue).count();
        return new DeadLetters(undecidable.size(), poison.size() + conflicts.size(), withReason,
                Latency.of(poison, firstSent), Latency.of(conflicts, firstSent));
    }
}
