package com.example.receiver.testkit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Objects;

/**
 * An error the moto launcher answers instead of DynamoDB, for the next {@code count} requests of
 * {@code operation} whose body contains {@code match}, without reaching the backend. Throttling so
 * comes in counted bursts, whatever the load; {@link LocalAwsKit#writeCapacity} throttles by
 * capacity instead, as DynamoDB does, which waiting relieves.
 *
 * @param operation e.g. {@code TransactWriteItems}
 * @param match     a substring of the request body (e.g. a transaction id); empty = any
 * @param status    the HTTP status, e.g. 400 or 500
 * @param code      the DynamoDB error code, e.g. {@code ThrottlingException}
 * @param count     how many requests fail; the SDK retries, so count its attempts
 */
public record Fault(String operation, String match, int status, String code, int count) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Refuses a missing operation, match or code. */
    public Fault {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(match, "match");
        Objects.requireNonNull(code, "code");
    }

    /**
     * {@return throttling of {@code count} matching requests}
     *
     * @param operation e.g. {@code TransactWriteItems}
     * @param match     a substring of the request body; empty = any
     * @param count     how many requests fail
     */
    public static Fault throttling(String operation, String match, int count) {
        return new Fault(operation, match, 400, "ThrottlingException", count);
    }

    /**
     * {@return a 500 for {@code count} matching requests}
     *
     * @param operation e.g. {@code TransactWriteItems}
     * @param match     a substring of the request body; empty = any
     * @param count     how many requests fail
     */
    public static Fault internalError(String operation, String match, int count) {
        return new Fault(operation, match, 500, "InternalServerError", count);
    }

    /** The body the launcher's {@code /_fault} takes: this rule's fields, each under its own name. */
    String toJson() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a fault rule is strings and integers, always JSON: " + this, e);
        }
    }
}
