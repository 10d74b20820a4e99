package com.example.receiver.dynamodb;

import com.example.receiver.Command;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;

/**
 * The domain's part of the single-write commit ({@code COMMIT_MODE=single-write}), for tables
 * that refuse transactions (global tables with multi-Region strong consistency): the effect is
 * decided in code from one item read with a strongly consistent read, and written with one
 * conditional {@code UpdateItem} of that item, which also records the decision on it; what
 * follows from the decision (a ledger entry, the idempotency record) is written after, by puts
 * that may run any number of times.
 *
 * <p>Contract: {@link #decide} reads nothing and writes nothing; it is called again with the
 * item read again whenever another writer changed the item in between. {@link #derivedWrites}
 * are puts each guarded by {@code attribute_not_exists} on its key, so that writing one twice
 * leaves it as it was: the library treats a failed condition on one as already written. The
 * library owns the item's {@code version} and {@code applied} attributes
 * ({@link SingleWriteAttributes}); the domain sets neither.
 *
 * @param <P> the domain's payload type
 */
public interface SingleWriteEffect<P> {

    /**
     * The item the decision of {@code command} is written on (an account, a SKU).
     *
     * @param command a new operation
     * @return its table and key
     */
    ItemKey item(Command<P> command);

    /**
     * Decides {@code command} from the item as read.
     *
     * @param item the item, strongly consistent; empty when it does not exist (then an
     *             {@link ItemDecision.Apply} creates it)
     * @param command the operation
     * @return the attributes to set, or a decline
     */
    ItemDecision decide(Map<String, AttributeValue> item, Command<P> command);

    /**
     * What an applied decision implies beyond the item, written after it in this order, each a
     * put guarded by {@code attribute_not_exists} on its key (a ledger entry, say); none for a
     * decline.
     *
     * @param command the operation applied
     * @return the puts, in order
     */
    List<Put> derivedWrites(Command<P> command);

    /**
     * A small summary of the operation stored in the record's {@code result}, for consumers of
     * the table's stream. Keep the whole record under 1 KB.
     *
     * @param command the operation decided
     * @return the record's result attribute
     */
    Map<String, AttributeValue> summary(Command<P> command);

    /**
     * The names of the items the operation writes, for the batch's lanes (see
     * {@link TransactionalEffect#items}); a lane's operations are committed one after another.
     * The default is the command's {@link Command#laneKey() lane key}.
     *
     * @param command a valid operation
     * @return the names of the items it writes
     */
    default Set<String> items(Command<P> command) {
        return Set.of(command.laneKey());
    }
}
