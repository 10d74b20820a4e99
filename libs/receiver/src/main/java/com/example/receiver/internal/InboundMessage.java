package com.example.receiver.internal;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One delivery of a message, as the transport handed it over.
 *
 * @param messageId  the transport's id of this delivery (what a batch failure names)
 * @param body       the raw body, exactly as the producer sent it
 * @param groupId    the ordering group on a FIFO queue; empty on a standard queue
 * @param attributes the attributes the producer set on the message, by name, as text (on SQS its
 *                   String and Number message attributes); a {@link MessageAuthenticity} reads its
 *                   signature there. Never part of the operation: no parser reads them
 * @param sentAt     when the transport accepted the message from its producer (on SQS the
 *                   {@code SentTimestamp} attribute), if it says
 */
public record InboundMessage(String messageId, String body, Optional<String> groupId, Map<String, String> attributes,
                             Optional<Instant> sentAt) {

    /** Checks the components as the record is made: none missing, and each rule above. */
    public InboundMessage {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(groupId, "groupId");
        body = body == null ? "" : body;
        attributes = Map.copyOf(Objects.requireNonNull(attributes, "attributes"));
        Objects.requireNonNull(sentAt, "sentAt");
    }

    /**
     * A delivery without attributes nor a sending time.
     *
     * @param messageId the transport's id of this delivery
     * @param body the body as received
     * @param groupId the FIFO message group, empty on a standard queue
     */
    public InboundMessage(String messageId, String body, Optional<String> groupId) {
        this(messageId, body, groupId, Map.of(), Optional.empty());
    }
}
