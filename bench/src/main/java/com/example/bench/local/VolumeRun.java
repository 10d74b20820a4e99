package com.example.bench.local;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/**
 * One size of {@code make bench-local}: the times of {@code make send} and {@code make drain}, the
 * records each function was handed, and what the local AWS holds afterwards.
 *
 * @param messages       messages sent
 * @param unique         distinct payments among them: what the reference model approves
 * @param sendSeconds    wall time of {@code make send}
 * @param drainSeconds   wall time of {@code make drain}, its JVMs and functions' start included
 * @param deliveries     records handed to the authorizer, the publisher and the notifier
 * @param approved       the authorizer's APPROVED decisions
 * @param duplicates     the authorizer's DUPLICATE decisions, any source
 * @param ledgerRows     ledger rows written
 * @param notified       notifications the push API delivered
 * @param deadLetters    messages in the payments DLQ, the notifications DLQ and the stream's failure queue
 */
record VolumeRun(int messages, int unique, double sendSeconds, double drainSeconds, long deliveries, long approved,
                 long duplicates, long ledgerRows, long notified, long deadLetters) {

    static VolumeRun of(VolumeTraffic traffic, MakeCommand.Run send, MakeCommand.Run drain, JsonNode totals) {
        long deliveries = 0;
        for (JsonNode poller : drain.document().path("pollers")) {
            deliveries += poller.has("received") ? poller.path("received").asLong() : poller.path("recordsDelivered").asLong();
        }
        long approved = drain.document().path("outcomes").path("APPROVED").asLong();
        long duplicates = 0;
        for (Iterator<Map.Entry<String, JsonNode>> outcomes = drain.document().path("outcomes").fields(); outcomes.hasNext(); ) {
            Map.Entry<String, JsonNode> outcome = outcomes.next();
            if (outcome.getKey().startsWith("DUPLICATE")) {
                duplicates += outcome.getValue().asLong();
            }
        }
        if (traffic.duplicates() != traffic.messages() - traffic.approved()) {
            throw new IllegalStateException("the reference model must approve every payment and answer every copy"
                    + " as a duplicate: " + traffic.approved() + " approved, " + traffic.duplicates() + " duplicates");
        }
        return new VolumeRun(traffic.messages(), (int) traffic.approved(), seconds(send), seconds(drain), deliveries, approved, duplicates,
                totals.path("ledgerRows").asLong(), totals.path("notificationsDelivered").asLong(),
                totals.path("deadLetters").asLong() + totals.path("notificationDeadLetters").asLong()
                        + totals.path("streamFailures").asLong());
    }

    /**
     * True when what the run did is what the reference model says: every payment approved and
     * written once, every copy a duplicate, nothing lost.
     */
    boolean decidedOnce() {
        return approved == unique && duplicates == messages - unique && ledgerRows == unique && notified == unique
                && deadLetters == 0;
    }

    double sendMillisPerMessage() {
        return sendSeconds * 1000 / messages;
    }

    double drainMillisPerMessage() {
        return drainSeconds * 1000 / messages;
    }

    double deliveriesPerSecond() {
        return deliveries / drainSeconds;
    }

    String summary() {
        return String.format(Locale.ROOT, "%d messages: send %.1f s, drain %.1f s (%.1f ms per message), %.0f deliveries/s, %s",
                messages, sendSeconds, drainSeconds, drainMillisPerMessage(), deliveriesPerSecond(),
                decidedOnce() ? "every payment decided once" : "NOT every payment decided once: " + this);
    }

    private static double seconds(MakeCommand.Run run) {
        return run.took().toNanos() / 1e9;
    }
}
