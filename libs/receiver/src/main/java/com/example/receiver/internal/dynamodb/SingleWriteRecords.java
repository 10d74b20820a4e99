package com.example.receiver.internal.dynamodb;

import static com.example.receiver.record.IdempotencyRecordAttributes.PK;
import static com.example.receiver.record.IdempotencyRecordAttributes.RECORDED_AT;
import static com.example.receiver.record.IdempotencyRecordAttributes.REGION;

import com.example.receiver.Command;
import com.example.receiver.Decision;
import com.example.receiver.Fingerprint;
import com.example.receiver.dynamodb.SingleWriteEffect;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/**
 * The idempotency records of the single-write commit: today's attributes and {@code expiresAt},
 * plus {@code region} (the writing function's) and {@code recordedAt}; each put on condition
 * {@code attribute_not_exists(pk)}, returning the record in the way when it fails. A table with
 * no TTL (a global table with strong consistency has none) keeps a record until the sweeper
 * deletes it once past {@code expiresAt}; until then a record found counts, expired or not.
 *
 * @param <P> the domain's payload type
 */
final class SingleWriteRecords<P> {

    private final String table;
    private final String keyPrefix;
    private final Duration recordTtl;
    private final String region;
    private final SingleWriteEffect<P> effect;

    SingleWriteRecords(String table, String keyPrefix, Duration recordTtl, String region, SingleWriteEffect<P> effect) {
        this.table = table;
        this.keyPrefix = keyPrefix;
        this.recordTtl = recordTtl;
        this.region = region;
        this.effect = effect;
    }

    /** The strongly consistent read of {@code command}'s record. */
    GetItemRequest read(Command<P> command) {
        return GetItemRequest.builder().tableName(table).key(Map.of(PK, AttributeValue.fromS(pk(command))))
                .consistentRead(true).build();
    }

    /** The put of the record of {@code decision}, decided at {@code decidedAt} for {@code fingerprint}, written at {@code now}. */
    PutItemRequest put(Command<P> command, Decision decision, Fingerprint fingerprint, Instant decidedAt, Instant now) {
        Map<String, AttributeValue> item = new HashMap<>(new IdempotencyRecord(pk(command), decision,
                fingerprint, effect.summary(command), decidedAt, expiresAt(decidedAt)).toItem());
        item.put(REGION, AttributeValue.fromS(region));
        item.put(RECORDED_AT, AttributeValue.fromN(Long.toString(now.getEpochSecond())));
        return PutItemRequest.builder()
                .tableName(table)
                .item(item)
                .conditionExpression("attribute_not_exists(#pk)")
                .expressionAttributeNames(Map.of("#pk", PK))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build();
    }

    /** When the record of a decision made at {@code decidedAt} stops counting. */
    Instant expiresAt(Instant decidedAt) {
        return decidedAt.plus(recordTtl);
    }

    private String pk(Command<P> command) {
        return keyPrefix + "#" + command.key().value();
    }
}
