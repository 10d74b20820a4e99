package com.example.demo;

import com.example.localaws.ProjectRoot;
import com.example.paymenttraffic.Send;
import com.example.paymenttraffic.TrafficProfile;
import com.example.template.Template;
import java.time.Duration;

/**
 * The demo's traffic, as a profile of the one generator (testing/payment-traffic).
 *
 * <p>Accounts {@code ACC-D-00..39} are rich enough that no purchase to them can be declined,
 * whatever the order; {@code ACC-D-40..44} hold 0.50 EUR and receive only purchases of at least
 * 1.00, so each of those is declined in any order; {@code ACC-D-404} does not exist. So the
 * reference model may replay the traffic in the order sent: no order of decisions changes them.
 *
 * <p>The stream carries the unique payments with redeliveries, producer retries and copies sent
 * right behind their original (so that both usually land in one batch); once all is decided,
 * late retries within the TTL, conflicts and poison; after the idempotency records' TTL,
 * producer retries of approved payments, which the permanent ledger row must still stop
 * (DUPLICATE(LATE)), and of declined ones, which are decided anew (declined again: their accounts
 * have not changed) because only the record guarded them. Every message is stamped when sent, on
 * the function's clock; two purchases sent once all is decided were issued a day more than the age
 * bound before (the template's default {@code MaxPaymentAgeSeconds}, which the demo's function
 * runs with): each refused as too old, never decided.
 */
final class DemoTraffic {

    static final int RICH_ACCOUNTS = 40;
    static final int POOR_ACCOUNTS = 5;
    static final int TOO_OLD = 2;

    private DemoTraffic() {
    }

    /** The age bound the deployed stack runs with: template.yaml's default {@code MaxPaymentAgeSeconds}. */
    static Duration maxPaymentAge() {
        return Duration.ofSeconds(Template.read(ProjectRoot.find().resolve("template.yaml"))
                .requireParameter("MaxPaymentAgeSeconds").defaultNumber());
    }

    /**
     * About {@code payments} unique payments plus 25 % duplicates, 5 conflicts, 4 poison messages
     * and 2 payments issued a day longer ago than {@code maxAge}.
     */
    static TrafficProfile profile(int payments, Duration maxAge) {
        return TrafficProfile.named("D")
                .richAccounts(RICH_ACCOUNTS, 5_000_000)
                .poorAccounts(POOR_ACCOUNTS, 50)
                .payments(payments, 100, 20_099)
                .mix(0.03, 0.05, 0.11)
                .copyShares(0.12, 0.08, 0.04, 0.02)
                .afterTtl(0.04, 0.40)
                .undecidable(5, 4, Send.Moment.AFTER_DECIDED)
                .tooOld(TOO_OLD, maxAge.plusDays(1));
    }
}
