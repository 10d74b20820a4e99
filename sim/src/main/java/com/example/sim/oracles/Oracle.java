package com.example.sim.oracles;

import com.example.sim.models.SqsMessage;
import java.util.List;
import java.util.Map;

/**
 * One check of a run (one per file): it {@link #observe observes} the run's typed events as they
 * happen, and judges what it saw, with the tables and queues as the run ends, {@link #atEnd at the
 * end}. A failure is a {@link Violation} added to the run's list, in the order it is found.
 */
public interface Oracle {

    /** One fact of the run, in the order the run made it. */
    void observe(Event event);

    /** The run is over: {@code end} is what the tables and queues hold. */
    void atEnd(End end);

    /**
     * What a run ends with.
     *
     * @param balances    each account's balance in the accounts table
     * @param initial     each account's opening balance
     * @param queueLeft   the messages left in the payments queue
     * @param deadLetters the messages left in its DLQ
     */
    record End(Map<String, Long> balances, Map<String, Long> initial, List<SqsMessage> queueLeft,
               List<SqsMessage> deadLetters) {
    }
}
