package com.example.receiver;

/**
 * Why a message could not be decided now ({@link Outcome.Retry}): the closed set the metrics,
 * the log line and the redelivery read. Nothing was written for the message in any of them.
 */
public enum RetryCause {
    /**
     * Other writers held its resource (a hot account written by several environments at once:
     * DynamoDB's {@code TransactionConflict}) for as long as the invocation could wait.
     */
    CONTENTION(true),
    /**
     * The store refused it for capacity (DynamoDB's throttling) for as long as the invocation
     * could wait: capacity comes back as the load falls, so it is tried again later, and later
     * at each receive.
     */
    THROTTLING(true),
    /** The invocation's remaining time was too short to start it. */
    OUT_OF_TIME(true),
    /**
     * Anything else: a store error or timeout whose outcome is unknown, something unexpected, or
     * an earlier failure it must follow (its FIFO group, its key earlier in the batch).
     */
    FAILURE(false);

    private final boolean soon;

    RetryCause(boolean soon) {
        this.soon = soon;
    }

    /**
     * Whether a message that failed so should come back in seconds rather than after the queue's
     * whole visibility timeout: nothing is wrong with it, it met a passing condition.
     *
     * @return true for contention, throttling and running out of time
     */
    public boolean soon() {
        return soon;
    }
}
