package com.example.receiver.internal.dynamodb;

import static com.example.receiver.record.IdempotencyRecordAttributes.FINGERPRINT;
import static com.example.receiver.record.IdempotencyRecordAttributes.REASON;
import static com.example.receiver.record.IdempotencyRecordAttributes.REGION;
import static com.example.receiver.record.IdempotencyRecordAttributes.STATUS;
import static com.example.receiver.dynamodb.SingleWriteAttributes.APPLIED;
import static com.example.receiver.dynamodb.SingleWriteAttributes.DECIDED_AT;

import com.example.receiver.Decision;
import com.example.receiver.Fingerprint;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One decision as the single-write commit writes it on its item, under {@code applied.<key>}
 * ({@link com.example.receiver.dynamodb.SingleWriteAttributes}): what a copy arriving before the
 * record exists finds there.
 *
 * @param decision    what was decided
 * @param fingerprint of the operation it was decided for
 * @param decidedAt   when
 * @param region      the AWS Region of the function that decided it
 */
record AppliedEntry(Decision decision, Fingerprint fingerprint, Instant decidedAt, String region) {

    AppliedEntry {
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(fingerprint, "fingerprint");
        Objects.requireNonNull(decidedAt, "decidedAt");
        Objects.requireNonNull(region, "region");
    }

    /** The entry as a map attribute. */
    AttributeValue toAttribute() {
        Map<String, AttributeValue> entry = new HashMap<>();
        entry.put(STATUS, AttributeValue.fromS(decision.status().name()));
        decision.reason().ifPresent(reason -> entry.put(REASON, AttributeValue.fromS(reason)));
        entry.put(FINGERPRINT, AttributeValue.fromS(fingerprint.hex()));
        entry.put(DECIDED_AT, AttributeValue.fromN(Long.toString(decidedAt.getEpochSecond())));
        entry.put(REGION, AttributeValue.fromS(region));
        return AttributeValue.fromM(entry);
    }

    /**
     * The entry of the operation {@code key} on {@code item}; empty when there is none. A malformed
     * entry is a bug of whoever wrote it, and fails loudly rather than being decided over.
     */
    static Optional<AppliedEntry> on(Map<String, AttributeValue> item, String key) {
        AttributeValue applied = item.get(APPLIED);
        if (applied == null || !applied.hasM() || !applied.m().containsKey(key)) {
            return Optional.empty();
        }
        Map<String, AttributeValue> entry = applied.m().get(key).m();
        Decision.Status status = Decision.Status.valueOf(entry.get(STATUS).s());
        return Optional.of(new AppliedEntry(
                status == Decision.Status.APPROVED ? Decision.approved() : Decision.declined(entry.get(REASON).s()),
                new Fingerprint(entry.get(FINGERPRINT).s()),
                Instant.ofEpochSecond(Long.parseLong(entry.get(DECIDED_AT).n())),
                entry.get(REGION).s()));
    }
}
