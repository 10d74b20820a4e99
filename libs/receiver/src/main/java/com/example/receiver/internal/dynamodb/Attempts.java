package com.example.receiver.internal.dynamodb;

import com.example.receiver.Outcome;
import com.example.receiver.RetryCause;
import com.example.receiver.internal.RemainingTime;
import com.example.receiver.internal.Sleeper;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * The passing refusals of one call so far, per cause, and the pauses between them: each
 * {@link #refused} either pauses before the next attempt or answers the retry that ends it.
 */
final class Attempts {

    private final RetryPolicy retries;
    private final Sleeper sleeper;
    private final RemainingTime remaining;
    private final Map<RetryCause, Integer> refusals = new EnumMap<>(RetryCause.class);
    private int made;

    Attempts(RetryPolicy retries, Sleeper sleeper, RemainingTime remaining) {
        this.retries = retries;
        this.sleeper = sleeper;
        this.remaining = remaining;
    }

    /** The call was refused for {@code cause} ({@code code} says how): pause, or give up with a retry. */
    Optional<Outcome.Retry> refused(RetryCause cause, String code) {
        made++;
        int attempt = refusals.merge(cause, 1, Integer::sum);
        Optional<Duration> pause = retries.pauseAfter(cause, attempt, remaining.remaining());
        if (pause.isEmpty()) {
            return Optional.of(new Outcome.Retry(cause, code + " after " + made + " attempts"));
        }
        try {
            sleeper.sleep(pause.get());
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of(new Outcome.Retry("interrupted while retrying " + code));
        }
    }
}
