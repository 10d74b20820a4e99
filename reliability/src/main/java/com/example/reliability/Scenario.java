package com.example.reliability;

import java.util.Objects;

/**
 * One run: an implementation, a fault, the traffic's size and how many pollers (each its own
 * execution environment) consume the queue.
 *
 * @param payments unique transactions
 * @param copies   extra deliveries of them (redeliveries and producer retries)
 * @param seed     the traffic's random seed
 */
public record Scenario(Implementation implementation, Fault fault, int payments, int copies, int pollers, long seed) {

    public Scenario {
        Objects.requireNonNull(implementation, "implementation");
        Objects.requireNonNull(fault, "fault");
        if (payments < 20 || copies < 0 || pollers < 1) {
            throw new IllegalArgumentException("payments >= 20, copies >= 0, pollers >= 1");
        }
        if (!fault.appliesTo(implementation)) {
            throw new IllegalArgumentException(implementation + " has no fault " + fault);
        }
    }

    /** Messages sent. */
    public int messages() {
        return payments + copies;
    }
}
