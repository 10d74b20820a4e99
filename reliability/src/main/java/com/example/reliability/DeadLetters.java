package com.example.reliability;

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

    /** {@code undecidable}: each body sent to its key; {@code firstSent}: each key's first send. */
    static DeadLetters of(Map<String, String> undecidable, List<DeadLetterWatch.Arrival> arrivals,
                          Map<String, Instant> firstSent) {
        Map<String, Instant> poison = new HashMap<>();
        Map<String, Instant> conflicts = new HashMap<>();
        Map<String, Boolean> reasoned = new HashMap<>();
        for (DeadLetterWatch.Arrival arrival : arrivals) {
            String key = undecidable.get(arrival.message().body());
            if (key == null) {
                continue;
            }
            (key.startsWith(Traffic.POISON) ? poison : conflicts).putIfAbsent(key, arrival.at());
            reasoned.merge(key, arrival.message().messageAttributes().containsKey("reason"), Boolean::logicalOr);
        }
        int withReason = (int) reasoned.values().stream().filter(Boolean::booleanValue).count();
        return new DeadLetters(undecidable.size(), poison.size() + conflicts.size(), withReason,
                Latency.of(poison, firstSent), Latency.of(conflicts, firstSent));
    }
}
