package com.example.sim.models;

import java.time.Instant;
import java.util.SplittableRandom;

/** The models' tests' world: a clock the test moves, one seeded generator, no latency, no faults. */
public class StillWorld implements World {

    Instant now = Instant.parse("2026-03-02T00:00:00Z");
    final SplittableRandom random;

    public StillWorld() {
        this(1);
    }

    StillWorld(long seed) {
        this.random = new SplittableRandom(seed);
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public SplittableRandom random() {
        return random;
    }

    @Override
    public void toService(String service, String operation) {
    }

    @Override
    public void fromService(String service, String operation) {
    }

    @Override
    public Fault fault(String service, String operation) {
        return Fault.NONE;
    }
}
