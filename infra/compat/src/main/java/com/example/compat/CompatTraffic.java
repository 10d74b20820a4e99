package com.example.compat;

import com.example.paymenttraffic.Send;
import com.example.paymenttraffic.TrafficProfile;
import java.time.Duration;

/**
 * The traffic both versions share, as a profile of the one generator (testing/payment-traffic):
 * rich accounts that no purchase can drain and poor ones that decline every purchase to them, so
 * that no order of decisions between the two versions changes a decision and the reference model
 * may replay the traffic in the order sent. Redeliveries, producer retries (same transaction, a
 * new message id), copies right behind their original, late retries and conflicts once all is
 * decided, poison in the stream, and purchases issued longer ago than the age bound. No retries
 * after the records' TTL: the functions run on the machine's clock in their own processes, which
 * a run cannot move days ahead. A fifth of the payments go to poor accounts, so that each version
 * declines some even in the small case: a record format of declines alone is read across versions.
 */
final class CompatTraffic {

    private CompatTraffic() {
    }

    /** About {@code payments} unique payments plus about 30 % copies, 5 conflicts, 4 poison, 2 too old for {@code maxAge}. */
    static TrafficProfile profile(int payments, Duration maxAge) {
        return TrafficProfile.named("C")
                .richAccounts(40, 5_000_000)
                .poorAccounts(5, 50)
                .payments(payments, 100, 20_099)
                .mix(0.03, 0.20, 0.11)
                .copyShares(0.12, 0.10, 0.04, 0.04)
                .undecidable(5, 4, Send.Moment.STREAM)
                .tooOld(2, maxAge.plusDays(1));
    }
}
