package com.example.sim.models;

import com.example.sim.faults.FaultSchedule;
import com.example.sim.runtime.Scheduler;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The SDK client's timeouts on the virtual clock ({@link SdkRetries.Deadlines}): an attempt runs on
 * a fiber of the caller's environment, and the caller waits for it at most its timeout; an attempt
 * still under way then goes on alone, its request on its way to DynamoDB or its answer on its way
 * back, as a real one does after its client gave up on it. An attempt can only outlast a timeout
 * while AWS's calls are slow (the fault schedule's slow window: 0.5-6 s each way; else 1-6 ms), so a
 * call that cannot meet one runs its attempts inline, as it did before the timeouts were modelled.
 */
public final class FiberDeadlines implements SdkRetries.Deadlines {

    private final Scheduler scheduler;
    private final FaultSchedule faults;

    public FiberDeadlines(Scheduler scheduler, FaultSchedule faults) {
        this.scheduler = scheduler;
        this.faults = faults;
    }

    @Override
    public long now() {
        return scheduler.now();
    }

    /** Slow windows last minutes: one that touches the call covers its start or its end. */
    @Override
    public boolean mayTake(long micros) {
        long now = scheduler.now();
        return faults.in(FaultSchedule.Kind.SLOW, now) || faults.in(FaultSchedule.Kind.SLOW, now + micros);
    }

    @Override
    public <T> Optional<T> within(long micros, Supplier<T> attempt) {
        Object[] answer = new Object[1];
        RuntimeException[] failure = new RuntimeException[1];
        Scheduler.Fiber running = scheduler.spawn(scheduler.current().owner(), () -> {
            try {
                answer[0] = attempt.get();
            } catch (RuntimeException e) {
                failure[0] = e;
            }
        });
        if (!scheduler.join(running, micros)) {
            return Optional.empty();
        }
        if (failure[0] != null) {
            throw failure[0];
        }
        if (answer[0] == null) {
            throw new Scheduler.Ended(); // the environment died under the attempt
        }
        @SuppressWarnings("unchecked")
        T answered = (T) answer[0];
        return Optional.of(answered);
    }
}
