package com.example.receiver.dynamodb;

import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** What a {@link SingleWriteEffect} decides for an operation from the item as it was read. */
public sealed interface ItemDecision {

    /**
     * The operation is applied: the item's attributes {@code set} take these values, in the same
     * write as the decision's entry. Each value is computed from the item read (a new balance, not
     * an increment): the write is conditional on the item's version, so it lands only on that item.
     *
     * @param set attribute name to its new value; empty when the decision changes nothing but its entry
     */
    record Apply(Map<String, AttributeValue> set) implements ItemDecision {
        /** Refuses a missing component; copies the attributes. */
        public Apply {
            set = Map.copyOf(Objects.requireNonNull(set, "set"));
        }
    }

    /**
     * The operation cannot be applied, for a domain reason; the decline is recorded, so that a
     * redelivery replays it.
     *
     * @param reason the domain's reason, an upper-case code such as {@code INSUFFICIENT_FUNDS}
     */
    record Decline(String reason) implements ItemDecision {
        /** Refuses a missing component. */
        public Decline {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
