package com.example.receiver;

import java.util.Objects;

/**
 * What a {@link MessageParser} made of a message body: a command, or the first rule it broke.
 *
 * @param <P> the domain's payload type
 */
public sealed interface ParseResult<P> {

    /**
     * The body is a valid operation.
     *
     * @param command what the domain made of it
     * @param <P>     the domain's payload type
     */
    record Valid<P>(Command<P> command) implements ParseResult<P> {
        /** Refuses a missing component. */
        public Valid {
            Objects.requireNonNull(command, "command");
        }
    }

    /**
     * The body is not a valid operation.
     *
     * @param field the path of the offending field, e.g. {@code body.amount}
     * @param rule  the rule it broke, e.g. {@code must have at most 2 decimals for EUR}; never
     *              the offending value, which may be card data
     * @param <P>   the domain's payload type
     */
    record Invalid<P>(String field, String rule) implements ParseResult<P> {
        /** Refuses a missing component. */
        public Invalid {
            Objects.requireNonNull(field, "field");
            Objects.requireNonNull(rule, "rule");
        }
    }
}
