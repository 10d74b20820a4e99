package com.example.sim.models;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.sim.faults.FaultSchedule;
import org.junit.jupiter.api.Test;

/** The event source mapping's pollers and the retries of a throttled batch, as the pages cited in {@link EventSourceScaling} and {@link FunctionConcurrency} say. */
class EventSourceScalingTest {

    private static final long SECOND = 1_000_000;

    @Test
    void startsAtFive_addsThreeHundredAMinuteWhileMessagesWait_upToTheMaximum_andFallsBackWhenTheQueueIsEmpty() {
        EventSourceScaling scaling = new EventSourceScaling(1_000);
        assertEquals(5, scaling.pollers(0));
        scaling.backlog(0);
        assertEquals(5 + 150, scaling.pollers(30 * SECOND));
        assertEquals(5 + 300, scaling.pollers(60 * SECOND));
        assertEquals(1_000, scaling.pollers(10 * 60 * SECOND));
        scaling.empty(10 * 60 * SECOND);
        assertEquals(1_000 - 300, scaling.pollers(11 * 60 * SECOND));
        assertEquals(5, scaling.pollers(20 * 60 * SECOND));
    }

    @Test
    void aThrottle_backsOffToFive_andTheNextPollerComesAFifthOfASecondLater() {
        EventSourceScaling scaling = new EventSourceScaling(1_000);
        scaling.backlog(0);
        assertEquals(65, scaling.pollers(12 * SECOND));
        scaling.throttled(12 * SECOND);
        assertEquals(5, scaling.pollers(13 * SECOND));
        scaling.backlog(13 * SECOND);
        assertEquals(13 * SECOND + 200_000, scaling.nextPollerAt(13 * SECOND));
    }

    @Test
    void withoutAMaximumConcurrency_theMappingStopsAtItsCeilingOf1250() {
        EventSourceScaling scaling = new EventSourceScaling(Integer.MAX_VALUE);
        scaling.backlog(0);
        assertEquals(1_250, scaling.pollers(10 * 60 * SECOND));
        assertEquals(Long.MAX_VALUE, scaling.nextPollerAt(10 * 60 * SECOND));
    }

    @Test
    void belowFive_theMaximumIsTheStart() {
        EventSourceScaling scaling = new EventSourceScaling(2);
        scaling.backlog(0);
        assertEquals(2, scaling.pollers(60 * SECOND));
        assertEquals(Long.MAX_VALUE, scaling.nextPollerAt(60 * SECOND));
    }

    @Test
    void aThrottledBatch_isTriedAgainAfterOneTwoFourSeconds_atMostThirty_andAReservedConcurrencyCapsWhatRuns() {
        assertEquals(SECOND, FunctionConcurrency.retryAfter(1));
        assertEquals(4 * SECOND, FunctionConcurrency.retryAfter(3));
        assertEquals(30 * SECOND, FunctionConcurrency.retryAfter(9));
        FunctionConcurrency reserved = new FunctionConcurrency(3, FaultSchedule.NONE);
        assertEquals(false, reserved.throttles(2, 0));
        assertEquals(true, reserved.throttles(3, 0));
        assertEquals(1, reserved.throttles());
        FunctionConcurrency window = new FunctionConcurrency(0, new FaultSchedule(java.util.List.of(
                new FaultSchedule.Window(0, FaultSchedule.Kind.LAMBDA_THROTTLING, 10 * SECOND, 20 * SECOND)), 0, 0, 0, 0));
        assertEquals(false, window.throttles(0, 9 * SECOND));
        assertEquals(true, window.throttles(0, 10 * SECOND));
        assertEquals(false, window.throttles(500, 20 * SECOND));
    }
}
