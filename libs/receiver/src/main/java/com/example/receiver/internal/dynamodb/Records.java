package com.example.receiver.internal.dynamodb;

import static com.example.receiver.record.IdempotencyRecordAttributes.EXPIRES_AT;
import static com.example.receiver.record.IdempotencyRecordAttributes.PK;

import com.example.receiver.Command;
import com.example.receiver.Decision;
import com.example.receiver.DuplicateSource;
import com.example.receiver.Outcome;
import com.example.receiver.dynamodb.TransactionalEffect;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The writes of the idempotency records: each put on condition
 * {@code attribute_not_exists(pk) OR expiresAt < :now} (TTL deletion lags, so an expired record
 * counts as absent: "Working with expired items and time to live (TTL)", Amazon DynamoDB
 * Developer Guide, https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ttl-expired-items.html),
 * returning the old item when it fails; and what an old item decides.
 *
 * @param <P> the domain's payload type
 */
final class Records<P> {

    private static final String ABSENT_OR_EXPIRED = "attribute_not_exists(#pk) OR #expiresAt < :now";
    private static final Map<String, String> ABSENT_OR_EXPIRED_NAMES = Map.of("#pk", PK, "#expiresAt", EXPIRES_AT);

    private final String table;
    private final String keyPrefix;
    private final Duration recordTtl;
    private final TransactionalEffect<P> effect;

    Records(String table, String keyPrefix, Duration recordTtl, TransactionalEffect<P> effect) {
        this.table = table;
        this.keyPrefix = keyPrefix;
        this.recordTtl = recordTtl;
        this.effect = effect;
    }

    /** One operation's transaction: [0] its record, then the domain's writes. */
    List<TransactWriteItem> transaction(Command<P> command, Instant now) {
        List<TransactWriteItem> items = new ArrayList<>();
        items.add(TransactWriteItem.builder().put(approval(command, now)).build());
        items.addAll(effect.writes(command));
        return items;
    }

    /** A group's transaction: [0, n) the records, in the group's order, then the merged writes. */
    List<TransactWriteItem> groupTransaction(List<Command<P>> group, List<TransactWriteItem> writes, Instant now) {
        List<TransactWriteItem> items = new ArrayList<>(group.size() + writes.size());
        for (Command<P> command : group) {
            items.add(TransactWriteItem.builder().put(approval(command, now)).build());
        }
        items.addAll(writes);
        return items;
    }

    /** The decline's record alone, on the same condition. */
    PutItemRequest decline(Command<P> command, String reason, Instant now) {
        return PutItemRequest.builder()
                .tableName(table)
                .item(item(command, Decision.declined(reason), now))
                .conditionExpression(ABSENT_OR_EXPIRED)
                .expressionAttributeNames(ABSENT_OR_EXPIRED_NAMES)
                .expressionAttributeValues(absentOrExpiredValues(now))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build();
    }

    /** What a record found in the way decides: the duplicate of its decision, or a conflict. */
    static Outcome fromStoredRecord(Map<String, AttributeValue> item, Command<?> command) {
        return IdempotencyRecord.storedIn(item)
                .<Outcome>map(stored -> stored.fingerprint().equals(command.fingerprint())
                        ? new Outcome.Duplicate(DuplicateSource.STORE, stored.decision(), stored.expiresAt())
                        : new Outcome.Conflict(stored.fingerprint(), command.fingerprint()))
                .orElseGet(() -> new Outcome.Retry("stored record unreadable"));
    }

    private Put approval(Command<P> command, Instant now) {
        return Put.builder()
                .tableName(table)
                .item(item(command, Decision.approved(), now))
                .conditionExpression(ABSENT_OR_EXPIRED)
                .expressionAttributeNames(ABSENT_OR_EXPIRED_NAMES)
                .expressionAttributeValues(absentOrExpiredValues(now))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build();
    }

    private Map<String, AttributeValue> item(Command<P> command, Decision decision, Instant now) {
        return new IdempotencyRecord(keyPrefix + "#" + command.key().value(), decision, command.fingerprint(),
                effect.summary(command), now, now.plus(recordTtl)).toItem();
    }

    private static Map<String, AttributeValue> absentOrExpiredValues(Instant now) {
        return Map.of(":now", AttributeValue.fromN(Long.toString(now.getEpochSecond())));
    }
}
