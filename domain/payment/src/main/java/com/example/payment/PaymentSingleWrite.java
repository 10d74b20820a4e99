package com.example.payment;

import com.example.receiver.Command;
import com.example.receiver.dynamodb.ItemDecision;
import com.example.receiver.dynamodb.ItemKey;
import com.example.receiver.dynamodb.SingleWriteEffect;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;

/**
 * What authorizing a payment writes without a transaction ({@code COMMIT_MODE=single-write}, for
 * global tables with multi-Region strong consistency): the payment is decided on its account as
 * read, by {@link PaymentPosting}'s rules ({@link DeclineReason#against}: unknown account,
 * blocked, currency, and funds for a purchase only); an approval sets the account's new balance
 * ({@code balanceMinor} read, plus the signed amount), written by the receiver on the version it
 * read; then the ledger entry, as {@link PaymentPosting} writes it.
 */
public final class PaymentSingleWrite implements SingleWriteEffect<Payment> {

    private final PaymentTables tables;
    private final Clock clock;

    public PaymentSingleWrite(PaymentTables tables, Clock clock) {
        this.tables = Objects.requireNonNull(tables, "tables");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public ItemKey item(Command<Payment> command) {
        return new ItemKey(tables.accounts(), Map.of(AccountAttributes.PK, AttributeValue.fromS(command.payload().accountId())));
    }

    @Override
    public ItemDecision decide(Map<String, AttributeValue> account, Command<Payment> command) {
        Payment payment = command.payload();
        return DeclineReason.against(account, payment)
                .<ItemDecision>map(reason -> new ItemDecision.Decline(reason.name()))
                .orElseGet(() -> new ItemDecision.Apply(Map.of(AccountAttributes.BALANCE_MINOR, AttributeValue.fromN(
                        Long.toString(Math.addExact(Long.parseLong(account.get(AccountAttributes.BALANCE_MINOR).n()),
                                payment.balanceChangeMinor()))))));
    }

    @Override
    public List<Put> derivedWrites(Command<Payment> command) {
        return List.of(LedgerEntry.put(command, tables, clock));
    }

    @Override
    public Map<String, AttributeValue> summary(Command<Payment> command) {
        return LedgerEntry.summary(command);
    }
}
