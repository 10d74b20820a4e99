package com.example.reliability;

/**
 * A point in the processing of one message where the environment crashes (the invocation ends
 * there, nothing after it runs, the environment is replaced) or where a response is lost. For
 * the baseline each point is its nearest equivalent, named in {@link #baselineLabel()}.
 */
public enum FaultPoint implements Fault {
    NONE("no fault", "no fault", "no fault"),
    CRASH_AFTER_FAST_PATH("crash after the fast-path check",
            "crash after the INPROGRESS record, before any business write", "crash before writes"),
    RESPONSE_LOST("commit sent, its response lost (SDK times out)",
            "debit UpdateItem sent, its response lost (SDK times out)", "response lost"),
    CRASH_AFTER_COMMIT("crash after the commit, before the Redis write",
            "crash after the debit, before the ledger PutItem", "crash after debit"),
    CRASH_BEFORE_DELETE("crash after the response, before the SQS delete",
            "crash after the response, before the SQS delete", "crash before delete"),
    CRASH_BEFORE_COMPLETED("(no such point: the record commits with the effect)",
            "crash between the business writes and COMPLETED", "crash before COMPLETED");

    private final String label;
    private final String baselineLabel;
    private final String chartLabel;

    FaultPoint(String label, String baselineLabel, String chartLabel) {
        this.label = label;
        this.baselineLabel = baselineLabel;
        this.chartLabel = chartLabel;
    }

    @Override
    public String label() {
        return label;
    }

    /** The point on a chart's axis, short, the same for ours and the baselines' equivalents. */
    public String chartLabel() {
        return chartLabel;
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
