package com.example.localaws.mapping;

/**
 * One local event source mapping as a drain loop runs it: poll, invoke, settle; and say whether
 * its source has nothing left, not even in flight. {@code make drain} runs a list of them
 * (queues, streams) until every one is idle.
 */
public interface Poller {

    /** A name for progress lines and the summary, e.g. {@code PaymentsQueue -> PaymentAuthorizerFunction}. */
    String name();

    /** Polls once, invoking the function when there was something; returns how many records it received. */
    int pollOnce();

    /**
     * True when the source holds nothing this poller would still receive: no visible message and
     * none in flight (waiting out a visibility timeout), or a stream read to its end.
     */
    boolean idle();
}
