package com.example.receiver;

/**
 * Turns a raw message body into a {@link Command} or says which field broke which rule.
 *
 * <p>Contract: never throws for any input, however hostile; every body yields exactly one
 * result. The key must come from the business operation, and the fingerprint must cover every
 * field that defines the operation and nothing that varies between deliveries of it (headers,
 * timestamps, message ids).
 *
 * @param <P> the domain's payload type
 */
@FunctionalInterface
public interface MessageParser<P> {

    /**
     * Parses one body.
     *
     * @param body the message body as received, however hostile
     * @return the command, or the first field and rule it breaks
     */
    ParseResult<P> parse(String body);
}
