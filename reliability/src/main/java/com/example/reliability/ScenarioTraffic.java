package com.example.reliability;

import com.example.paymenttraffic.Send;
import com.example.paymenttraffic.Traffic;
import com.example.paymenttraffic.TrafficProfile;

/**
 * A scenario's input, as a profile of the one generator (testing/payment-traffic): {@code payments}
 * unique purchases of {@value #AMOUNT_MINOR} minor units (every 20th to an account that does not
 * exist, so declined), plus {@code copies} extra deliveries of them (alternately the same body
 * again and a producer retry with a new header message id), shuffled; with {@code undecidable}
 * poison messages at random places and as many conflicts (another merchant, same account and
 * amount, so that the balances do not depend on which of the two is decided) sent last. Every
 * purchase costs the same, so an account's shortfall divided by it counts the extra debits
 * exactly; every account is rich enough that the order of decisions changes nothing, so the
 * reference model replays the input in the order sent.
 */
final class ScenarioTraffic {

    static final int MAX_ACCOUNTS = 50;
    static final long OPENING_BALANCE = 100_000_000;
    static final long AMOUNT_MINOR = 1_000;

    private ScenarioTraffic() {
    }

    static Traffic of(Scenario scenario) {
        return generate(scenario.payments(), scenario.copies(), scenario.accounts(), scenario.undecidable(), scenario.seed());
    }

    static Traffic generate(int payments, int copies, int accounts, int undecidable, long seed) {
        return Traffic.generate(profile(accounts).payments(payments, AMOUNT_MINOR, AMOUNT_MINOR).unknownAccountEvery(20)
                .copies(copies).undecidable(undecidable, undecidable, Send.Moment.STREAM), seed);
    }

    /** The accounts of a scenario on {@code accounts} accounts, each holding {@link #OPENING_BALANCE}. */
    static TrafficProfile profile(int accounts) {
        return TrafficProfile.named("R").richAccounts(accounts, OPENING_BALANCE);
    }
}
