package com.example.receiver;

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
 * throws for a situation of the store; a bug may still surface as a {@link ReceiverException}.
 *
 * @param <P> the domain's payload type
 */
@FunctionalInterface
public interface Store<P> {

    /** Decides and records {@code command} once. */
    Outcome commit(Command<P> command);
}
