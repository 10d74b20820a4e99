package com.example.receiver.internal;

import com.example.receiver.Command;
import java.util.Set;

/**
 * The items an operation writes, as its effect declares them
 * ({@code TransactionalEffect.items}): what a batch's lanes are cut by ({@link LaneGroups}). Two
 * operations naming one item are run one after another, and may be committed together.
 *
 * @param <P> the domain's payload type
 */
@FunctionalInterface
public interface LaneItems<P> {

    /**
     * The items {@code command}'s effect writes.
     *
     * @param command a valid operation
     * @return the names of the items it writes; two operations writing one item name it alike
     */
    Set<String> of(Command<P> command);

    /**
     * One item per operation: its command's {@link Command#laneKey() lane key}.
     *
     * @param <P> the domain's payload type
     * @return the lane key as the only item
     */
    static <P> LaneItems<P> laneKey() {
        return command -> Set.of(command.laneKey());
    }
}
