package com.example.reliability;

/** Which authorizer a scenario runs. */
public enum Implementation {
    /** The payment authorizer on the receiver library: one TransactWriteItems, Redis fast path. */
    RECEIVER("ours"),
    /**
     * {@link com.example.reliability.baseline.PowertoolsAuthorizer}: {@code @Idempotent} + separate
     * writes, Powertools 1.15.0 as served.
     */
    POWERTOOLS("Powertools baseline"),
    /**
     * The same receiver with Powertools' in-progress expiry fixed as upstream fixed it
     * (aws-powertools/powertools-lambda-java#1281, fixed by #1285 in 1.16): the claim compares
     * {@code in_progress_expiration} in milliseconds, applied the way the notifier applies it
     * (its {@code NotificationRecords}). Powertools as it behaves today.
     */
    POWERTOOLS_FIXED("Powertools as fixed upstream");

    private final String label;

    Implementation(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Whether this is one of the Powertools baselines. */
    public boolean baseline() {
        return this != RECEIVER;
    }
}
