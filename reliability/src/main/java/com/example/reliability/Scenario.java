package com.example.reliability;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * One run: an implementation, a fault, the traffic's size and how many pollers (each its own
 * execution environment) consume the queue.
 *
 * @param payments  unique transactions
 * @param copies    extra deliveries of them (redeliveries and producer retries)
 * @param seed      the traffic's random seed
 * @param accounts  how many accounts the payments spread over (few: hot accounts, whose batches
 *                  are committed in groups)
 * @param conflicts when present, the moto launcher cancels a transaction that touches an item
 *                  another one holds, each holding its items this long (DynamoDB's optimistic
 *                  concurrency); absent, the launcher serialises transactions and none conflict
 */
public record Scenario(Implementation implementation, Fault fault, int payments, int copies, int pollers, long seed,
                       int accounts, Optional<Duration> conflicts) {

    public Scenario {
        Objects.requireNonNull(implementation, "implementation");
        Objects.requireNonNull(fault, "fault");
        Objects.requireNonNull(conflicts, "conflicts");
        if (payments < 20 || copies < 0 || pollers < 1) {
            throw new IllegalArgumentException("payments >= 20, copies >= 0, pollers >= 1");
        }
        if (accounts < 1 || accounts > ScenarioTraffic.MAX_ACCOUNTS) {
            throw new IllegalArgumentException("accounts must be 1-" + ScenarioTraffic.MAX_ACCOUNTS);
        }
        if (!fault.appliesTo(implementation)) {
            throw new IllegalArgumentException(implementation + " has no fault " + fault);
        }
    }

    /** A run over {@value ScenarioTraffic#MAX_ACCOUNTS} accounts, without conflicts. */
    public Scenario(Implementation implementation, Fault fault, int payments, int copies, int pollers, long seed) {
        this(implementation, fault, payments, copies, pollers, seed, ScenarioTraffic.MAX_ACCOUNTS, Optional.empty());
    }

    /** The same run, its payments spread over {@code count} accounts. */
    public Scenario onAccounts(int count) {
        return new Scenario(implementation, fault, payments, copies, pollers, seed, count, conflicts);
    }

    /** The same run, with the launcher's transaction conflicts on, each transaction holding its items {@code hold}. */
    public Scenario withConflicts(Duration hold) {
        return new Scenario(implementation, fault, payments, copies, pollers, seed, accounts, Optional.of(hold));
    }

    /** Poison messages sent, and as many conflicts: none but under {@link UndecidableMessages}. */
    public int undecidable() {
        return fault instanceof UndecidableMessages ? UndecidableMessages.countOf(payments) : 0;
    }

    /** Messages sent. */
    public int messages() {
        return payments + copies + 2 * undecidable();
    }
}
