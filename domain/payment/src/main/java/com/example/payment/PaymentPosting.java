package com.example.payment;

import com.example.receiver.Command;
import com.example.receiver.Fingerprint;
import com.example.receiver.dynamodb.EffectVerdict;
import com.example.receiver.dynamodb.TransactionalEffect;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * What authorizing a payment writes, in the receiver's transaction after the idempotency record:
 * <ol start="0">
 *   <li>the account update: {@code balanceMinor - :amt} for a purchase, on condition the account
 *       exists, is active, is in the payment's currency and holds the funds; {@code + :amt} for
 *       a refund, without the funds clause;</li>
 *   <li>the ledger entry, on condition it does not exist yet: the permanent guard.</li>
 * </ol>
 * A failed account condition is a decline, explained from the account as it was; a failed ledger
 * condition means the payment was applied before, its record since expired.
 *
 * <p>Payments committed together ({@link #groupWrites}) write one update per account, adding
 * the sum of their signed amounts, on condition the account exists, is active, is in their one
 * currency and, when there is a purchase, holds what the most demanding purchase needs after the
 * payments before it: the sequential conditions, folded into one. Then one ledger entry each.
 */
public final class PaymentPosting implements TransactionalEffect<Payment> {

    static final int ACCOUNT_UPDATE = 0;
    static final int LEDGER_PUT = 1;

    private static final String PURCHASE_CONDITION =
            "attribute_exists(#pk) AND #status = :active AND #currency = :currency AND #balance >= :amount";
    private static final String REFUND_CONDITION =
            "attribute_exists(#pk) AND #status = :active AND #currency = :currency";

    private final PaymentTables tables;
    private final Clock clock;

    public PaymentPosting(PaymentTables tables, Clock clock) {
        this.tables = Objects.requireNonNull(tables, "tables");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public List<TransactWriteItem> writes(Command<Payment> command) {
        return List.of(
                TransactWriteItem.builder().update(accountUpdate(command.payload())).build(),
                TransactWriteItem.builder().put(ledgerPut(command)).build());
    }

    private Update accountUpdate(Payment payment) {
        boolean purchase = payment.type() == AuthorizationType.PURCHASE;
        return accountUpdate(payment.accountId(), payment.amount().currency().getCurrencyCode(),
                purchase ? "SET #balance = #balance - :amount" : "SET #balance = #balance + :amount",
                purchase ? PURCHASE_CONDITION : REFUND_CONDITION,
                Map.of(":amount", AttributeValue.fromN(Long.toString(payment.amount().minorUnits()))));
    }

    /**
     * An account update: {@code expression} on {@code condition}, over {@code #pk}, {@code #status},
     * {@code #currency}, {@code #balance}, {@code :active}, {@code :currency} and {@code values}.
     */
    private Update accountUpdate(String accountId, String currency, String expression, String condition,
                                 Map<String, AttributeValue> values) {
        Map<String, AttributeValue> all = new HashMap<>(values);
        all.put(":active", AttributeValue.fromS(AccountAttributes.ACTIVE));
        all.put(":currency", AttributeValue.fromS(currency));
        return Update.builder()
                .tableName(tables.accounts())
                .key(Map.of(AccountAttributes.PK, AttributeValue.fromS(accountId)))
                .updateExpression(expression)
                .conditionExpression(condition)
                .expressionAttributeNames(Map.of(
                        "#pk", AccountAttributes.PK,
                        "#status", AccountAttributes.ACCOUNT_STATUS,
                        "#currency", AccountAttributes.CURRENCY,
                        "#balance", AccountAttributes.BALANCE_MINOR))
                .expressionAttributeValues(all)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build();
    }

    @Override
    public Optional<List<TransactWriteItem>> groupWrites(List<Command<Payment>> commands) {
        Map<String, List<Payment>> byAccount = new LinkedHashMap<>();
        for (Command<Payment> command : commands) {
            byAccount.computeIfAbsent(command.payload().accountId(), account -> new ArrayList<>()).add(command.payload());
        }
        List<TransactWriteItem> writes = new ArrayList<>();
        for (Map.Entry<String, List<Payment>> account : byAccount.entrySet()) {
            Optional<Update> update = accountUpdate(account.getKey(), account.getValue());
            if (update.isEmpty()) {
                return Optional.empty();
            }
            writes.add(TransactWriteItem.builder().update(update.get()).build());
        }
        for (Command<Payment> command : commands) {
            writes.add(TransactWriteItem.builder().put(ledgerPut(command)).build());
        }
        return Optional.of(writes);
    }

    /**
     * One update for {@code payments} of one account, in order: the balance moves by their sum,
     * and a purchase {@code k} needs {@code balance + (changes before k) >= amount k}, i.e.
     * {@code balance >= amount k - (changes before k)}: the largest of these is the funds clause.
     * Empty when they are in several currencies (the sequential run would decline one) or the
     * sums overflow.
     */
    private Optional<Update> accountUpdate(String accountId, List<Payment> payments) {
        String currency = payments.get(0).amount().currency().getCurrencyCode();
        long change = 0;
        Optional<Long> required = Optional.empty();
        try {
            for (Payment payment : payments) {
                if (!payment.amount().currency().getCurrencyCode().equals(currency)) {
                    return Optional.empty();
                }
                if (payment.type() == AuthorizationType.PURCHASE) {
                    long needed = Math.subtractExact(payment.amount().minorUnits(), change);
                    required = Optional.of(required.map(max -> Math.max(max, needed)).orElse(needed));
                }
                change = Math.addExact(change, payment.balanceChangeMinor());
            }
        } catch (ArithmeticException overflow) {
            return Optional.empty();
        }
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":change", AttributeValue.fromN(Long.toString(change)));
        required.ifPresent(amount -> values.put(":amount", AttributeValue.fromN(Long.toString(amount))));
        return Optional.of(accountUpdate(accountId, currency, "SET #balance = #balance + :change",
                required.isPresent() ? PURCHASE_CONDITION : REFUND_CONDITION, values));
    }

    private Put ledgerPut(Command<Payment> command) {
        return LedgerEntry.put(command, tables, clock);
    }

    @Override
    public EffectVerdict onConditionFailed(int index, Map<String, AttributeValue> oldItem, Command<Payment> command) {
        return switch (index) {
            case ACCOUNT_UPDATE -> new EffectVerdict.Decline(DeclineReason.of(oldItem, command.payload()).name());
            case LEDGER_PUT -> new EffectVerdict.AlreadyApplied(Optional.ofNullable(oldItem.get(LedgerAttributes.FINGERPRINT))
                    .map(AttributeValue::s)
                    .map(Fingerprint::new));
            default -> throw new IllegalArgumentException("payment posting has no write " + index);
        };
    }

    @Override
    public Map<String, AttributeValue> summary(Command<Payment> command) {
        return LedgerEntry.summary(command);
    }
}
