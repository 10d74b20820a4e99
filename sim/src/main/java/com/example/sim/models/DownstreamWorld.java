package com.example.sim.models;

import com.example.sim.models.World;
import com.example.sim.runtime.Scheduler;
import java.time.Instant;
import java.util.SplittableRandom;

/**
 * The world of the decisions' way downstream: the publisher's calls to SNS and SQS, and the
 * operator's replay. The publisher runs on the scheduler's own thread, one invocation at a time per
 * shard, so a call takes no virtual time while it is made: each way of each call draws a latency
 * (2-10 ms) that the invocation's duration adds up, and the invocation's answer reaches the event
 * source mapping after it. During an invocation the publisher's environment may crash on the way
 * back from any call (the fault schedule's chance), after the service acted: the function fails
 * (an error, not a partial response), as a crash does in Lambda.
 */
public final class DownstreamWorld implements World {

    /** The publisher's environment died at a call: the invocation is a function error. */
    static final class Crash extends Error {
        private static final long serialVersionUID = 1L;

        Crash() {
            super("the publisher's environment crashed", null, false, false);
        }
    }

    private final Scheduler scheduler;
    private final double crashes;
    private boolean inInvocation;
    private long elapsed;

    public DownstreamWorld(Scheduler scheduler, double crashes) {
        this.scheduler = scheduler;
        this.crashes = crashes;
    }

    @Override
    public Instant instant() {
        return scheduler.instant();
    }

    @Override
    public SplittableRandom random() {
        return scheduler.random();
    }

    /** An invocation starts: its calls' latencies add up from now, and it may crash. */
    void begin() {
        inInvocation = true;
        elapsed = 0;
    }

    /** The invocation ended; how long its calls took, virtual micros. */
    long end() {
        inInvocation = false;
        return elapsed;
    }

    @Override
    public void toService(String service, String operation) {
        elapsed += scheduler.random().nextLong(2_000, 10_000);
    }

    @Override
    public void fromService(String service, String operation) {
        elapsed += scheduler.random().nextLong(2_000, 10_000);
        if (inInvocation && crashes > 0 && scheduler.random().nextDouble() < crashes) {
            throw new Crash();
        }
    }

    @Override
    public Fault fault(String service, String operation) {
        return Fault.NONE;
    }
}
