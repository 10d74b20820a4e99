package com.example.receiver.dynamodb;

import com.example.receiver.Command;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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

    /**
     * The writes of the effect, in a fixed order that {@link #onConditionFailed} indexes.
     *
     * @param command a new operation
     * @return its conditional writes, at most 99
     */
    List<TransactWriteItem> writes(Command<P> command);

    /**
     * The items the effect writes for {@code command}, each named so that two operations writing
     * one item name it alike (its table and key, say {@code wallet#W-1}). A batch's lanes are the
     * connected groups of messages sharing any item: a lane's operations run one after another,
     * lanes in parallel, and {@link #groupWrites} is handed a lane's new operations. A transfer
     * names both wallets, so ten payers paying one merchant are one lane, committed together.
     * Naming an item the writes do not touch only joins lanes; leaving out one they do touch lets
     * two lanes contend for it (transactions that conflict, waited out), never changes a decision.
     *
     * <p>The default is the command's {@link Command#laneKey() lane key}, one item: right for an
     * effect that writes one contended item (an account, a SKU, an event's seats) besides rows
     * only its own operation writes.
     *
     * @param command a valid operation
     * @return the names of the items it writes
     */
    default Set<String> items(Command<P> command) {
        return Set.of(command.laneKey());
    }

    /**
     * The writes of several operations committed in one transaction after their idempotency
     * records: what committing them one after another, in this order, would write if every one
     * of them succeeded, with the writes to one item merged into one write (DynamoDB refuses two
     * operations on one item in a transaction), whose condition holds exactly when every one of
     * the sequential conditions would have held in turn. Empty when they cannot be merged so;
     * then each is committed on its own. A cancelled group is never explained: its operations are
     * committed again one by one, so the group needs no {@link #onConditionFailed} indexing.
     *
     * <p>The default merges nothing: grouping is off for a domain that does not implement it.
     *
     * @param commands new operations of one lane (sharing items, directly or through others), in order, at least two
     * @return the merged writes, or empty to commit each alone
     */
    default Optional<List<TransactWriteItem>> groupWrites(List<Command<P>> commands) {
        return Optional.empty();
    }

    /**
     * Explains a failed condition of write {@code index} of {@link #writes}.
     *
     * @param oldItem the item as it was ({@code ALL_OLD}); empty when it did not exist
     * @param index the write's place in writes()
     * @param command the operation
     * @return a decline, or that the operation was applied before
     */
    EffectVerdict onConditionFailed(int index, Map<String, AttributeValue> oldItem, Command<P> command);

    /**
     * A small summary of the operation stored in the record's {@code result}, for consumers of
     * the table's stream. Keep the whole record under 1 KB.
     *
     * @param command the operation decided
     * @return the record's result attribute
     */
    Map<String, AttributeValue> summary(Command<P> command);
}
