package com.example.payment.events;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Objects;

/**
 * Where an unpublishable stream record is, and why it cannot be published. It carries the record's
 * key and stream coordinates, not its image: the decision itself stays in the idempotency table
 * (read it by {@code key}; fix it there and its MODIFY is published).
 *
 * @param key            the record's {@code pk} ({@code PAYMENT#<transaction_id>}), empty when it
 *                       had none
 * @param sequenceNumber its stream sequence number
 * @param eventId        its stream event id
 * @param eventName      {@code INSERT} or {@code MODIFY} (or what else the stream said)
 * @param reason         why it can never be published; names no amount and no card data
 */
public record UnpublishableRecord(String key, String sequenceNumber, String eventId, String eventName, String reason) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public UnpublishableRecord {
        key = Objects.requireNonNullElse(key, "");
        sequenceNumber = Objects.requireNonNullElse(sequenceNumber, "");
        eventId = Objects.requireNonNullElse(eventId, "");
        eventName = Objects.requireNonNullElse(eventName, "");
        Objects.requireNonNull(reason, "reason");
    }

    /** The record as one JSON object (the dead-letter message body). */
    public String toJson() {
        return JSON.createObjectNode()
                .put("key", key)
                .put("sequenceNumber", sequenceNumber)
                .put("eventID", eventId)
                .put("eventName", eventName)
                .put("reason", reason)
                .toString();
    }
}
