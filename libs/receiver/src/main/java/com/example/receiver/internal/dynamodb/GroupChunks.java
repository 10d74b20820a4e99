package com.example.receiver.internal.dynamodb;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * A group of operations cut into runs that each fit in one transaction.
 *
 * <ul>
 *   <li>The group is kept whole when it fits: a batch's lane nearly always does, and that is
 *       checked once, before any cut.</li>
 *   <li>Otherwise it is cut, in order, where one more operation would not fit (DynamoDB's limits
 *       on a transaction: {@link TransactionSize}) or could not be merged.</li>
 *   <li>A run of one is kept: committed alone, it fits whenever a single operation does.</li>
 * </ul>
 */
final class GroupChunks {

    private GroupChunks() {
    }

    /** {@code group} in order, cut where one more would not {@code fit}. */
    static <C> List<List<C>> of(List<C> group, Predicate<List<C>> fits) {
        if (fits.test(group)) {
            return List.of(group);
        }
        List<List<C>> chunks = new ArrayList<>();
        List<C> current = new ArrayList<>();
        for (C command : group) {
            current.add(command);
            if (current.size() > 1 && !fits.test(current)) {
                current.remove(current.size() - 1);
                chunks.add(current);
                current = new ArrayList<>(List.of(command));
            }
        }
        if (!current.isEmpty()) {
            chunks.add(current);
        }
        return chunks;
    }
}
