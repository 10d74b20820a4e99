package org.example.wallets;

import com.example.receiver.Command;
import com.example.receiver.Fingerprint;
import com.example.receiver.dynamodb.EffectVerdict;
import com.example.receiver.dynamodb.TransactionalEffect;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * A transfer writes [0] the payer's wallet, {@code balance - :amount} on condition it exists and
 * holds the amount, [1] the payee's, {@code balance + :amount} on condition it exists, and [2] the
 * transfer row, on condition it is new: the permanent guard.
 */
public final class WalletTransfers implements TransactionalEffect<Transfer> {

    private final String wallets;
    private final String transfers;

    public WalletTransfers(String walletsTable, String transfersTable) {
        this.wallets = walletsTable;
        this.transfers = transfersTable;
    }

    @Override
    public List<TransactWriteItem> writes(Command<Transfer> command) {
        Transfer transfer = command.payload();
        return List.of(
                balance(transfer.from(), "balance - :amount", "attribute_exists(wallet_id) AND balance >= :amount",
                        transfer.amountMinor()),
                balance(transfer.to(), "balance + :amount", "attribute_exists(wallet_id)", transfer.amountMinor()),
                TransactWriteItem.builder().put(Put.builder().tableName(transfers)
                        .item(Map.of("transfer_id", AttributeValue.fromS(transfer.id()),
                                "fingerprint", AttributeValue.fromS(command.fingerprint().hex())))
                        .conditionExpression("attribute_not_exists(transfer_id)")
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build());
    }

    private TransactWriteItem balance(String wallet, String change, String condition, long amount) {
        return TransactWriteItem.builder().update(Update.builder().tableName(wallets)
                .key(Map.of("wallet_id", AttributeValue.fromS(wallet)))
                .updateExpression("SET balance = " + change)
                .conditionExpression(condition)
                .expressionAttributeValues(Map.of(":amount", AttributeValue.fromN(Long.toString(amount))))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build();
    }

    @Override
    public EffectVerdict onConditionFailed(int index, Map<String, AttributeValue> oldItem, Command<Transfer> command) {
        return switch (index) {
            case 0 -> new EffectVerdict.Decline(oldItem.isEmpty() ? "UNKNOWN_PAYER" : "INSUFFICIENT_FUNDS");
            case 1 -> new EffectVerdict.Decline("UNKNOWN_PAYEE");
            case 2 -> new EffectVerdict.AlreadyApplied(Optional.ofNullable(oldItem.get("fingerprint"))
                    .map(value -> new Fingerprint(value.s())));
            default -> throw new IllegalArgumentException("a transfer has no write " + index);
        };
    }

    @Override
    public Map<String, AttributeValue> summary(Command<Transfer> command) {
        return Map.of("to", AttributeValue.fromS(command.payload().to()),
                "amount_minor", AttributeValue.fromN(Long.toString(command.payload().amountMinor())));
    }
}
