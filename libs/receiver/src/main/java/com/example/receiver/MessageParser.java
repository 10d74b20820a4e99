package com.example.receiver;

import java.util.Map;

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

    /**
     * Parses one message, its producer's message attributes beside the body (text ones: String
     * and Number attributes, by name); by default the body alone. Override it when an attribute
     * carries part of the operation (a tenant, a schema version); what defines the operation still
     * belongs in the fingerprint, and a transport attribute (a trace id) never does.
     *
     * @param body       the message body as received, however hostile
     * @param attributes the message attributes its producer set, as received, however hostile
     * @return the command, or the first field and rule it breaks
     */
    default ParseResult<P> parse(String body, Map<String, String> attributes) {
        return parse(body);
    }
}
