package com.example.sim.models;

import com.example.sim.faults.FaultSchedule;
import com.example.sim.models.World;
import com.example.sim.runtime.Scheduler;
import java.time.Instant;
import java.util.SplittableRandom;

/**
 * The world of a run: virtual time, the seed's randomness, network latency at every AWS call (the
 * point where concurrent environments interleave), and the fault schedule: an environment's crash
 * at any call, slow calls, throttling, 500s.
 */
public final class SimWorld implements World {

    private final Scheduler scheduler;
    private final FaultSchedule faults;

    public SimWorld(Scheduler scheduler, FaultSchedule faults) {
        this.scheduler = scheduler;
        this.faults = faults;
    }

    @Override
    public Instant instant() {
        return scheduler.instant();
    }

    @Override
    public SplittableRandom random() {
        return scheduler.random();
    }

    @Override
    public void toService(String service, String operation) {
        travel(service);
    }

    @Override
    public void fromService(String service, String operation) {
        travel(service);
    }

    /** Half a round trip: 1-6 ms (DynamoDB), 2-10 ms (SQS), 0.1-0.6 ms (the cache), seconds while AWS calls are slow; the caller may crash on the way. */
    private void travel(String service) {
        Scheduler.Fiber fiber = scheduler.current();
        if (fiber == null) {
            return; // the event source mapping's and the operators' calls: no latency of theirs matters here
        }
        if (!(fiber.owner() instanceof Environment environment)) { // not a function's (design (b)'s consumer): the latency only
            scheduler.sleep(service.equals("dynamodb") ? scheduler.random().nextLong(1_000, 6_000)
                    : scheduler.random().nextLong(2_000, 10_000));
            return;
        }
        if (environment.dead()) {
            throw new Scheduler.Ended();
        }
        SplittableRandom random = scheduler.random();
        if (faults.crashes() > 0 && random.nextDouble() < faults.crashes()) {
            environment.die();
            throw new Scheduler.Ended();
        }
        if (service.equals("elasticache")) { // in the VPC, next to the function; its faults are the cache model's
            scheduler.sleep(random.nextLong(100, 600));
            if (environment.dead()) {
                throw new Scheduler.Ended();
            }
            return;
        }
        long micros = service.equals("dynamodb") ? random.nextLong(1_000, 6_000) : random.nextLong(2_000, 10_000);
        if (faults.in(FaultSchedule.Kind.SLOW, scheduler.now())) {
            micros += random.nextLong(500_000, 6_000_000);
        }
        scheduler.sleep(micros);
        if (environment.dead()) {
            throw new Scheduler.Ended();
        }
    }

    @Override
    public Fault fault(String service, String operation) {
        if (!service.equals("dynamodb")) {
            return Fault.NONE;
        }
        long now = scheduler.now();
        SplittableRandom random = scheduler.random();
        if (faults.in(FaultSchedule.Kind.THROTTLING, now)) { // the whole transaction's tables, or one (a hot partition)
            return random.nextBoolean() ? Fault.THROTTLE : Fault.THROTTLE_LAST_TABLE;
        }
        if (faults.in(FaultSchedule.Kind.OUTAGE, now)) { // mostly refused before anything is written
            return random.nextDouble() < 0.1 ? Fault.SERVER_ERROR_APPLIED : Fault.SERVER_ERROR_NOT_APPLIED;
        }
        if (faults.serverErrors() > 0 && random.nextDouble() < faults.serverErrors()) {
            return random.nextBoolean() ? Fault.SERVER_ERROR_APPLIED : Fault.SERVER_ERROR_NOT_APPLIED;
        }
        if (operation.equals("TransactWriteItems") && faults.hotPartitionThrottles() > 0
                && random.nextDouble() < faults.hotPartitionThrottles()) {
            return Fault.THROTTLE_LAST_TABLE;
        }
        return Fault.NONE;
    }
}
