package com.example.receiver.dynamodb;

import com.example.receiver.Command;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The domain's part of the atomic commit: the writes that make the operation's effect, each
 * guarded by a condition, committed in the same transaction as the idempotency record.
 *
 * <p>Contract: every write sets {@code ReturnValuesOnConditionCheckFailure=ALL_OLD}, so that a
 * failed condition can be explained from the item it failed on, with no read. At most 99 writes
 * (the idempotency record takes the hundredth place of a transaction).
 *
 * @param <P> the domain's payload type
 */
public interface TransactionalEffect<P> {

    /** The writes of the effect, in a fixed order that {@link #onConditionFailed} indexes. */
    List<TransactWriteItem> writes(Command<P> command);

    /**
     * Explains a failed condition of write {@code index} of {@link #writes}.
     *
     * @param oldItem the item as it was ({@code ALL_OLD}); empty when it did not exist
     */
    EffectVerdict onConditionFailed(int index, Map<String, AttributeValue> oldItem, Command<P> command);

    /**
     * A small summary of the operation stored in the record's {@code result}, for consumers of
     * the table's stream. Keep the whole record under 1 KB.
     */
    Map<String, AttributeValue> summary(Command<P> command);
}
