package com.example.payment.events;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.example.receiver.record.IdempotencyRecordAttributes;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the decision out of a stream record of the idempotency table.
 *
 * <p>The receiver writes a record only with a conditional Put that succeeds when the key is
 * absent or its record expired, and never updates one. So an {@code INSERT} is a new decision,
 * and so is a {@code MODIFY}: it is a Put that replaced an expired record (TTL deletion lags).
 * A {@code REMOVE} is a TTL deletion (or an operator's), not a decision: nothing to publish.
 */
final class StreamDecisions {

    /** The authorizer's record keys: {@code PAYMENT#<transaction_id>}. */
    static final String KEY_PREFIX = "PAYMENT#";

    private StreamDecisions() {
    }

    /**
     * The decision {@code record} carries, or empty when it carries none (a removal).
     *
     * @throws MalformedRecordException when an insert or modify is not a payment decision
     */
    static Optional<DecisionEvent> read(DynamodbEvent.DynamodbStreamRecord record) {
        String eventName = record.getEventName();
        if ("REMOVE".equals(eventName)) {
            return Optional.empty();
        }
        if (!"INSERT".equals(eventName) && !"MODIFY".equals(eventName)) {
            throw new MalformedRecordException("unknown stream event " + eventName);
        }
        Map<String, AttributeValue> image = record.getDynamodb() == null ? null : record.getDynamodb().getNewImage();
        if (image == null) {
            throw new MalformedRecordException("no NewImage: the stream must be NEW_IMAGE or NEW_AND_OLD_IMAGES");
        }
        return Optional.of(fromImage(image));
    }

    /**
     * The decision an idempotency record's item holds (a stream image, or the table's item read
     * by the replay).
     *
     * @throws MalformedRecordException when the item is not a payment decision
     */
    static DecisionEvent fromImage(Map<String, AttributeValue> image) {
        String pk = string(image, IdempotencyRecordAttributes.PK);
        if (!pk.startsWith(KEY_PREFIX)) {
            throw new MalformedRecordException("not a payment record: " + pk);
        }
        Map<String, AttributeValue> result = Optional.ofNullable(image.get(IdempotencyRecordAttributes.RESULT))
                .map(AttributeValue::getM)
                .orElseThrow(() -> new MalformedRecordException("record " + pk + " has no result summary"));
        try {
            return new DecisionEvent(
                    pk.substring(KEY_PREFIX.length()),
                    string(image, IdempotencyRecordAttributes.STATUS),
                    Optional.ofNullable(image.get(IdempotencyRecordAttributes.REASON)).map(AttributeValue::getS),
                    string(result, "accountId"),
                    Long.parseLong(number(result, "amountMinor")),
                    string(result, "currency"),
                    string(result, "authorizationType"),
                    string(image, IdempotencyRecordAttributes.PROCESSED_AT));
        } catch (IllegalArgumentException e) {
            throw new MalformedRecordException("record " + pk + ": " + e.getMessage());
        }
    }

    /** The record's {@code pk}, when its keys carry one. */
    static Optional<String> key(DynamodbEvent.DynamodbStreamRecord record) {
        return Optional.ofNullable(record.getDynamodb())
                .map(change -> change.getKeys())
                .map(keys -> keys.get(IdempotencyRecordAttributes.PK))
                .map(AttributeValue::getS);
    }

    private static String string(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        if (value == null || value.getS() == null) {
            throw new MalformedRecordException("missing string attribute " + name);
        }
        return value.getS();
    }

    private static String number(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        if (value == null || value.getN() == null) {
            throw new MalformedRecordException("missing number attribute " + name);
        }
        return value.getN();
    }
}
