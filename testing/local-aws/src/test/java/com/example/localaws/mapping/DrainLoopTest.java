package com.example.localaws.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.receiver.testkit.Sleeper;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The drain loop runs its pollers side by side, stops when every one is quiet, not before (work
 * handed from one to another included), and not after the deadline.
 */
class DrainLoopTest {

    private static final Duration PAUSE = Duration.ofMillis(2);

    /** A source holding scripted batches; idle once they are all received and nothing is in flight. */
    private static class ScriptedPoller implements Poller {
        private final String name;
        private final Deque<Integer> batches = new ArrayDeque<>();
        private int inFlightChecks;
        private int received;
        private int polls;

        ScriptedPoller(String name, List<Integer> batches, int inFlightChecks) {
            this.name = name;
            this.batches.addAll(batches);
            this.inFlightChecks = inFlightChecks;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public synchronized int pollOnce() {
            polls++;
            int batch = batches.isEmpty() ? 0 : batches.poll();
            received += batch;
            return batch;
        }

        @Override
        public synchronized boolean idle() {
            return batches.isEmpty() && inFlightChecks-- <= 0;
        }

        synchronized void add(int batch) {
            batches.add(batch);
        }

        synchronized int received() {
            return received;
        }

        synchronized int polls() {
            return polls;
        }
    }

    @Test
    void runsUntilEveryPollerIsQuiet_includingWorkStillInFlight() {
        // GIVEN one poller with three batches, another whose source keeps a message in flight
        // for three idle checks (a failure waiting out its visibility timeout)
        ScriptedPoller busy = new ScriptedPoller("busy", List.of(10, 10, 3), 0);
        ScriptedPoller inFlight = new ScriptedPoller("in flight", List.of(), 3);
        // WHEN the loop runs
        DrainLoop.Result result = new DrainLoop(List.of(busy, inFlight), PAUSE, Clock.systemUTC())
                .run(Duration.ofSeconds(10), line -> { });
        // THEN it drained everything, and only once the in-flight message was settled
        assertTrue(result.drained());
        assertEquals(23, busy.received());
        assertTrue(inFlight.inFlightChecks < 0, "the loop must have seen the source idle after its in-flight checks");
        assertEquals(busy.polls() + inFlight.polls(), result.polls());
    }

    @Test
    void waitsForWorkOnePollerHandsToAnother() {
        // GIVEN a downstream poller, and an upstream one whose every batch sends one record downstream
        // after a while (as the authorizer's decisions reach the stream and then the notifications queue)
        ScriptedPoller downstream = new ScriptedPoller("downstream", List.of(), 0);
        ScriptedPoller upstream = new ScriptedPoller("upstream", List.of(1, 1, 1, 1, 1), 0) {
            @Override
            public int pollOnce() {
                int batch = super.pollOnce();
                if (batch > 0) {
                    sleep(Duration.ofMillis(20));
                    downstream.add(batch);
                }
                return batch;
            }
        };
        // WHEN the loop runs
        DrainLoop.Result result = new DrainLoop(List.of(upstream, downstream), PAUSE, Clock.systemUTC())
                .run(Duration.ofSeconds(10), line -> { });
        // THEN the downstream poller received every record before the loop stopped
        assertTrue(result.drained());
        assertEquals(5, downstream.received());
    }

    @Test
    void pollsEachSourceOnItsOwnThread_soASlowFunctionHoldsUpNoOther() throws InterruptedException {
        // GIVEN a poller whose first poll only returns once the other poller has polled (it would
        // wait for ever if the pollers took turns)
        CountDownLatch otherPolled = new CountDownLatch(1);
        ScriptedPoller other = new ScriptedPoller("other", List.of(1), 0) {
            @Override
            public int pollOnce() {
                otherPolled.countDown();
                return super.pollOnce();
            }
        };
        ScriptedPoller slow = new ScriptedPoller("slow", List.of(1), 0) {
            @Override
            public int pollOnce() {
                await(otherPolled);
                return super.pollOnce();
            }
        };
        // WHEN the loop runs
        DrainLoop.Result result = new DrainLoop(List.of(slow, other), PAUSE, Clock.systemUTC()).run(Duration.ofSeconds(10), line -> { });
        // THEN both were drained
        assertTrue(result.drained());
        assertEquals(1, slow.received());
        assertEquals(1, other.received());
    }

    @Test
    void aPollerThatThrows_stopsEveryPoller_andTheLoopThrowsWhatItThrew() {
        IllegalStateException broken = new IllegalStateException("the function could not be invoked");
        ScriptedPoller failing = new ScriptedPoller("failing", List.of(), 0) {
            @Override
            public int pollOnce() {
                throw broken;
            }
        };
        ScriptedPoller endless = new ScriptedPoller("endless", List.of(), Integer.MAX_VALUE);
        DrainLoop loop = new DrainLoop(List.of(failing, endless), PAUSE, Clock.systemUTC());
        assertSame(broken, assertThrows(IllegalStateException.class, () -> loop.run(Duration.ofSeconds(10), line -> { })));
    }

    @Test
    void stopsAtTheDeadline_sayingItDidNotDrain() {
        // GIVEN a source that never empties WHEN the loop runs with a short deadline
        ScriptedPoller never = new ScriptedPoller("never", List.of(), Integer.MAX_VALUE);
        DrainLoop.Result result = new DrainLoop(List.of(never), PAUSE, Clock.systemUTC()).run(Duration.ofMillis(200), line -> { });
        // THEN it reports that it did not drain
        assertFalse(result.drained());
    }

    @Test
    void emptyPolls_pauseWithTheInjectedSleeper_onceEachBeforePollingAgain() {
        // GIVEN a sleeper that only counts, and one poller with a batch, then nothing
        List<Duration> pauses = Collections.synchronizedList(new ArrayList<>());
        Sleeper counting = pauses::add;
        ScriptedPoller once = new ScriptedPoller("once", List.of(5), 0);
        // WHEN the loop runs it to quiet
        DrainLoop.Result result = new DrainLoop(List.of(once), PAUSE, Clock.systemUTC(), counting)
                .run(Duration.ofSeconds(10), line -> { });
        // THEN it drained, every pause was the configured one, and the poller's empty polls each paused
        assertTrue(result.drained());
        assertTrue(pauses.stream().allMatch(PAUSE::equals), pauses::toString);
        assertTrue(pauses.size() >= once.polls() - 1, pauses.size() + " pauses for " + once.polls() + " polls");
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(2, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the other poller never polled: the pollers are not running side by side");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
