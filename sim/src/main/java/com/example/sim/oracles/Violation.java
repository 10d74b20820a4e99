package com.example.sim.oracles;

/**
 * One oracle that failed after a run: which, on which transaction, what it saw.
 *
 * @param oracle the oracle's name
 * @param txnId  the transaction it is about ({@code -} when none)
 * @param detail what it saw
 */
public record Violation(String oracle, String txnId, String detail) {

    static final String DEBITED_TWICE = "no transaction debited twice";
    public static final String DECIDED_TWICE = "none decided twice";
    static final String DECIDED_PAST_ITS_AGE = "nothing older than MaxPaymentAge decided";
    public static final String LOST = "none lost";
    static final String BALANCES = "balances equal the sequential model of the decided payments";
    public static final String GOOD_IN_DLQ = "no good payment left in the DLQ";
    static final String STUCK = "nothing stuck past the windows";
    static final String DEAD_LETTERED_BY_PASSING = "throttling that lasts the doubling window dead-letters nothing";
    public static final String PUBLISHED_ONCE = "every decision published once";
    public static final String CACHE_ANSWER = "a fast-path answer is a decision DynamoDB holds";
    static final String FALSE_CONFLICT = "0 false conflicts: a copy decided by either version is a duplicate to both";
    static final String READABLE_BY_BOTH = "every record readable by both versions";
    static final String MESSAGE_READ_BY_RELEASE = "every decision message read by the released notifier";
    static final String FIFO_ORDER = "a FIFO group's payments are decided in the order they were sent";

    @Override
    public String toString() {
        return oracle + ": " + txnId + ": " + detail;
    }
}
