package com.example.payment.events.replay;

import java.util.List;
import java.util.Objects;

/**
 * What a replay did for the failure queue's batches whose windows overlapped (one window, one
 * Scan): the transactions the batches held ({@code covered}, read back from the stream; empty with
 * {@code coveredKnown} false once the stream no longer holds them), and of the decisions its window
 * found, those published for the first time (the batches' own), those published again (decided in
 * the window's margins, outside the batches, so published before: harmless, every subscriber
 * deduplicates on {@code transaction_id}) and those that failed.
 *
 * @param messages          the failure queue's message ids
 * @param window            the decision times read: the batches' arrivals, widened by
 *                          {@link OnFailureReplay#BEFORE_ARRIVAL} before and
 *                          {@link OnFailureReplay#AFTER_ARRIVAL} after
 * @param coveredKnown      whether the stream still held the batches' records
 * @param covered           the batches' transactions
 * @param publishedFirstTime of the published, those the batches held (all of them when not known)
 * @param publishedAgain    of the published, those outside the batches
 * @param failed            the keys not published, with why
 */
public record BatchReport(List<String> messages, ReplayWindow window, boolean coveredKnown, List<String> covered,
                          List<String> publishedFirstTime, List<String> publishedAgain, List<String> failed) {

    public BatchReport {
        messages = List.copyOf(messages);
        Objects.requireNonNull(window, "window");
        covered = List.copyOf(covered);
        publishedFirstTime = List.copyOf(publishedFirstTime);
        publishedAgain = List.copyOf(publishedAgain);
        failed = List.copyOf(failed);
        if (!coveredKnown && !covered.isEmpty()) {
            throw new IllegalArgumentException("covered transactions are known, or none is named");
        }
    }

    /** Whether every decision of the window was published. */
    public boolean complete() {
        return failed.isEmpty();
    }
}
