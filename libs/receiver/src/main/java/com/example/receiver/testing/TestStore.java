package com.example.receiver.testing;

import com.example.receiver.Command;
import com.example.receiver.Outcome;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * The receiver's source of truth as a test sees it: a fake of its own, or the real DynamoDB store
 * with a fault around it ({@link ReceiverTestKit#store}). The contract is the store's: {@link #commit}
 * writes the record and the domain's effect in one atomic step or nothing, and answers an
 * {@link Outcome} (never throws for a situation of the store); {@link #commitGroup} commits a leading
 * run of new operations of one lane and answers the outcomes of a prefix of them, in order, or none
 * when the store cannot group (the default).
 *
 * @param <P> the domain's payload type
 */
@FunctionalInterface
public interface TestStore<P> {

    /**
     * Decides and records {@code command} once, waiting only within {@code remaining}.
     *
     * @param command   a new operation
     * @param remaining the invocation's time left, asked each time it is needed
     * @return the outcome
     */
    Outcome commit(Command<P> command, Supplier<Duration> remaining);

    /**
     * Commits a leading run of {@code commands} together; none by default.
     *
     * @param commands  new operations of one lane, distinct keys, in order
     * @param remaining the invocation's time left
     * @return the outcomes of a prefix of them, in order; empty when the store cannot group
     */
    default List<Outcome> commitGroup(List<Command<P>> commands, Supplier<Duration> remaining) {
        return List.of();
    }
}
