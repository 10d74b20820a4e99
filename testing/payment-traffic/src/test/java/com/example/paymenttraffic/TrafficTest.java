package com.example.paymenttraffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdafakes.VirtualClock;
import com.example.payment.Payment;
import com.example.payment.PaymentParser;
import com.example.receiver.ParseResult;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class TrafficTest {

    private static TrafficProfile everything(int payments) {
        return TrafficProfile.named("T").richAccounts(10, 5_000_000).poorAccounts(2, 50).payments(payments, 100, 20_000)
                .mix(0.05, 0.05, 0.2).copyShares(0.1, 0.1, 0.05, 0.05).copies(payments / 4).afterTtl(0.2, 0.5)
                .undecidable(3, 5, Send.Moment.STREAM);
    }

    @Test
    void theSameSeed_drawsTheSameTraffic_anotherSeed_another() {
        assertEquals(Traffic.generate(everything(200), 7), Traffic.generate(everything(200), 7));
        assertNotEquals(Traffic.generate(everything(200), 7).sends(), Traffic.generate(everything(200), 8).sends());
    }

    @Test
    void aPaymentRemoved_leavesEveryOtherPayment_andTheOrderOfTheirMessages_asTheyWere() {
        Traffic with = Traffic.generate(everything(200), 7);
        Traffic without = Traffic.generate(everything(200).keeping(index -> index != 57), 7);

        assertEquals(with.payments().stream().filter(payment -> !payment.transactionId().equals("TXN-T-57")).toList(),
                without.payments());
        assertEquals(with.sends().stream().filter(send -> !send.key().equals("TXN-T-57")).toList(), without.sends());
        assertEquals(199, without.count(Send.Kind.NEW));
    }

    @Test
    void everyPaymentsMessage_isReadByTheDomainsParser_asItsOperation_andNoPoisonIs() {
        Traffic traffic = Traffic.generate(everything(300), 11);
        PaymentParser parser = new PaymentParser();

        for (Send send : traffic.sends()) {
            ParseResult<Payment> parsed = parser.parse(send.body());
            if (send.kind() == Send.Kind.POISON) {
                assertInstanceOf(ParseResult.Invalid.class, parsed, send.body());
                continue;
            }
            ParseResult.Valid<?> valid = assertInstanceOf(ParseResult.Valid.class, parsed, send.body());
            Payment payment = (Payment) valid.command().payload();
            Operation operation = send.operation().orElseThrow();
            assertEquals(operation.transactionId(), payment.transactionId());
            assertEquals(operation.accountId(), payment.accountId());
            assertEquals(operation.amountMinor(), payment.amount().minorUnits());
            assertEquals(operation.currency(), payment.amount().currency().getCurrencyCode());
            assertEquals(operation.type(), payment.type());
            assertEquals(operation.merchant(), payment.merchant());
            assertEquals(operation.balanceChange(), payment.balanceChangeMinor());
        }
    }

    @Test
    void aMessage_isIssuedWhenFirstSent_aCopyKeepsItsStamp_andAPaymentTooOldIsIssuedItsAgeBefore() {
        // GIVEN traffic with two payments too old, stamped by a producer clock the harness moves
        Traffic traffic = Traffic.generate(everything(200).tooOld(2, Duration.ofDays(20)), 5);
        VirtualClock clock = VirtualClock.at(Instant.parse("2027-01-10T08:00:00Z"));
        ProducerClock producer = new ProducerClock(clock);
        PaymentParser parser = new PaymentParser();
        Map<String, Instant> first = new HashMap<>();
        for (Send send : traffic.sends()) {
            clock.advance(Duration.ofSeconds(1));
            String sent = producer.stamp(send);
            if (!(parser.parse(sent) instanceof ParseResult.Valid<Payment> valid)) {
                continue;
            }
            Instant issued = valid.command().issuedAt().orElseThrow();
            // THEN each is issued the moment it was first sent (a copy: its first sending's), less its age
            assertEquals(first.computeIfAbsent(send.body(), body -> clock.instant()).minus(send.age()), issued, sent);
        }
        List<Send> tooOld = traffic.sends().stream().filter(send -> send.kind() == Send.Kind.TOO_OLD).toList();
        assertEquals(2, tooOld.size());
        assertTrue(tooOld.stream().allMatch(send -> send.moment() == Send.Moment.AFTER_DECIDED
                && send.age().equals(Duration.ofDays(20)) && !traffic.transactions().contains(send.key())));
        // AND the payments too old are drawn from nothing: every other message is as without them
        assertEquals(Traffic.generate(everything(200), 5).sends(),
                traffic.sends().stream().filter(send -> send.kind() != Send.Kind.TOO_OLD).toList());
    }

    @Test
    void theProfile_drawsEachKindOfMessage_atItsMoment() {
        Traffic traffic = Traffic.generate(everything(400).undecidable(3, 10, Send.Moment.STREAM), 3);

        assertEquals(400, traffic.count(Send.Kind.NEW));
        assertEquals(3, traffic.count(Send.Kind.CONFLICT));
        assertEquals(10, traffic.count(Send.Kind.POISON));
        assertEquals(10, traffic.sends().stream().filter(s -> s.kind() == Send.Kind.POISON).map(Send::body).distinct().count(),
                "each poison body its own");
        assertTrue(traffic.count(Send.Kind.REDELIVERY) > 100 / 2 + 20, "copies and redeliveries: " + traffic.count(Send.Kind.REDELIVERY));
        assertTrue(traffic.count(Send.Kind.PRODUCER_RETRY) > 60);
        assertTrue(traffic.count(Send.Kind.SAME_BATCH) > 5);
        Set<Send.Moment> conflictsAt = traffic.sends().stream().filter(s -> s.kind() == Send.Kind.CONFLICT)
                .map(Send::moment).collect(Collectors.toSet());
        assertEquals(Set.of(Send.Moment.AFTER_DECIDED), conflictsAt);
        assertTrue(!traffic.sends(Send.Moment.AFTER_TTL).isEmpty());
        List<Send> stream = traffic.sends(Send.Moment.STREAM);
        for (int i = 0; i < stream.size(); i++) {
            if (stream.get(i).kind() == Send.Kind.SAME_BATCH) {
                assertEquals(stream.get(i).body(), stream.get(i - 1).body(), "right behind its original");
            }
        }
    }

    @Test
    void accountsInTurn_inPaymentOrder_sendsConsecutivePaymentsToDistinctAccounts_andDrawsTheRestAsBefore() {
        Traffic asDrawn = Traffic.generate(TrafficProfile.named("B").richAccounts(10, 1_000_000).payments(60, 100, 900), 5);
        Traffic inTurn = Traffic.generate(TrafficProfile.named("B").richAccounts(10, 1_000_000).payments(60, 100, 900)
                .accountsInTurn().inPaymentOrder(), 5);

        assertEquals(inTurn.payments().stream().map(Operation::transactionId).toList(),
                inTurn.sends().stream().map(Send::key).toList(), "the payments' order");
        List<String> accounts = inTurn.payments().stream().map(Operation::accountId).toList();
        for (int i = 0; i + 10 <= accounts.size(); i += 10) {
            assertEquals(10, Set.copyOf(accounts.subList(i, i + 10)).size(), "ten in a row, ten accounts: " + accounts);
        }
        assertEquals(asDrawn.payments().stream().map(Operation::amountMinor).toList(),
                inTurn.payments().stream().map(Operation::amountMinor).toList(), "the amounts as drawn");
    }

    @Test
    void accountsInTurn_leavesTheHotAccount_itsDrawnShareAlone() {
        TrafficProfile drawn = TrafficProfile.named("B").richAccounts(11, 1_000_000).hotAccounts(1, 0.2).payments(200, 250, 250);
        long hotAsDrawn = Traffic.generate(drawn, 5).payments().stream().filter(p -> p.accountId().equals("ACC-B-00")).count();
        Traffic inTurn = Traffic.generate(TrafficProfile.named("B").richAccounts(11, 1_000_000).hotAccounts(1, 0.2)
                .payments(200, 250, 250).accountsInTurn(), 5);

        long hot = inTurn.payments().stream().filter(p -> p.accountId().equals("ACC-B-00")).count();
        assertTrue(hot > 20 && hot < hotAsDrawn, "the hot share drawn (about 40 of 200), no cold payment on it: " + hot
                + ", as drawn " + hotAsDrawn);
        assertEquals(11, inTurn.payments().stream().map(Operation::accountId).distinct().count(), "every account used");
    }

    @Test
    void onAccountsOf_postsToAnotherProfilesAccounts_underItsOwnTransactionIds() {
        Traffic traffic = Traffic.generate(TrafficProfile.named("WARM").onAccountsOf("COST").richAccounts(3, 100).payments(5, 1, 1), 1);

        assertEquals(List.of("ACC-COST-00", "ACC-COST-01", "ACC-COST-02"), traffic.accounts().stream().map(Account::id).toList());
        assertTrue(traffic.transactions().stream().allMatch(txn -> txn.startsWith("TXN-WARM-")), traffic.transactions().toString());
    }
}
