package com.example.receiver.wallets;

import com.example.receiver.Command;
import com.example.receiver.Fingerprint;
import com.example.receiver.dynamodb.EffectVerdict;
import com.example.receiver.dynamodb.TransactionalEffect;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * A transfer writes [0] the payer's wallet, {@code balance - :amount} on condition the wallet
 * exists and holds the amount, [1] the payee's wallet, {@code balance + :amount} on condition it
 * exists, and [2] the transfer row, on condition it is new: the permanent guard.
 *
 * <p>Transfers committed together write each wallet once: a payer's debits summed, a payee's
 * credits summed. With every amount positive, {@code balance >= sum} holds exactly when each
 * debit's condition would have held in turn, and a credit's condition does not depend on the
 * balance. A wallet both debited and credited in the group is not merged (its debit's condition
 * would depend on where the credits fall in the order): then each transfer is committed alone.
 */
public final class WalletTransfers implements TransactionalEffect<Transfer> {

    /** The decline of a payer short of the amount. */
    public static final String INSUFFICIENT_FUNDS = "INSUFFICIENT_FUNDS";
    /** The decline of a payer's wallet that does not exist. */
    public static final String UNKNOWN_PAYER = "UNKNOWN_PAYER";
    /** The decline of a payee's wallet that does not exist. */
    public static final String UNKNOWN_PAYEE = "UNKNOWN_PAYEE";

    private final String wallets;
    private final String transfers;

    public WalletTransfers(String walletsTable, String transfersTable) {
        this.wallets = walletsTable;
        this.transfers = transfersTable;
    }

    /** Both wallets: transfers sharing a payer or a payee, directly or through others, are one lane. */
    @Override
    public Set<String> items(Command<Transfer> command) {
        return Set.of("wallet#" + command.payload().from(), "wallet#" + command.payload().to());
    }

    @Override
    public List<TransactWriteItem> writes(Command<Transfer> command) {
        Transfer transfer = command.payload();
        return List.of(debit(transfer.from(), transfer.amountMinor()), credit(transfer.to(), transfer.amountMinor()),
                guard(command));
    }

    @Override
    public Optional<List<TransactWriteItem>> groupWrites(List<Command<Transfer>> commands) {
        Map<String, Long> debits = new LinkedHashMap<>();
        Map<String, Long> credits = new LinkedHashMap<>();
        for (Command<Transfer> command : commands) {
            Transfer transfer = command.payload();
            debits.merge(transfer.from(), transfer.amountMinor(), Long::sum);
            credits.merge(transfer.to(), transfer.amountMinor(), Long::sum);
        }
        if (debits.keySet().stream().anyMatch(credits::containsKey)) {
            return Optional.empty();
        }
        List<TransactWriteItem> writes = new ArrayList<>();
        debits.forEach((wallet, amount) -> writes.add(debit(wallet, amount)));
        credits.forEach((wallet, amount) -> writes.add(credit(wallet, amount)));
        commands.forEach(command -> writes.add(guard(command)));
        return Optional.of(writes);
    }

    private TransactWriteItem debit(String wallet, long amountMinor) {
        return change(wallet, "-", amountMinor, "attribute_exists(wallet) AND balance >= :amount");
    }

    private TransactWriteItem credit(String wallet, long amountMinor) {
        return change(wallet, "+", amountMinor, "attribute_exists(wallet)");
    }

    /** {@code balance <sign> amountMinor} on {@code wallet}, on {@code condition}. */
    private TransactWriteItem change(String wallet, String sign, long amountMinor, String condition) {
        return TransactWriteItem.builder().update(Update.builder().tableName(wallets)
                .key(Map.of("wallet", AttributeValue.fromS(wallet)))
                .updateExpression("SET balance = balance " + sign + " :amount").conditionExpression(condition)
                .expressionAttributeValues(Map.of(":amount", AttributeValue.fromN(Long.toString(amountMinor))))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build();
    }

    private TransactWriteItem guard(Command<Transfer> command) {
        Transfer transfer = command.payload();
        return TransactWriteItem.builder().put(Put.builder().tableName(transfers)
                .item(Map.of("transfer_id", AttributeValue.fromS(transfer.transferId()),
                        "from", AttributeValue.fromS(transfer.from()),
                        "to", AttributeValue.fromS(transfer.to()),
                        "amount_minor", AttributeValue.fromN(Long.toString(transfer.amountMinor())),
                        "fingerprint", AttributeValue.fromS(command.fingerprint().hex())))
                .conditionExpression("attribute_not_exists(transfer_id)")
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build();
    }

    @Override
    public EffectVerdict onConditionFailed(int index, Map<String, AttributeValue> oldItem, Command<Transfer> command) {
        return switch (index) {
            case 0 -> new EffectVerdict.Decline(oldItem.isEmpty() ? UNKNOWN_PAYER : INSUFFICIENT_FUNDS);
            case 1 -> new EffectVerdict.Decline(UNKNOWN_PAYEE);
            case 2 -> new EffectVerdict.AlreadyApplied(Optional.ofNullable(oldItem.get("fingerprint"))
                    .map(value -> new Fingerprint(value.s())));
            default -> throw new IllegalArgumentException("a transfer has no write " + index);
        };
    }

    @Override
    public Map<String, AttributeValue> summary(Command<Transfer> command) {
        return Map.of("from", AttributeValue.fromS(command.payload().from()),
                "to", AttributeValue.fromS(command.payload().to()),
                "amount_minor", AttributeValue.fromN(Long.toString(command.payload().amountMinor())));
    }
}
