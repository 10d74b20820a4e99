package com.example.payment.events;

/**
 * Where decisions go. {@link #publish} returns only once the destination accepted the event and
 * throws otherwise; the caller then reports the stream record as failed, so the same event may be
 * published again (at least once, never silently dropped).
 */
public interface DecisionPublisher {

    /** Publishes {@code event}; throws when it could not be accepted. */
    void publish(DecisionEvent event);
}
