package com.example.reliability;

/** Which authorizer a scenario runs. */
public enum Implementation {
    /** The payment authorizer on the receiver library: one TransactWriteItems, Redis fast path. */
    RECEIVER("ours"),
    /** {@link com.example.reliability.baseline.PowertoolsAuthorizer}: {@code @Idempotent} + separate writes. */
    POWERTOOLS("Powertools baseline");

    private final String label;

    Implementation(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
