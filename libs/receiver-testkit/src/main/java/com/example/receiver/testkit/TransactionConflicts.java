package com.example.receiver.testkit;

import java.util.Objects;

/**
 * The local AWS's transaction conflicts switched on ({@link LocalAwsKit#transactionConflicts}):
 * closing switches them off. {@link #answered()} then tells how many requests were refused with
 * a conflict, so that a test can show conflicts did happen.
 */
public final class TransactionConflicts implements AutoCloseable {

    private final AwsApi api;
    private int answered = -1;

    /**
     * Conflicts of {@code api}, already switched on.
     *
     * @param api the local AWS whose conflicts are on
     */
    public TransactionConflicts(AwsApi api) {
        this.api = Objects.requireNonNull(api, "api");
    }

    /** {@return the requests refused with a conflict while on; known once closed} */
    public int answered() {
        if (answered < 0) {
            throw new IllegalStateException("close the conflicts first: the count is taken when they are switched off");
        }
        return answered;
    }

    @Override
    public void close() {
        if (answered < 0) {
            answered = api.transactionConflictsOff();
        }
    }
}
