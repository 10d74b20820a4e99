package com.example.paymenttraffic;

import java.util.SplittableRandom;

/**
 * A run's seed split per component and per item, as TigerBeetle's simulator splits its seed:
 * payment {@code i}'s random stream depends on the seed, the component and {@code i} alone, so
 * removing one payment (a shrinker's step) leaves every other payment's draws as they were.
 */
public final class Seeds {

    /** What a stream is drawn for: each its own family of streams. */
    public enum Component {
        /** The accounts' opening balances. */
        ACCOUNTS,
        /** Each payment: its account, amount, copies and place in the stream. */
        PAYMENTS,
        /** Each poison message. */
        POISON,
        /** A harness's own draws per payment (the simulation's send times and retry delays). */
        SCHEDULE,
        /** A harness's draw of the settings a run deploys (the simulation's swarm: the template's parameters, the faults). */
        SETTINGS
    }

    private final long seed;

    public Seeds(long seed) {
        this.seed = seed;
    }

    /** The stream of {@code component}'s item {@code index}. */
    public SplittableRandom stream(Component component, long index) {
        return new SplittableRandom(mix(mix(seed ^ 0x9E3779B97F4A7C15L * (component.ordinal() + 1)) + index));
    }

    /** SplitMix64's finaliser: a seed's bits spread over the whole word. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
