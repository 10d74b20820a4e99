package com.example.localaws.mapping;

import java.util.Objects;

/**
 * A {@link DynamoDbStreamsEventSourceMapping} as a {@link Poller}, with its running totals. It is
 * idle when its last poll found nothing new on any shard: the stream is read to its end.
 */
public final class StreamPoller implements Poller {

    private final String name;
    private final DynamoDbStreamsEventSourceMapping mapping;
    private boolean readToEnd;
    private long polls;
    private long invocations;
    private long delivered;
    private long done;
    private long discarded;

    public StreamPoller(String name, DynamoDbStreamsEventSourceMapping mapping) {
        this.name = Objects.requireNonNull(name, "name");
        this.mapping = Objects.requireNonNull(mapping, "mapping");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int pollOnce() {
        DynamoDbStreamsEventSourceMapping.Poll poll = mapping.pollOnce();
        polls++;
        if (poll.delivered() > 0) {
            invocations++;
        }
        delivered += poll.delivered();
        done += poll.done();
        discarded += poll.discarded();
        readToEnd = poll.delivered() == 0;
        return poll.delivered();
    }

    @Override
    public boolean idle() {
        return readToEnd;
    }

    public long polls() {
        return polls;
    }

    public long invocations() {
        return invocations;
    }

    /** Records handed to the function, retries included. */
    public long delivered() {
        return delivered;
    }

    /** Records the function completed. */
    public long done() {
        return done;
    }

    /** Records given up on after the retries (their batch's metadata went to the on-failure queue). */
    public long discarded() {
        return discarded;
    }
}
