package com.example.sim.faults;

import java.time.Duration;

/**
 * How often and how long the faults of a run are: the longest window of each kind the schedule
 * draws, and the chance of each fault at a single call. {@link #DEFAULT} is what every seed of
 * {@code make simulate} meets; the swarm draws them per seed.
 *
 * @param longestThrottling     the longest window of DynamoDB throttling (at most the 30 minutes of
 *                              on-demand's doubling window, the longest the design promises to ride out)
 * @param longestOutage         the longest DynamoDB outage answering 500 (10 minutes at least)
 * @param longestLambdaThrottle the longest window in which Lambda throttles every invocation
 * @param serverErrors          the chance of a 500 at any DynamoDB call outside the windows
 * @param crashes               the chance that an environment crashes at any AWS call
 * @param extraCopies           the chance that a delete misses a copy of the message
 * @param hotPartitionThrottles the chance that a transaction outside the windows is throttled at its
 *                              last table's actions only (a hot partition of the ledger)
 */
public record FaultRates(Duration longestThrottling, Duration longestOutage, Duration longestLambdaThrottle,
                         double serverErrors, double crashes, double extraCopies, double hotPartitionThrottles) {

    public static final FaultRates DEFAULT = new FaultRates(Duration.ofMinutes(30), Duration.ofMinutes(150),
            Duration.ofMinutes(30), 0.0005, 0.0003, 0.001, 0.01);

    public FaultRates {
        if (longestThrottling.compareTo(Duration.ofMinutes(1)) < 0 || longestOutage.compareTo(Duration.ofMinutes(10)) < 0
                || longestLambdaThrottle.compareTo(Duration.ofMinutes(1)) < 0) {
            throw new IllegalArgumentException("windows are drawn from 1 min (an outage from 10 min) up: " + this);
        }
    }

    /** The same, drawing windows of Lambda throttling up to {@code longest}. */
    public FaultRates withLongestLambdaThrottle(Duration longest) {
        return new FaultRates(longestThrottling, longestOutage, longest, serverErrors, crashes, extraCopies, hotPartitionThrottles);
    }
}
