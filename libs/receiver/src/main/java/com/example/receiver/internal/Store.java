package com.example.receiver.internal;

import com.example.receiver.Command;
import com.example.receiver.DuplicateSource;
import com.example.receiver.Outcome;
import com.example.receiver.RetryCause;
import java.util.List;

/**
 * The source of truth: decides a new operation and records that decision atomically with its
 * effect, or recognises that it was decided before.
 *
 * <p>Contract of {@link #commit}: the idempotency record and the domain's effect are written in
 * one atomic step, or nothing is written. The answer is one of
 * {@link Outcome.Approved}, {@link Outcome.Declined}, {@link Outcome.Duplicate} (source
 * {@link DuplicateSource#STORE} or {@link DuplicateSource#LATE}), {@link Outcome.Conflict}, or
 * {@link Outcome.Retry} when the outcome could not be determined (then the message must be
 * redelivered; committing it again is safe, since the record makes it a duplicate). It never
 * throws for a situation of the store; a bug may still surface as an unchecked exception.
 * Contention with other writers and throttling may be waited out, but only within
 * {@code remaining}; what is not outlasted is a retry whose {@link RetryCause} says which.
 *
 * <p>Contract of {@link #commitGroup}: new operations with distinct keys, in the order the
 * sequential path would commit them, committed in as few atomic steps as the store can. It
 * answers the outcomes of a <em>prefix</em> of them, in order, each what {@link #commit} would
 * have answered committing them one after another: {@link Outcome.Approved} (record and effect
 * committed), a {@link Outcome.Duplicate} or {@link Outcome.Conflict} read from a stored record,
 * or an {@link Outcome.Retry} (nothing known to be written). Nothing after an outcome that is not
 * {@link Outcome#acknowledged() acknowledged} is committed, and the prefix ends there; the caller
 * commits the rest one by one with {@link #commit}. A store that cannot group answers an empty
 * list, the default.
 *
 * @param <P> the domain's payload type
 */
@FunctionalInterface
public interface Store<P> {

    /**
     * Decides and records {@code command} once, waiting out contention or throttling only within {@code remaining}.
     *
     * @param command a new operation, by what the fast path and the batch know
     * @param remaining the invocation's time left, which bounds any waiting
     * @return one of the outcomes the class comment lists
     */
    Outcome commit(Command<P> command, RemainingTime remaining);

    /**
     * Commits a leading run of {@code commands} together; see the class comment.
     *
     * @param commands new operations of one lane, distinct keys, in order
     * @param remaining the invocation's time left
     * @return the outcomes of a prefix of them, in order; empty when the store cannot group
     */
    default List<Outcome> commitGroup(List<Command<P>> commands, RemainingTime remaining) {
        return List.of();
    }
}
