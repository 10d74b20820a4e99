package com.example.receiver;

import java.time.Duration;
import java.util.Objects;

/**
 * How a batch is run.
 *
 * @param maxConcurrency   how many lanes (accounts, or FIFO groups) run at once, 1-64
 * @param minRemainingTime no message is started when less time than this is left; the rest of
 *                         the batch is returned for redelivery instead of being cut off
 * @param groupCommit      whether the new operations of one lane are committed together
 *                         ({@link Store#commitGroup}) rather than one after another
 */
public record ReceiverSettings(int maxConcurrency, Duration minRemainingTime, boolean groupCommit) {

    /** Checks the components as the record is made: none missing, and each rule above. */
    public ReceiverSettings {
        Objects.requireNonNull(minRemainingTime, "minRemainingTime");
        if (maxConcurrency < 1 || maxConcurrency > 64) {
            throw new IllegalArgumentException("maxConcurrency must be 1-64");
        }
        if (minRemainingTime.isNegative()) {
            throw new IllegalArgumentException("minRemainingTime must not be negative");
        }
    }

    /**
     * Settings with group commit on.
     *
     * @param maxConcurrency how many lanes run at once, 1-64
     * @param minRemainingTime no message is started with less time left
     */
    public ReceiverSettings(int maxConcurrency, Duration minRemainingTime) {
        this(maxConcurrency, minRemainingTime, true);
    }
}
