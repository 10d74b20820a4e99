package com.example.receiver.internal.dynamodb;

import com.example.receiver.dynamodb.ItemSize;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * DynamoDB's limits on one {@code TransactWriteItems}: at most 100 actions, and at most 4 MB in
 * the aggregate size of the items ("Amazon DynamoDB transactions", Developer Guide,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html).
 *
 * <p>Sizes are {@link ItemSize}'s; an update counts its key and the values of its expression,
 * which bounds what it can add to the item.
 */
final class TransactionSize {

    static final int MAX_ACTIONS = 100;
    static final long MAX_BYTES = 4L * 1024 * 1024;

    private TransactionSize() {
    }

    /** Whether {@code actions} fit in one transaction. */
    static boolean fits(List<TransactWriteItem> actions) {
        if (actions.size() > MAX_ACTIONS) {
            return false;
        }
        long bytes = 0;
        for (TransactWriteItem action : actions) {
            bytes += bytes(action);
        }
        return bytes <= MAX_BYTES;
    }

    static long bytes(TransactWriteItem action) {
        if (action.put() != null) {
            return ItemSize.of(action.put().item());
        }
        if (action.update() != null) {
            return ItemSize.of(action.update().key()) + ItemSize.of(action.update().expressionAttributeValues());
        }
        if (action.delete() != null) {
            return ItemSize.of(action.delete().key());
        }
        return action.conditionCheck() == null ? 0 : ItemSize.of(action.conditionCheck().key());
    }
}
