package com.example.reliability;

/**
 * Messages no delivery can ever decide, mixed into the traffic: poison (a body the parser rejects:
 * not JSON, a rule broken, a field missing) and conflicts (a transaction id decided before, sent
 * again with other content). Each must end in the DLQ, the faster the better, and nothing of it
 * written. Ours only: the baselines have no at-once dead-lettering to compare.
 */
public enum UndecidableMessages implements Fault {
    /** As deployed: the function sends them to the DLQ itself, with their reason, in the invocation that first sees them. */
    AT_ONCE("poison and conflicts, dead-lettered at once (as deployed)"),
    /** {@code DEAD_LETTER_AT_ONCE=false}: left to the queue's redrive policy, after {@code maxReceiveCount} receives. */
    BY_REDRIVE_POLICY("poison and conflicts, left to the redrive policy (DEAD_LETTER_AT_ONCE=false)");

    /** One poison message and one conflict per this many payments (at least 2 of each). */
    static final int ONE_IN = 100;

    private final String label;

    UndecidableMessages(String label) {
        this.label = label;
    }

    /** How many poison messages, and how many conflicts, a scenario of {@code payments} payments sends. */
    static int countOf(int payments) {
        return Math.max(2, payments / ONE_IN);
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public boolean appliesTo(Implementation implementation) {
        return implementation == Implementation.RECEIVER;
    }
}
