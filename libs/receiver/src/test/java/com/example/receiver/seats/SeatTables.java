package com.example.receiver.seats;

import com.example.receiver.testkit.TableSpec;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/**
 * A fresh pair of tables on the local AWS, named apart from every other test's: the idempotency
 * records ({@code pk}, TTL on {@code expiresAt}, a stream of new images, as the guide asks) and the
 * seats ({@code pk = <event>#<seat>}). Reads what a user would check: who holds a seat, a record.
 */
public final class SeatTables {

    private final DynamoDbClient dynamoDb;
    private final String records;
    private final String seats;

    private SeatTables(DynamoDbClient dynamoDb, String suffix) {
        this.dynamoDb = dynamoDb;
        this.records = "SeatRecords-" + suffix;
        this.seats = "Seats-" + suffix;
    }

    /** Creates both tables with {@code admin}, a client the tests' counted calls leave out. */
    public static SeatTables create(DynamoDbClient admin) {
        SeatTables tables = new SeatTables(admin, UUID.randomUUID().toString().substring(0, 8));
        // Declared as an adopter's tests declare theirs (the test kit's TableSpec).
        TableSpec.idempotencyRecords(tables.records).withStream(StreamViewType.NEW_IMAGE).createIn(admin);
        TableSpec.named(tables.seats).createIn(admin);
        return tables;
    }

    /** The records table's name. */
    public String records() {
        return records;
    }

    /** The seats table's name. */
    public String seats() {
        return seats;
    }

    /** The booking that holds {@code seat} of {@code event}, if one does. */
    public Optional<String> holder(String event, String seat) {
        Map<String, AttributeValue> item = dynamoDb.getItem(request -> request.tableName(seats).consistentRead(true)
                .key(Map.of("pk", AttributeValue.fromS(event + "#" + seat)))).item();
        return Optional.ofNullable(item).map(found -> found.get("booking")).map(AttributeValue::s);
    }

    /** Every taken seat ({@code <event>#<seat>}) and its booking, sorted. */
    public Map<String, String> holders() {
        Map<String, String> holders = new TreeMap<>();
        dynamoDb.scanPaginator(request -> request.tableName(seats).consistentRead(true)).items()
                .forEach(item -> holders.put(item.get("pk").s(), item.get("booking").s()));
        return holders;
    }

    /** The record of booking {@code bookingId} (its key prefixed with {@link #KEY_PREFIX}), if any. */
    public Optional<Map<String, AttributeValue>> record(String bookingId) {
        Map<String, AttributeValue> item = dynamoDb.getItem(request -> request.tableName(records).consistentRead(true)
                .key(Map.of("pk", AttributeValue.fromS(KEY_PREFIX + "#" + bookingId)))).item();
        return Optional.ofNullable(item).filter(found -> !found.isEmpty());
    }

    /** What every booking record's key starts with. */
    public static final String KEY_PREFIX = "BOOKING";
}
