package com.example.sim.models;

/**
 * How many batches the SQS event source mapping reads at once ("Configuring scaling behavior for
 * SQS event source mappings", AWS Lambda Developer Guide,
 * https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-scaling.html): "Lambda starts
 * processing five batches at a time with five concurrent invocations"; while messages are still
 * available it "increases the number of processes that are reading batches by up to 300 more
 * concurrent invokes per minute", up to the mapping's {@code MaximumConcurrency} (2 to 1 000,
 * "AWS::Lambda::EventSourceMapping ScalingConfig"), and without one up to the mapping's own
 * ceiling: "the maximum number of invokes that an event source mapping can process simultaneously
 * is 1,250" ({@link #CEILING}); "when traffic is low, Lambda scales back the processing to five
 * concurrent invokes". A throttled
 * invocation makes Lambda back off "by reducing the amount of concurrency allocated to your
 * Amazon SQS event source mapping" ("Handling errors for an SQS event source in Lambda",
 * https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-errorhandling.html).
 * <p>The model: a level that rises at 300 a minute while a poll finds messages and every poller
 * busy, falls at the same rate (to five) while the queue is empty, holds otherwise, and drops back
 * to five at a throttle (how far and how fast Lambda backs off is not documented). Below five
 * when traffic is low ("as few as 2 concurrent invokes") is not modelled: it is "not available
 * when you enable the maximum concurrency setting", which the template always sets.
 * <p>Not modelled either: the page's provisioned mode ({@code ProvisionedPollerConfig}, a minimum
 * and a maximum of event pollers kept ready, "3 times faster scaling"), exclusive of
 * {@code MaximumConcurrency}; the template does not use it, so a peak meets the standard mode's
 * five batches and 300 a minute.
 */
final class EventSourceScaling {

    static final int START = 5;
    /** The most batches a mapping in standard mode processes at once, {@code MaximumConcurrency} or not. */
    static final int CEILING = 1_250;
    /** 300 pollers a minute, per virtual microsecond. */
    private static final double PER_MICRO = 300.0 / 60_000_000;

    private final int maximum;
    private final double floor;
    private double level;
    private long since;
    private int direction;

    /** @param maximum the mapping's {@code MaximumConcurrency}, or {@link Integer#MAX_VALUE} for none */
    EventSourceScaling(int maximum) {
        this.maximum = Math.min(maximum, CEILING);
        this.floor = Math.min(START, maximum);
        this.level = floor;
    }

    /** The batches the mapping may have in hand at {@code now}. */
    int pollers(long now) {
        return (int) Math.floor(levelAt(now));
    }

    /** A poll found messages waiting and every poller busy: scale up. */
    void backlog(long now) {
        move(now, 1);
    }

    /** A poll found the queue empty: scale back. */
    void empty(long now) {
        move(now, -1);
    }

    /** Neither: hold. */
    void steady(long now) {
        move(now, 0);
    }

    /** An invocation was throttled: back to the first five. */
    void throttled(long now) {
        level = floor;
        since = now;
        direction = 0;
    }

    /** When the next poller is added while scaling up, or {@code Long.MAX_VALUE}. */
    long nextPollerAt(long now) {
        double at = levelAt(now);
        if (direction <= 0 || at >= maximum) {
            return Long.MAX_VALUE;
        }
        return now + (long) Math.ceil((Math.floor(at) + 1 - at) / PER_MICRO);
    }

    private void move(long now, int to) {
        if (to != direction) {
            level = levelAt(now);
            since = now;
            direction = to;
        }
    }

    private double levelAt(long now) {
        return Math.max(floor, Math.min(maximum, level + direction * (now - since) * PER_MICRO));
    }
}
