package com.example.receiver.internal;

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
 * @param firstBatchLanes  how many lanes a receiver's first batch runs at once, 1 to
 *                         {@code maxConcurrency}; each batch after it runs twice as many as the
 *                         one before, up to {@code maxConcurrency}. A lane's first store call
 *                         opens a connection, and a TLS handshake on a JVM that has run none is
 *                         CPU work, on a function that may have a fraction of a vCPU: eight
 *                         opened at once take longer than two opened and reused
 */
public record ReceiverSettings(int maxConcurrency, Duration minRemainingTime, boolean groupCommit,
                               int firstBatchLanes) {

    /**
     * Lanes of a receiver's first batch when not set: a 512 MB function has about a third of a
     * vCPU ("Memory and computing power", AWS Lambda Developer Guide,
     * https://docs.aws.amazon.com/lambda/latest/dg/configuration-memory.html), so handshakes
     * started together only queue for it; two still overlap one lane's wait on the network.
     */
    public static final int DEFAULT_FIRST_BATCH_LANES = 2;

    /** Checks the components as the record is made: none missing, and each rule above. */
    public ReceiverSettings {
        Objects.requireNonNull(minRemainingTime, "minRemainingTime");
        if (maxConcurrency < 1 || maxConcurrency > 64) {
            throw new IllegalArgumentException("maxConcurrency must be 1-64");
        }
        if (firstBatchLanes < 1 || firstBatchLanes > maxConcurrency) {
            throw new IllegalArgumentException("firstBatchLanes must be 1-maxConcurrency (" + maxConcurrency + ")");
        }
        if (minRemainingTime.isNegative()) {
            throw new IllegalArgumentException("minRemainingTime must not be negative");
        }
    }

    /**
     * Settings whose first batch runs on {@link #DEFAULT_FIRST_BATCH_LANES} lanes, or fewer when
     * {@code maxConcurrency} is lower.
     *
     * @param maxConcurrency   how many lanes run at once, 1-64
     * @param minRemainingTime no message is started with less time left
     * @param groupCommit      whether a lane's new operations are committed together
     */
    public ReceiverSettings(int maxConcurrency, Duration minRemainingTime, boolean groupCommit) {
        this(maxConcurrency, minRemainingTime, groupCommit, defaultFirstBatchLanes(maxConcurrency));
    }

    /**
     * The first batch's lanes when not set.
     *
     * @param maxConcurrency how many lanes run at once
     * @return {@link #DEFAULT_FIRST_BATCH_LANES}, or {@code maxConcurrency} when lower
     */
    public static int defaultFirstBatchLanes(int maxConcurrency) {
        return Math.min(DEFAULT_FIRST_BATCH_LANES, maxConcurrency);
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

    /**
     * How many lanes the batch after {@code batchesBefore} earlier ones runs at once.
     *
     * @param batchesBefore how many batches this receiver has run
     * @return {@code firstBatchLanes}, doubled per earlier batch, at most {@code maxConcurrency}
     */
    public int lanesAfter(long batchesBefore) {
        long lanes = (long) firstBatchLanes << Math.min(batchesBefore, 6); // 2^6 = 64, the most lanes
        return (int) Math.min(lanes, maxConcurrency);
    }
}
