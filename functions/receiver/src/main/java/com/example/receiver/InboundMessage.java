package com.example.receiver;

import java.util.Objects;
import java.util.Optional;

/**
 * One delivery of a message, as the transport handed it over.
 *
 * @param messageId the transport's id of this delivery (what a batch failure names)
 * @param body      the raw body
 * @param groupId   the ordering group on a FIFO queue; empty on a standard queue
 */
public record InboundMessage(String messageId, String body, Optional<String> groupId) {

    public InboundMessage {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(groupId, "groupId");
        body = body == null ? "" : body;
    }
}
