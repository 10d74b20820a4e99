package com.example.sim.models;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;

/**
 * An executable reference model of the DynamoDB calls the receiver makes, behind the SDK's own
 * {@link DynamoDbClient} interface, so that the real {@code DynamoDbStore} runs against it unchanged.
 * Each behaviour and the page it comes from:
 * <ul>
 *   <li>{@code PutItem} with a condition; a failed one is a {@code ConditionalCheckFailedException}
 *       carrying the old item when {@code ReturnValuesOnConditionCheckFailure=ALL_OLD} ("PutItem",
 *       Amazon DynamoDB API Reference, https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_PutItem.html).</li>
 *   <li>{@code TransactWriteItems}, all or nothing; a cancellation carries one reason per action, in
 *       order ({@code ConditionalCheckFailed} with the {@code ALL_OLD} item, {@code TransactionConflict},
 *       {@code ThrottlingError}, or {@code None}) ("TransactWriteItems", Errors,
 *       https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html#API_TransactWriteItems_Errors;
 *       "CancellationReason", https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_CancellationReason.html).
 *       Reasons mix: an action on a throttled table ({@link World.Fault#THROTTLE_LAST_TABLE}, or a
 *       table whose capacity does not admit the transaction) answers {@code ThrottlingError}, an
 *       action on a held item {@code TransactionConflict}, and every other action its own condition,
 *       so a {@code ConditionalCheckFailed} can stand beside either. Its limits: {@link TransactionLimits}.</li>
 *   <li>Transaction conflicts: a transaction holds its items from when it is applied until its
 *       answer reaches its caller; another transaction on one of them is cancelled with {@code TransactionConflict},
 *       a single write is refused with {@code TransactionConflictException} ("Transaction conflict
 *       handling in DynamoDB", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html#transaction-conflict-handling).</li>
 *   <li>TTL: an expired item stays, and is read by conditions, until deleted up to 48 h later ({@link DynamoDbTable}).</li>
 *   <li>On-demand throttling by the doubling rule and partitions shared by hash ({@link OnDemandCapacity}, {@link TablePartitions});
 *       a transaction costs two write units per KB of each item ("Capacity management for
 *       transactions", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html#transaction-capacity-handling).</li>
 *   <li>A 5xx whose write may or may not have happened ("Error handling with DynamoDB",
 *       https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Programming.Errors.html), as the {@link World} decides.</li>
 *   <li>{@code TransactWriteItems} with a {@code ClientRequestToken}: the same request again within
 *       10 minutes of an applied one answers success and applies nothing; the same token on another
 *       request is an {@code IdempotentParameterMismatchException} ("TransactWriteItems",
 *       ClientRequestToken, https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html#DDB-TransactWriteItems-request-ClientRequestToken;
 *       {@link ClientRequestTokens}).</li>
 * </ul>
 * {@code TransactWriteItems} and the items its transactions hold are {@link DynamoDbTransactions}'.
 * Every applied write is told to the observer (the oracles). The SDK's own retries are in front
 * of the model, as in front of DynamoDB ({@link SdkRetries}).
 */
public class DynamoDbModel implements DynamoDbClient {

    /** One applied write: the table, the item before (empty: none) and after. */
    public record Write(String table, Optional<Map<String, AttributeValue>> before, Map<String, AttributeValue> after,
                       Instant at) {
    }

    private static final String SERVICE = "dynamodb";

    private final World world;
    private final Map<String, DynamoDbTable> tables = new LinkedHashMap<>();
    /** Each table's own on-demand capacity, by name. */
    private final Map<String, OnDemandCapacity> capacities = new HashMap<>();
    private final long warmWriteUnits;
    private final List<Consumer<Write>> observers = new ArrayList<>();
    private final DynamoDbTransactions transactions;
    private long writeUnits;
    private long calls;
    private long throttled;

    public DynamoDbModel(World world, long warmWriteUnits) {
        this.world = world;
        this.warmWriteUnits = warmWriteUnits;
        this.transactions = new DynamoDbTransactions(world, this);
    }

    public DynamoDbTable createTable(String name, String hashKey, Optional<String> rangeKey, Optional<String> ttlAttribute) {
        DynamoDbTable table = new DynamoDbTable(name, hashKey, rangeKey, ttlAttribute);
        tables.put(name, table);
        capacities.put(name, new OnDemandCapacity(warmWriteUnits));
        return table;
    }

    public DynamoDbTable table(String name) {
        DynamoDbTable table = tables.get(name);
        if (table == null) {
            throw DynamoDbErrors.error(400, "ResourceNotFoundException", "Requested resource not found: " + name);
        }
        return table;
    }

    public void observe(Consumer<Write> observer) {
        observers.add(observer);
    }

    /** {@code observer} is told each {@link Transaction} as the model decides it: committed, or cancelled on its items. */
    public void observeTransactions(Consumer<Transaction> observer) {
        transactions.observe(observer);
    }

    /** Write units consumed by applied writes, calls made, and calls throttled. */
    public long writeUnits() {
        return writeUnits;
    }

    public long calls() {
        return calls;
    }

    public long throttled() {
        return throttled;
    }

    /** Puts an item outside any call: a run's first accounts, or another Region's write a global table replicates. */
    public void load(String table, Map<String, AttributeValue> item) {
        DynamoDbTable t = table(table);
        t.put(t.keyOf(item), item, world.random());
    }

    @Override
    public String serviceName() {
        return SERVICE;
    }

    @Override
    public void close() {
    }

    /**
     * The table's TTL as {@code DescribeTimeToLive} answers it, which the receiver checks at init
     * ("DescribeTimeToLive", Amazon DynamoDB API Reference,
     * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_DescribeTimeToLive.html).
     */
    @Override
    public DescribeTimeToLiveResponse describeTimeToLive(DescribeTimeToLiveRequest request) {
        DynamoDbTable table = table(request.tableName());
        return DescribeTimeToLiveResponse.builder().timeToLiveDescription(description -> table.ttlAttribute().ifPresentOrElse(
                attribute -> description.timeToLiveStatus(TimeToLiveStatus.ENABLED).attributeName(attribute),
                () -> description.timeToLiveStatus(TimeToLiveStatus.DISABLED))).build();
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        DynamoDbTable table = table(request.tableName());
        return GetItemResponse.builder().item(table.get(table.keyOf(request.key()), world.instant()).orElse(null)).build();
    }

    /**
     * A Scan with a filter expression, as the replay reads the idempotency table ("Scan", Amazon
     * DynamoDB API Reference, https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Scan.html):
     * the items that pass the filter. One page holds them all (DynamoDB pages at 1 MB read; the
     * replay reads every page anyway); reads are consistent, faults and read capacity not modelled.
     */
    @Override
    public ScanResponse scan(ScanRequest request) {
        DynamoDbTable table = table(request.tableName());
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        int scanned = 0;
        for (Map<String, AttributeValue> item : table.scan(world.instant())) {
            scanned++;
            if (Expressions.holds(request.filterExpression(), item, request.expressionAttributeNames(),
                    request.expressionAttributeValues())) {
                items.add(item);
            }
        }
        return ScanResponse.builder().items(items).count(items.size()).scannedCount(scanned).build();
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        world.toService(SERVICE, "PutItem");
        calls++;
        Instant now = world.instant();
        DynamoDbTable table = table(request.tableName());
        String key = table.keyOf(request.item());
        World.Fault fault = world.fault(SERVICE, "PutItem");
        long units = OnDemandCapacity.units(request.item());
        OnDemandCapacity capacity = capacities.get(table.name());
        if (fault == World.Fault.THROTTLE || fault == World.Fault.THROTTLE_LAST_TABLE || fault == World.Fault.REQUEST_THROTTLED
                || !capacity.admits(now.getEpochSecond(), units, Map.of(key, units))) {
            throttled++;
            refused(true, () -> applyIfItHolds(request, table, key, now));
            world.fromService(SERVICE, "PutItem");
            throw fault == World.Fault.REQUEST_THROTTLED ? DynamoDbErrors.requestThrottled()
                    : DynamoDbErrors.error(400, "ProvisionedThroughputExceededException", "The level of configured provisioned throughput for the table was exceeded");
        }
        if (fault == World.Fault.SERVER_ERROR_NOT_APPLIED) {
            refused(false, () -> applyIfItHolds(request, table, key, now));
            world.fromService(SERVICE, "PutItem");
            throw DynamoDbErrors.serverError();
        }
        if (transactions.holds(table.name() + "\u0001" + key)) {
            world.fromService(SERVICE, "PutItem");
            throw DynamoDbErrors.error(400, "TransactionConflictException", "Transaction is ongoing for the item");
        }
        Optional<Map<String, AttributeValue>> old = table.get(key, now);
        if (!Expressions.holds(request.conditionExpression(), old.orElse(Map.of()), request.expressionAttributeNames(),
                request.expressionAttributeValues())) {
            world.fromService(SERVICE, "PutItem");
            if (fault == World.Fault.SERVER_ERROR_APPLIED) {
                throw DynamoDbErrors.serverError();
            }
            ConditionalCheckFailedException.Builder failed = ConditionalCheckFailedException.builder()
                    .message("The conditional request failed").statusCode(400)
                    .awsErrorDetails(DynamoDbErrors.details("ConditionalCheckFailedException", "The conditional request failed"));
            if (request.returnValuesOnConditionCheckFailure() == ReturnValuesOnConditionCheckFailure.ALL_OLD) {
                old.ifPresent(failed::item);
            }
            throw failed.build();
        }
        apply(table, key, old, request.item(), now);
        consumed(units, Map.of(table.name(), Map.of(key, units)), now);
        world.fromService(SERVICE, "PutItem");
        if (fault == World.Fault.SERVER_ERROR_APPLIED) {
            throw DynamoDbErrors.serverError();
        }
        return PutItemResponse.builder().build();
    }

    /** All or nothing, with conflicts, capacity and client request tokens: {@link DynamoDbTransactions}. */
    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
        return transactions.write(request);
    }

    /**
     * A call refused before the write (throttled, or a 500 that says so), about to be answered:
     * DynamoDB writes nothing for it, and neither does the model. A model made wrong on purpose
     * (sim's tests: the conformance test's flaws) may run {@code theWrite} here.
     */
    void refused(boolean throttling, Runnable theWrite) {
    }

    /** A transaction cancelled for {@code reasons}: all or nothing, so nothing is written (a flawed model's hook). */
    void cancelled(List<WriteAction> actions, List<CancellationReason> reasons, Instant now) {
    }

    /** Whether a {@code ClientRequestToken} seen in the last 10 minutes is recognised (a flawed model's hook). */
    boolean honoursClientRequestTokens() {
        return true;
    }

    /** The put applied if its condition holds, whatever the call then answers: a flawed model's write. */
    private void applyIfItHolds(PutItemRequest request, DynamoDbTable table, String key, Instant now) {
        Optional<Map<String, AttributeValue>> old = table.get(key, now);
        if (Expressions.holds(request.conditionExpression(), old.orElse(Map.of()), request.expressionAttributeNames(),
                request.expressionAttributeValues())) {
            apply(table, key, old, request.item(), now);
        }
    }

    /** Applies one action as DynamoDB writes it (a flawed model's write of an action whose condition held). */
    final void apply(WriteAction action, Instant now) {
        Optional<Map<String, AttributeValue>> old = action.before(now);
        apply(action.table(), action.key(), old, action.after(old), now);
    }

    void apply(DynamoDbTable table, String key, Optional<Map<String, AttributeValue>> old,
                       Map<String, AttributeValue> item, Instant now) {
        table.put(key, item, world.random());
        Write write = new Write(table.name(), old, item, now);
        observers.forEach(observer -> observer.accept(write));
    }

    /** A call made (counted whatever it answers). */
    void called() {
        calls++;
    }

    /** A call refused for capacity. */
    void throttledCall() {
        throttled++;
    }

    /** An applied write's units, spent from each table's capacity ({@code units} by table, then by item key). */
    void consumed(long units, Map<String, Map<String, Long>> byTable, Instant now) {
        writeUnits += units;
        byTable.forEach((table, items) -> capacity(table).consume(now.getEpochSecond(),
                items.values().stream().mapToLong(Long::longValue).sum(), items));
    }

    OnDemandCapacity capacity(String table) {
        return capacities.get(table);
    }
}
