package com.example.localaws.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The drain loop stops when every poller is idle, not before, and not after the deadline. */
class DrainLoopTest {

    /** A source that delivers a scripted number of records per poll and is idle once the script ran out. */
    private static final class ScriptedPoller implements Poller {
        private final Deque<Integer> script;
        private final int inFlightPolls;
        private int idleChecks;
        int polls;

        ScriptedPoller(List<Integer> script, int inFlightPolls) {
            this.script = new ArrayDeque<>(script);
            this.inFlightPolls = inFlightPolls;
        }

        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public int pollOnce() {
            polls++;
            return script.isEmpty() ? 0 : script.poll();
        }

        @Override
        public boolean idle() {
            return script.isEmpty() && ++idleChecks > inFlightPolls;
        }
    }

    @Test
    void runsEveryPoller_untilAllAreIdleTwiceInARow_includingInFlightWork() {
        // GIVEN one poller with three batches, another whose source keeps a message in flight
        // for three idle checks (a failure waiting out its visibility timeout)
        ScriptedPoller busy = new ScriptedPoller(List.of(10, 10, 3), 0);
        ScriptedPoller inFlight = new ScriptedPoller(List.of(), 3);
        // WHEN the loop runs
        DrainLoop.Result result = new DrainLoop(List.of(busy, inFlight), Duration.ofMillis(1), Clock.systemUTC())
                .run(Duration.ofSeconds(10), line -> { });
        // THEN it drained after 8 rounds of both: 3 receiving, 3 waiting for the in-flight
        // message, 2 quiet ones in a row
        assertTrue(result.drained());
        assertEquals(8, result.rounds());
        assertEquals(8, busy.polls);
        assertEquals(8, inFlight.polls);
    }

    @Test
    void stopsAtTheDeadline_sayingItDidNotDrain() {
        // GIVEN a source that never empties WHEN the loop runs with a short deadline
        ScriptedPoller never = new ScriptedPoller(List.of(), Integer.MAX_VALUE);
        List<String> progress = new ArrayList<>();
        DrainLoop.Result result = new DrainLoop(List.of(never), Duration.ofMillis(5), Clock.systemUTC())
                .run(Duration.ofMillis(200), progress::add);
        // THEN it reports that it did not drain
        assertFalse(result.drained());
    }
}
