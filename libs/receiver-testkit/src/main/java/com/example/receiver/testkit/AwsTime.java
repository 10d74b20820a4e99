package com.example.receiver.testkit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;

/**
 * AWS's time in the local AWS, moved forward by a test ({@link LocalAwsKit#awsTime}, the project's {@code LocalAws.awsTime}): SQS's clock
 * (the launcher's {@code /_clock}) and {@link #clock()}, the clock the test gives the function,
 * run {@link #advance the same offset} ahead of the real time, so that a test lives through
 * minutes or days of AWS's windows (visibility timeouts, delays, retentions, a record's TTL) in
 * seconds, with every window at its production value. Closing sets both back to the real time.
 *
 * <p>Only time that nothing observes is skipped: a test advances while no invocation runs.
 */
public final class AwsTime implements AutoCloseable {

    private final AwsApi api;
    private final String region;
    private final AheadOfSystem clock = new AheadOfSystem();

    /**
     * AWS's time of {@code api}, its SQS clock set back to the real time first.
     *
     * @param api    the local AWS
     * @param region the region of its queues
     */
    public AwsTime(AwsApi api, String region) {
        this.api = Objects.requireNonNull(api, "api");
        this.region = Objects.requireNonNull(region, "region");
        api.resetSqsClock();
    }

    /** {@return the function's clock: the real time plus what was skipped so far} */
    public Clock clock() {
        return clock;
    }

    /**
     * Skips {@code by} of AWS's time, at once, for SQS and for {@link #clock()}.
     *
     * @param by at least 1 ms
     */
    public synchronized void advance(Duration by) {
        follow(api.advanceSqsClock(by));
    }

    /**
     * Skips to just past the moment the first message of {@code queueUrl} becomes visible again
     * ({@code atMost} at most): what a poller finding the queue empty would wait, and no more.
     *
     * @param queueUrl the queue
     * @param atMost   the most to skip
     */
    public synchronized void advanceToNextVisible(String queueUrl, Duration atMost) {
        follow(api.advanceSqsClockToNextVisible(queueUrl, region, atMost));
    }

    /** {@return what was skipped so far} */
    public Duration skipped() {
        return clock.offset();
    }

    @Override
    public synchronized void close() {
        api.resetSqsClock();
        follow(Duration.ZERO);
    }

    /** The function's clock set to SQS's offset, which the launcher answered with. */
    private void follow(Duration sqsOffset) {
        clock.offset = sqsOffset;
    }

    /** The system's UTC clock, {@code offset} ahead: what the launcher's SQS clock runs at. */
    private static final class AheadOfSystem extends Clock {

        private volatile Duration offset = Duration.ZERO;

        Duration offset() {
            return offset;
        }

        @Override
        public Instant instant() {
            return Instant.now().plus(offset);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        /** UTC only: readers read instants, never local times. */
        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}
