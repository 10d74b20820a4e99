package com.example.paymenttraffic;

import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The producers' clock: stamps each message as it is sent, its {@code headers.timestamp} the
 * moment of sending on {@code clock} (less its {@link Send#age}). A copy of a message sent
 * before (a redelivery, the same body right behind it) is the same message: it keeps the stamp
 * its first sending got. A producer's retry is a message of its own, stamped when it is sent.
 * Deterministic on a virtual clock: the harness injects the clock its receiver runs on.
 */
public final class ProducerClock {

    private final Clock clock;
    /** The moment each message was first sent, by its body as generated. */
    private final Map<String, Instant> firstSent = new HashMap<>();

    public ProducerClock(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** {@code send}'s message as it is sent now. */
    public String stamp(Send send) {
        return send.body(firstSent.computeIfAbsent(send.body(), body -> clock.instant()));
    }
}
