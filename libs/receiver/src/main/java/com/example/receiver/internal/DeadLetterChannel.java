package com.example.receiver.internal;

import java.util.List;
import java.util.Set;

/**
 * Where a receiver puts, within the invocation that meets them, the messages no delivery can ever
 * decide ({@link DeadLetter}s): the transport's dead-letter queue, with their reason, rather than
 * failing every delivery until the queue's own redrive policy moves them there without one.
 *
 * <p>Contract: {@link #send} never throws and answers the ids of the messages the channel now
 * holds; the receiver acknowledges those. Every other letter stays a failure and is redelivered
 * as before, so a channel that fails loses nothing. A process that dies between a send and the
 * acknowledgement leaves the message in both places, and its redelivery is sent again: the
 * channel may then hold a message twice, which changes nothing, since it can never be decided.
 */
@FunctionalInterface
public interface DeadLetterChannel {

    /** No channel: every dead letter stays a failure, and the queue's redrive policy moves it. */
    DeadLetterChannel NONE = (letters, remaining) -> Set.of();

    /**
     * Sends {@code letters} (at least one) to the channel, if {@code remaining} allows; answers
     * the message ids it holds now.
     *
     * @param letters the batch's dead letters, at least one
     * @param remaining the invocation's time left
     * @return the message ids the channel now holds, to be acknowledged
     */
    Set<String> send(List<DeadLetter> letters, RemainingTime remaining);
}
