package com.example.receiver.internal.dynamodb;

import com.example.receiver.Outcome;
import java.time.Instant;

/** What one transaction came to, after its passing refusals were waited out ({@link Transactions}). */
sealed interface Transacted {

    record Committed() implements Transacted {
    }

    /** Cancelled for a reason other than passing ones alone, at {@code at}: nothing written. */
    record Cancelled(CancellationReasons reasons, Instant at) implements Transacted {
    }

    /** Refused before it ran for what it asked (a 4xx other than throttling): nothing written. */
    record Refused(Outcome.Retry retry) implements Transacted {
    }

    /** Not known to be written (a 5xx, a timeout), or passing refusals beyond the budget. */
    record Unknown(Outcome.Retry retry) implements Transacted {
    }
}
