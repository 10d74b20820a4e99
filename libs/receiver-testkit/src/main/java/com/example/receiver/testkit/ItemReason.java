package com.example.receiver.testkit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Objects;

/**
 * A cancellation reason the moto launcher gives the actions of the next {@code count}
 * {@code TransactWriteItems} that write {@code table} with an entry containing {@code match}, in
 * place of what their own conditions found, beside the other actions' reasons (a real
 * {@code ConditionalCheckFailed} with its item among them); the transaction writes nothing
 * (the launcher's {@code /_reasons}, its fix 10). DynamoDB gives one reason per action
 * ("CancellationReason", Amazon DynamoDB API Reference,
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_CancellationReason.html),
 * so a guard throttled while another action's condition fails is
 * {@code [None, ConditionalCheckFailed, ThrottlingError]}.
 *
 * @param table  the table the actions write
 * @param match  a substring of the action's entry (e.g. a transaction id); empty = any on the table
 * @param reason {@code ThrottlingError}, {@code ProvisionedThroughputExceeded} or {@code TransactionConflict}
 * @param count  how many transactions it cancels
 */
public record ItemReason(String table, String match, String reason, int count) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Refuses a missing component or a count below one. */
    public ItemReason {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(match, "match");
        Objects.requireNonNull(reason, "reason");
        if (count < 1) {
            throw new IllegalArgumentException("count must be at least 1");
        }
    }

    /**
     * {@return {@code ThrottlingError} (an on-demand table's) at the matching actions of the next {@code count} transactions}
     *
     * @param table the table the actions write
     * @param match a substring of the action's entry; empty = any on the table
     * @param count how many transactions it cancels
     */
    public static ItemReason throttled(String table, String match, int count) {
        return new ItemReason(table, match, "ThrottlingError", count);
    }

    /** The body the launcher's {@code /_reasons} takes. */
    String toJson() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a reason rule is strings and an integer, always JSON: " + this, e);
        }
    }
}
