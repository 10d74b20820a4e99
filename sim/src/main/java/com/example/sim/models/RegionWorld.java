package com.example.sim.models;

import com.example.sim.runtime.Scheduler;
import java.time.Instant;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;

/**
 * The world of one Region of a multi-Region run: the run's world ({@link SimWorld}: its clock,
 * latencies and faults), and the Region itself, which may be lost. A Region lost takes its
 * function environments with it: a call on the way to or from one of its services ends the
 * environment making it, as a crash does, so an invocation in flight as the Region goes is never
 * answered and deletes nothing; what it wrote before stays in the Region's replica.
 */
public final class RegionWorld implements World {

    private final Scheduler scheduler;
    private final World world;
    private final BooleanSupplier up;

    public RegionWorld(Scheduler scheduler, World world, BooleanSupplier up) {
        this.scheduler = scheduler;
        this.world = world;
        this.up = up;
    }

    @Override
    public Instant instant() {
        return world.instant();
    }

    @Override
    public SplittableRandom random() {
        return world.random();
    }

    @Override
    public void toService(String service, String operation) {
        endIfLost();
        world.toService(service, operation);
        endIfLost();
    }

    @Override
    public void fromService(String service, String operation) {
        world.fromService(service, operation);
        endIfLost();
    }

    @Override
    public Fault fault(String service, String operation) {
        return world.fault(service, operation);
    }

    private void endIfLost() {
        if (up.getAsBoolean()) {
            return;
        }
        Scheduler.Fiber fiber = scheduler.current();
        if (fiber == null) {
            return; // not a function's call: nothing of the Region's runs off a fiber here
        }
        if (fiber.owner() instanceof Environment environment) {
            environment.die();
        }
        throw new Scheduler.Ended();
    }
}
