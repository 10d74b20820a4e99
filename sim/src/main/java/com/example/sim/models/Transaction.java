package com.example.sim.models;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A {@code TransactWriteItems} the DynamoDB model decided, told in the order it decided them
 * (its own serialization): committed, every action applied; or cancelled on what its items held,
 * nothing written (not a call refused before its conditions were read, nor a cancellation its
 * caller never heard of). What a payment's decision is taken on: an approval when its
 * transaction commits, a decline when it is cancelled on the account's condition (its record is
 * put later, by another call).
 *
 * @param committed whether every action was applied
 * @param actions   the actions, in the request's order
 * @param at        when, on the model's clock
 */
public record Transaction(boolean committed, List<Action> actions, Instant at) {

    /**
     * One action of the transaction.
     *
     * @param table  the table it writes
     * @param item   the item it writes (committed) or would have written (cancelled)
     * @param reason its cancellation reason's code ({@code None} when it was not what failed;
     *               always {@code None} in a committed transaction)
     */
    public record Action(String table, Map<String, AttributeValue> item, String reason) {
    }

    public Transaction {
        actions = List.copyOf(actions);
    }
}
