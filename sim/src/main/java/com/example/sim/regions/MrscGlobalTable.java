package com.example.sim.regions;

import com.example.sim.models.DynamoDbModel;
import com.example.sim.runtime.Scheduler;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReplicatedWriteConflictException;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * A global table in multi-Region strong consistency (MRSC) over the run's Regions: three
 * replicas, or two and a witness ("A MRSC global table can be configured with either three
 * replicas, or with two replicas and one witness", "AWS::DynamoDB::GlobalTable
 * GlobalTableWitness", AWS CloudFormation User Guide,
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/aws-properties-dynamodb-globaltable-globaltablewitness.html).
 * Its committed items are one copy, which a strongly consistent read in any Region sees ("always
 * reading the latest version of an item, irrespective of the Region", "Multi-Region strong
 * consistency", Amazon DynamoDB Developer Guide,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/multi-region-strong-consistency-gt.html);
 * each Region's client ({@link #replica}) is the SDK's interface over it:
 * <ul>
 *   <li>a write commits only with a majority of the members, its own Region and one more
 *       (replica or witness): a Region cut off from every other member ({@link RegionOutages})
 *       refuses writes, and reads too (the worse reading: AWS's wording on an isolated MRSC
 *       replica is not in the pages we hold), with a 503 the caller cannot tell from a fault;</li>
 *   <li>each write waits a cross-Region round trip before it is answered, drawn per call from
 *       {@value #ROUND_TRIP_MIN_MICROS} to {@value #ROUND_TRIP_MAX_MICROS} µs (AWS gives no
 *       figure: "even with the higher latency", "Preparation checklist for DynamoDB global
 *       tables", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-global-table-design.prescriptive-guidance.checklist-and-faq.html);
 *       while it waits, a write of the same item from another Region is refused with
 *       {@code ReplicatedWriteConflictException} ("one or more items in the request are being
 *       modified by a request in another Region", the DynamoDB API's error, as the SDKs' reference
 *       states it,
 *       https://docs.aws.amazon.com/botocore/latest/reference/services/dynamodb/client/exceptions/ReplicatedWriteConflictException.html);</li>
 *   <li>{@code PutItem}, {@code UpdateItem} (the {@link ItemPaths} forms) and {@code DeleteItem},
 *       conditional; an item over 400 KB is refused with a {@code ValidationException}
 *       ({@link ItemSize}); each committed write billed by the larger of the item before and after
 *       it, in every replica ({@link #writeUnits()});</li>
 *   <li>{@code TransactWriteItems} is refused with a {@code ValidationException}, and Time to Live
 *       is off on every table, since an MRSC table has neither (issue 49's reading of "How DynamoDB
 *       global tables work", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/V2globaltables_HowItWorks.html,
 *       the MRSC section; its sentences were not in the stored copies, so the error code is the
 *       worse reading's).</li>
 * </ul>
 */
public final class MrscGlobalTable {

    static final long ROUND_TRIP_MIN_MICROS = 20_000;
    static final long ROUND_TRIP_MAX_MICROS = 120_000;

    /** A write in flight on one item: from which Region, until when. */
    private record Hold(int region, long until) {
    }

    /** A write begun: the item before it (empty when absent), and the round trip it waits. */
    private record Started(Map<String, AttributeValue> before, long roundTrip) {
    }

    private final Scheduler scheduler;
    private final DynamoDbModel committed;
    private final RegionOutages outages;
    private final int members;
    private final int replicas;
    private final RegionSettings.Range roundTrip;
    private final Map<String, Hold> holds = new HashMap<>();
    private long writeUnits;
    private final List<Consumer<DynamoDbModel.Write>> updates = new ArrayList<>();

    /**
     * @param committed the table's one committed copy (its items, conditions and write units)
     * @param members   the Regions holding a replica or the witness; the run's Regions are the first
     * @param replicas  how many of them hold a replica (each charged every write)
     */
    public MrscGlobalTable(Scheduler scheduler, DynamoDbModel committed, RegionOutages outages, int members, int replicas) {
        this(scheduler, committed, outages, members, replicas, new RegionSettings.Range(ROUND_TRIP_MIN_MICROS, ROUND_TRIP_MAX_MICROS));
    }

    /** The same, each write's cross-Region round trip drawn from {@code roundTrip} µs (a swarm's draw). */
    public MrscGlobalTable(Scheduler scheduler, DynamoDbModel committed, RegionOutages outages, int members, int replicas,
                           RegionSettings.Range roundTrip) {
        this.scheduler = scheduler;
        this.committed = committed;
        this.outages = outages;
        this.members = members;
        this.replicas = replicas;
        this.roundTrip = roundTrip;
    }

    /**
     * Tells {@code observer} of each {@code UpdateItem} applied (a {@code PutItem} is told by the
     * committed table's own observers): an update is read, checked and written in one step, as
     * DynamoDB applies it, so it goes to the committed table without a call's travel between.
     */
    public void observeUpdates(Consumer<DynamoDbModel.Write> observer) {
        updates.add(observer);
    }

    /**
     * Write units billed for the committed writes, every replica's: each write the larger of its
     * item before and after it, one unit per KB ("Capacity unit consumption for write operations",
     * Amazon DynamoDB Developer Guide,
     * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/read-write-operations.html#write-operation-consumption:
     * {@code UpdateItem} and {@code PutItem} consume by the larger of the two sizes, {@code DeleteItem}
     * by the deleted item's), "one rWRU per replica table" ("Understanding Amazon DynamoDB billing
     * for global tables", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/global-tables-billing.html).
     */
    public long writeUnits() {
        return writeUnits;
    }

    /** Region {@code region}'s client of the table. */
    public DynamoDbClient replica(int region) {
        return new Replica(region);
    }

    /** Whether {@code region} reaches a majority of the members now: itself and one more. */
    boolean hasMajority(int region) {
        long now = scheduler.now();
        if (outages.cutOff(region, now)) {
            return false;
        }
        for (int member = 0; member < members; member++) {
            if (member != region && !outages.cutOff(member, now)) {
                return true;
            }
        }
        return false;
    }

    private final class Replica implements DynamoDbClient {

        private final int region;

        Replica(int region) {
            this.region = region;
        }

        @Override
        public String serviceName() {
            return committed.serviceName();
        }

        @Override
        public void close() {
        }

        @Override
        public DescribeTimeToLiveResponse describeTimeToLive(DescribeTimeToLiveRequest request) {
            return DescribeTimeToLiveResponse.builder()
                    .timeToLiveDescription(d -> d.timeToLiveStatus(TimeToLiveStatus.DISABLED)).build();
        }

        @Override
        public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
            throw error(400, "ValidationException", "transactions are not supported on a multi-Region strongly consistent table");
        }

        @Override
        public GetItemResponse getItem(GetItemRequest request) {
            requireMajority();
            return committed.getItem(request);
        }

        @Override
        public ScanResponse scan(ScanRequest request) {
            requireMajority();
            return committed.scan(request);
        }

        @Override
        public PutItemResponse putItem(PutItemRequest request) {
            Started started = begin(request.tableName(), request.item());
            refuseOver400Kb(request.item());
            PutItemResponse response = committed.putItem(request);
            return end(started, request.item(), response);
        }

        @Override
        public UpdateItemResponse updateItem(UpdateItemRequest request) {
            Started started = begin(request.tableName(), request.key());
            Map<String, AttributeValue> old = started.before();
            Map<String, String> names = given(request.hasExpressionAttributeNames(), request.expressionAttributeNames());
            Map<String, AttributeValue> values = given(request.hasExpressionAttributeValues(), request.expressionAttributeValues());
            conditionHolds(ItemPaths.holds(request.conditionExpression(), old, names, values));
            Map<String, AttributeValue> next = new HashMap<>(old.isEmpty() ? request.key() : old);
            next = ItemPaths.update(request.updateExpression(), next, names, values);
            refuseOver400Kb(next);
            Map<String, AttributeValue> after = Map.copyOf(next);
            committed.load(request.tableName(), after); // read, checked and written in one step: no other write between
            DynamoDbModel.Write write = new DynamoDbModel.Write(request.tableName(), old.isEmpty() ? Optional.empty() : Optional.of(old),
                    after, scheduler.instant());
            updates.forEach(observer -> observer.accept(write));
            return end(started, after, UpdateItemResponse.builder().build());
        }

        @Override
        public DeleteItemResponse deleteItem(DeleteItemRequest request) {
            Started started = begin(request.tableName(), request.key());
            Map<String, AttributeValue> old = started.before();
            conditionHolds(!old.isEmpty() && ItemPaths.holds(request.conditionExpression(), old,
                    given(request.hasExpressionAttributeNames(), request.expressionAttributeNames()),
                    given(request.hasExpressionAttributeValues(), request.expressionAttributeValues())));
            committed.table(request.tableName()).delete(committed.table(request.tableName()).keyOf(request.key()));
            return end(started, Map.of(), DeleteItemResponse.builder().build());
        }

        /** A write's start: a majority reached, no other Region's write of the item in flight; the item as it is. */
        private Started begin(String tableName, Map<String, AttributeValue> keyOrItem) {
            requireMajority();
            String key = committed.table(tableName).keyOf(keyOrItem);
            String item = tableName + "\u0001" + key;
            long now = scheduler.now();
            Hold hold = holds.get(item);
            if (hold != null && hold.until() > now && hold.region() != region) {
                throw ReplicatedWriteConflictException.builder().statusCode(400)
                        .awsErrorDetails(details("ReplicatedWriteConflictException",
                                "One or more items in this request are being modified by a request in another Region"))
                        .build();
            }
            long waited = scheduler.random().nextLong(roundTrip.least(), roundTrip.most() + 1);
            holds.put(item, new Hold(region, now + waited));
            return new Started(committed.table(tableName).get(key, scheduler.instant()).orElse(Map.of()), waited);
        }

        /** A write committed: billed as the larger of the item before and after it, in every replica; answered after the round trip. */
        private <T> T end(Started started, Map<String, AttributeValue> after, T response) {
            writeUnits += ItemSize.units(Math.max(ItemSize.bytes(started.before()), ItemSize.bytes(after))) * replicas;
            if (scheduler.current() != null) {
                scheduler.sleep(started.roundTrip());
            }
            return response;
        }

        private void requireMajority() {
            if (!hasMajority(region)) {
                throw error(503, "ServiceUnavailable", "the Region's replica reaches no other member of the global table");
            }
        }
    }

    /** A request's expression names or values: none when the request has none. */
    private static <V> Map<String, V> given(boolean has, Map<String, V> map) {
        return has ? map : Map.of();
    }

    private static void conditionHolds(boolean holds) {
        if (!holds) {
            throw ConditionalCheckFailedException.builder().message("The conditional request failed").statusCode(400)
                    .awsErrorDetails(details("ConditionalCheckFailedException", "The conditional request failed")).build();
        }
    }

    /** DynamoDB's refusal of an item over 400 KB, with the service's own message. */
    private static void refuseOver400Kb(Map<String, AttributeValue> item) {
        if (ItemSize.bytes(item) > ItemSize.MAX_BYTES) {
            throw error(400, "ValidationException", "Item size has exceeded the maximum allowed size");
        }
    }

    private static DynamoDbException error(int status, String code, String message) {
        return (DynamoDbException) DynamoDbException.builder().statusCode(status).message(message)
                .awsErrorDetails(details(code, message)).build();
    }

    private static AwsErrorDetails details(String code, String message) {
        return AwsErrorDetails.builder().errorCode(code).errorMessage(message).serviceName("DynamoDb").build();
    }
}
