package com.example.sim.oracles;

import com.example.sim.compat.ReleasedNotifier;
import com.example.sim.models.SnsModel;
import java.util.ArrayList;
import java.util.List;

/**
 * "Every decision message read by the released notifier": each message the topic delivers (the
 * working tree's publisher made it) is read by the last release's notifier as the message says:
 * an approval ({@code decision} attribute {@code APPROVED}) asks it to notify that very
 * transaction, a decline asks it for nothing, and no body is one it cannot read. A field renamed
 * or changed in the message is a subscriber of the release notifying nobody, or the wrong payment.
 */
public final class ReadByReleasedNotifier {

    private final ReleasedNotifier notifier;
    private final List<Violation> violations = new ArrayList<>();

    public ReadByReleasedNotifier(ReleasedNotifier notifier) {
        this.notifier = notifier;
    }

    /** One message the topic delivered to its subscription. */
    public void delivered(SnsModel.Delivery delivery, long at) {
        String txn = delivery.attributes().getOrDefault("transaction_id", "-");
        boolean approval = "APPROVED".equals(delivery.attributes().get("decision"));
        String problem = switch (notifier.read(delivery.body())) {
            case ReleasedNotifier.Read.Unreadable unreadable -> "cannot read it: " + unreadable.why();
            case ReleasedNotifier.Read.NotifiesNobody nobody -> approval ? "notifies nobody of an approval" : null;
            case ReleasedNotifier.Read.Notifies notifies when !approval -> "notifies " + notifies.transactionId() + " of a decline";
            case ReleasedNotifier.Read.Notifies notifies when !notifies.transactionId().equals(txn) ->
                    "notifies " + notifies.transactionId() + " instead";
            case ReleasedNotifier.Read.Notifies notifies -> null;
        };
        if (problem != null) {
            violations.add(new Violation(Violation.MESSAGE_READ_BY_RELEASE, txn, "the message delivered at " + Oracles.at(at)
                    + ": release " + notifier.version() + "'s notifier " + problem + " (" + delivery.body() + ")"));
        }
    }

    /** What it found, in the order it was found. */
    public List<Violation> violations() {
        return List.copyOf(violations);
    }
}
