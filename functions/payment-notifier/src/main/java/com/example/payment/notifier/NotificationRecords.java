package com.example.payment.notifier;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.lambda.powertools.idempotency.exceptions.IdempotencyItemAlreadyExistsException;
import software.amazon.lambda.powertools.idempotency.exceptions.IdempotencyItemNotFoundException;
import software.amazon.lambda.powertools.idempotency.persistence.BasePersistenceStore;
import software.amazon.lambda.powertools.idempotency.persistence.DataRecord;
import software.amazon.lambda.powertools.idempotency.persistence.DynamoDBPersistenceStore;

/**
 * Powertools' DynamoDB persistence (table key {@code id}, TTL attribute {@code expiration}, the
 * Powertools defaults), with one correction to how a record is claimed.
 *
 * <p>Powertools 1.15.0 writes {@code in_progress_expiration} in epoch <em>milliseconds</em> (the
 * end of the invocation that claimed the record, from the registered Lambda context) but its
 * claim condition compares it with {@code :now} in epoch <em>seconds</em>, which is never
 * greater: an in-progress record left by a crashed or timed-out invocation could then only be
 * taken over after the record's whole {@code expiration}, and every redelivery meanwhile fails.
 * {@link #putRecord} claims with the same condition in milliseconds; reads, updates and deletes
 * are Powertools' own. Upstream fixed it the same way (aws-powertools/powertools-lambda-java#1281,
 * #1285, in 1.16); the reliability suite's "Powertools as fixed upstream" baseline uses this class.
 */
public final class NotificationRecords extends BasePersistenceStore {

    private static final String KEY = "id";
    private static final String EXPIRY = "expiration";
    private static final String IN_PROGRESS_EXPIRY = "in_progress_expiration";
    private static final String STATUS = "status";
    private static final String VALIDATION = "validation";

    private final DynamoDbClient dynamoDb;
    private final String table;
    private final DynamoDBPersistenceStore powertools;

    /** Powertools' records on {@code table} (key {@code id}), through {@code dynamoDb}. */
    public NotificationRecords(DynamoDbClient dynamoDb, String table) {
        this.dynamoDb = Objects.requireNonNull(dynamoDb, "dynamoDb");
        this.table = Objects.requireNonNull(table, "table");
        this.powertools = DynamoDBPersistenceStore.builder().withTableName(table).withDynamoDbClient(dynamoDb).build();
    }

    @Override
    public DataRecord getRecord(String idempotencyKey) throws IdempotencyItemNotFoundException {
        return powertools.getRecord(idempotencyKey);
    }

    @Override
    public void putRecord(DataRecord record, Instant now) throws IdempotencyItemAlreadyExistsException {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(KEY, AttributeValue.fromS(record.getIdempotencyKey()));
        item.put(EXPIRY, AttributeValue.fromN(Long.toString(record.getExpiryTimestamp())));
        item.put(STATUS, AttributeValue.fromS(record.getStatus().toString()));
        record.getInProgressExpiryTimestamp()
                .ifPresent(ms -> item.put(IN_PROGRESS_EXPIRY, AttributeValue.fromN(Long.toString(ms))));
        if (payloadValidationEnabled) {
            item.put(VALIDATION, AttributeValue.fromS(record.getPayloadHash()));
        }
        try {
            dynamoDb.putItem(request -> request.tableName(table).item(item)
                    .conditionExpression("attribute_not_exists(#id) OR #expiry < :now OR "
                            + "(attribute_exists(#in_progress_expiry) AND #in_progress_expiry < :now_ms AND #status = :in_progress)")
                    .expressionAttributeNames(Map.of("#id", KEY, "#expiry", EXPIRY,
                            "#in_progress_expiry", IN_PROGRESS_EXPIRY, "#status", STATUS))
                    .expressionAttributeValues(Map.of(
                            ":now", AttributeValue.fromN(Long.toString(now.getEpochSecond())),
                            ":now_ms", AttributeValue.fromN(Long.toString(now.toEpochMilli())),
                            ":in_progress", AttributeValue.fromS(DataRecord.Status.INPROGRESS.toString()))));
        } catch (ConditionalCheckFailedException e) {
            throw new IdempotencyItemAlreadyExistsException("the record exists: " + record.getIdempotencyKey(), e);
        }
    }

    @Override
    public void updateRecord(DataRecord record) {
        powertools.updateRecord(record);
    }

    @Override
    public void deleteRecord(String idempotencyKey) {
        powertools.deleteRecord(idempotencyKey);
    }
}
