package com.example.reliability;

/**
 * A point in the processing of one message where the environment crashes (the invocation ends
 * there, nothing after it runs, the environment is replaced) or where a response is lost. For
 * the baseline each point is its nearest equivalent, named in {@link #baselineLabel()}.
 */
public enum FaultPoint implements Fault {
    NONE("no fault", "no fault"),
    CRASH_AFTER_FAST_PATH("crash after the fast-path check",
            "crash after the INPROGRESS record, before any business write"),
    RESPONSE_LOST("commit sent, its response lost (SDK times out)",
            "debit UpdateItem sent, its response lost (SDK times out)"),
    CRASH_AFTER_COMMIT("crash after the commit, before the Redis write",
            "crash after the debit, before the ledger PutItem"),
    CRASH_BEFORE_DELETE("crash after the response, before the SQS delete",
            "crash after the response, before the SQS delete"),
    CRASH_BEFORE_COMPLETED("(no such point: the record commits with the effect)",
            "crash between the business writes and COMPLETED");

    private final String label;
    private final String baselineLabel;

    FaultPoint(String label, String baselineLabel) {
        this.label = label;
        this.baselineLabel = baselineLabel;
    }

    @Override
    public String label() {
        return label;
    }

    /** The baseline's equivalent point. */
    public String baselineLabel() {
        return baselineLabel;
    }

    @Override
    public boolean appliesTo(Implementation implementation) {
        return this != CRASH_BEFORE_COMPLETED || implementation.baseline();
    }
}
