package com.example.receiver.testkit;

import java.util.Objects;

/**
 * The local AWS's write capacity switched on ({@link LocalAwsKit#writeCapacity}): closing lifts it.
 * {@link #throttled()} then tells how many requests it refused, so that a test can show
 * throttling did happen.
 */
public final class WriteCapacity implements AutoCloseable {

    private final AwsApi api;
    private int throttled = -1;

    /**
     * Capacity of {@code api}, already limited.
     *
     * @param api the local AWS whose capacity is limited
     */
    public WriteCapacity(AwsApi api) {
        this.api = Objects.requireNonNull(api, "api");
    }

    /** {@return the requests refused for capacity while on; known once closed} */
    public int throttled() {
        if (throttled < 0) {
            throw new IllegalStateException("close the capacity first: the count is taken when it is lifted");
        }
        return throttled;
    }

    @Override
    public void close() {
        if (throttled < 0) {
            throttled = api.writeCapacityOff();
        }
    }
}
