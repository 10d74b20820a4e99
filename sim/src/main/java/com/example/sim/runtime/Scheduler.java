package com.example.sim.runtime;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.concurrent.Semaphore;

/**
 * A discrete-event scheduler on a virtual clock: what makes a run a pure function of its seed.
 *
 * <p>Time is a count of microseconds from {@link #EPOCH}; it moves only from one event to the
 * next, in order of time, then of scheduling (never of the host's threads). Every random choice of
 * the models and of the code they run is drawn from the one generator seeded here.
 *
 * <p>Code that calls the models as the real receiver does (blocking calls, sleeps, a lane pool)
 * runs on {@link Fiber}s: threads of which exactly one runs at a time, handed the turn by this
 * scheduler and giving it back at every model call ({@link #sleep}) or wait ({@link #join}).
 * Concurrent Lambda environments thus interleave at each AWS call, in the order the seed's
 * latencies choose, and nowhere else.
 */
public final class Scheduler {

    /** Where virtual time starts: a fixed instant, so that records, timestamps and TTLs repeat. */
    public static final Instant EPOCH = Instant.parse("2026-03-02T00:00:00Z");

    private record Event(long at, long order, Runnable action) implements Comparable<Event> {
        @Override
        public int compareTo(Event other) {
            int byTime = Long.compare(at, other.at);
            return byTime != 0 ? byTime : Long.compare(order, other.order);
        }
    }

    /** Thrown at a fiber's wait when the scheduler ends it (its environment died, or the run ended). */
    public static final class Ended extends Error {
        public Ended() {
            super("fiber ended by the simulation", null, false, false);
        }
    }

    /** A thread run one at a time by the scheduler. */
    public final class Fiber {
        private final Runnable body;
        private final Object owner;
        private final Semaphore turn = new Semaphore(0);
        /** What wakes each fiber waiting for this one to be done. */
        private final List<Runnable> joiners = new ArrayList<>();
        private Thread thread;
        private boolean done;
        private boolean ended;

        private Fiber(Runnable body, Object owner) {
            this.body = body;
            this.owner = owner;
        }

        /** What the fiber belongs to (an execution environment): lanes inherit it. */
        public Object owner() {
            return owner;
        }

        public boolean done() {
            return done;
        }

        private void run() {
            turn.acquireUninterruptibly();
            try {
                body.run();
            } catch (Ended ended) {
                // the environment died at a call: nothing more runs in it
            } catch (Throwable unexpected) {
                failures.add(unexpected);
            } finally {
                done = true;
                live.remove(this);
                for (Runnable joiner : joiners) {
                    at(now, joiner);
                }
                handBack.release();
            }
        }
    }

    private final PriorityQueue<Event> events = new PriorityQueue<>();
    private final SplittableRandom random;
    private final Semaphore handBack = new Semaphore(0);
    private final List<Fiber> live = new ArrayList<>();
    private final List<Throwable> failures = new ArrayList<>();
    private long now;
    private long order;
    private Fiber current;

    public Scheduler(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** The one source of randomness of a run. */
    public SplittableRandom random() {
        return random;
    }

    public long now() {
        return now;
    }

    public Instant instant() {
        return EPOCH.plusNanos(now * 1_000);
    }

    public static long micros(Duration duration) {
        return duration.toNanos() / 1_000;
    }

    /** Runs {@code action} at virtual time {@code at} (not before now). */
    public void at(long at, Runnable action) {
        events.add(new Event(Math.max(at, now), order++, action));
    }

    public void after(long delay, Runnable action) {
        at(now + delay, action);
    }

    /** Runs the events due until none is left or the next is after {@code end}; whether any is left. */
    public boolean runUntil(long end) {
        while (!events.isEmpty() && events.peek().at <= end) {
            Event next = events.poll();
            now = next.at;
            next.action.run();
            if (!failures.isEmpty()) {
                throw new IllegalStateException("simulated code failed", failures.get(0));
            }
        }
        return !events.isEmpty();
    }

    /** A fiber that starts now and runs {@code body}, on behalf of {@code owner}. */
    public Fiber spawn(Object owner, Runnable body) {
        Fiber fiber = new Fiber(body, owner);
        fiber.thread = Thread.ofVirtual().unstarted(fiber::run);
        live.add(fiber);
        at(now, () -> {
            fiber.thread.start();
            resume(fiber);
        });
        return fiber;
    }

    /** The fiber running now; {@code null} on the scheduler's own thread. */
    public Fiber current() {
        return current;
    }

    /** Called on a fiber: gives the turn back and resumes after {@code micros} of virtual time. */
    public void sleep(long micros) {
        Fiber self = requireFiber();
        after(Math.max(0, micros), () -> resume(self));
        park(self);
    }

    /** Called on a fiber: waits until {@code other} is done. */
    public void join(Fiber other) {
        Fiber self = requireFiber();
        if (other.done) {
            return;
        }
        other.joiners.add(() -> resume(self));
        park(self);
    }

    /**
     * Called on a fiber: waits until {@code other} is done, or {@code micros} of virtual time have
     * passed, whichever comes first (a client's timeout: {@code other} goes on without it).
     *
     * @return whether {@code other} is done
     */
    public boolean join(Fiber other, long micros) {
        Fiber self = requireFiber();
        if (other.done) {
            return true;
        }
        boolean[] woken = {false};
        Runnable wake = () -> {
            if (!woken[0]) {
                woken[0] = true;
                resume(self);
            }
        };
        other.joiners.add(wake);
        after(Math.max(0, micros), wake);
        park(self);
        return other.done;
    }

    /** Ends every fiber still waiting: each wakes to {@link Ended} and unwinds. */
    public void endAll() {
        for (Fiber fiber : List.copyOf(live)) {
            fiber.ended = true;
            if (fiber.thread.getState() == Thread.State.NEW) {
                fiber.done = true;
                live.remove(fiber);
            } else {
                resume(fiber);
            }
        }
    }

    private Fiber requireFiber() {
        if (current == null) {
            throw new IllegalStateException("only a fiber waits");
        }
        return current;
    }

    private void park(Fiber self) {
        current = null;
        handBack.release();
        self.turn.acquireUninterruptibly();
        current = self;
        if (self.ended) {
            throw new Ended();
        }
    }

    private void resume(Fiber fiber) {
        if (fiber.done) {
            return;
        }
        current = fiber;
        fiber.turn.release();
        handBack.acquireUninterruptibly();
        current = null;
    }
}
