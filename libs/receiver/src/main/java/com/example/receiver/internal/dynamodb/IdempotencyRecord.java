package com.example.receiver.internal.dynamodb;

import static com.example.receiver.record.IdempotencyRecordAttributes.EXPIRES_AT;
import static com.example.receiver.record.IdempotencyRecordAttributes.FINGERPRINT;
import static com.example.receiver.record.IdempotencyRecordAttributes.PK;
import static com.example.receiver.record.IdempotencyRecordAttributes.PROCESSED_AT;
import static com.example.receiver.record.IdempotencyRecordAttributes.REASON;
import static com.example.receiver.record.IdempotencyRecordAttributes.RESULT;
import static com.example.receiver.record.IdempotencyRecordAttributes.STATUS;

import com.example.receiver.Decision;
import com.example.receiver.Fingerprint;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The stored decision of one operation.
 *
 * @param pk          the partition key, {@code <prefix>#<key>}
 * @param decision    what was decided
 * @param fingerprint of the operation it was decided for
 * @param result      the domain's summary of the operation
 * @param processedAt when it was decided
 * @param expiresAt   after this the record no longer counts (TTL deletion may lag by days)
 */
record IdempotencyRecord(String pk, Decision decision, Fingerprint fingerprint,
                         Map<String, AttributeValue> result, Instant processedAt, Instant expiresAt) {

    IdempotencyRecord {
        Objects.requireNonNull(pk, "pk");
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(fingerprint, "fingerprint");
        result = Map.copyOf(result);
        Objects.requireNonNull(processedAt, "processedAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
    }

    Map<String, AttributeValue> toItem() {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(PK, AttributeValue.fromS(pk));
        item.put(STATUS, AttributeValue.fromS(decision.status().name()));
        decision.reason().ifPresent(reason -> item.put(REASON, AttributeValue.fromS(reason)));
        item.put(FINGERPRINT, AttributeValue.fromS(fingerprint.hex()));
        if (!result.isEmpty()) {
            item.put(RESULT, AttributeValue.fromM(result));
        }
        item.put(PROCESSED_AT, AttributeValue.fromS(processedAt.toString()));
        item.put(EXPIRES_AT, AttributeValue.fromN(Long.toString(expiresAt.getEpochSecond())));
        return item;
    }

    /**
     * The decision and fingerprint of a stored item (the {@code ALL_OLD} of a failed condition).
     * Empty when the item is missing or malformed, which the caller must not acknowledge.
     */
    static Optional<Stored> storedIn(Map<String, AttributeValue> item) {
        if (item == null || !item.containsKey(STATUS) || !item.containsKey(FINGERPRINT)) {
            return Optional.empty();
        }
        try {
            Decision.Status status = Decision.Status.valueOf(item.get(STATUS).s());
            Decision decision = status == Decision.Status.APPROVED
                    ? Decision.approved()
                    : Decision.declined(item.get(REASON).s());
            return Optional.of(new Stored(decision, new Fingerprint(item.get(FINGERPRINT).s()),
                    Optional.ofNullable(item.get(EXPIRES_AT)).map(expiresAt -> Instant.ofEpochSecond(Long.parseLong(expiresAt.n())))));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** What a stored record says, as far as a duplicate needs it: its decision, for what, until when. */
    record Stored(Decision decision, Fingerprint fingerprint, Optional<Instant> expiresAt) {
    }
}
