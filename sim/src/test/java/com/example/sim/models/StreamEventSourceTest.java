package com.example.sim.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.example.payment.events.replay.OnFailureReplay;
import com.example.payment.events.replay.ReplayWindow;
import com.example.sim.Simulation;
import com.example.sim.TemplateStream;
import com.example.sim.models.DynamoDbModel;
import com.example.sim.models.DynamoDbStream;
import com.example.sim.models.DynamoDbTable;
import com.example.sim.models.SqsMessage;
import com.example.sim.models.SqsModel;
import com.example.sim.models.SqsQueue;
import com.example.sim.runtime.Scheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The stream event source mapping as the template configures it: retried from the reported record, skipped after its retries. */
class StreamEventSourceTest {

    private static final StreamSettings SETTINGS = TemplateStream.settings();

    private final Scheduler scheduler = new Scheduler(1);
    private final DownstreamWorld world = new DownstreamWorld(scheduler, 0);
    private final DynamoDbModel dynamoDb = new DynamoDbModel(world, 40_000);
    private final DynamoDbTable table = dynamoDb.createTable(Simulation.RECORDS, "pk", Optional.empty(), Optional.empty());
    private final DynamoDbStream stream = DynamoDbStream.of(dynamoDb, table, world);
    private final SqsQueue failures = new SqsModel(world).createQueue("failures", 30, SETTINGS.failureRetentionSeconds());
    private final List<String> skipped = new ArrayList<>();

    private StreamEventSource source(Function<DynamodbEvent, StreamsEventResponse> function) {
        return new StreamEventSource(scheduler, stream, SETTINGS, failures, (event, context) -> function.apply(event), world,
                (records, condition, since) -> records.forEach(r -> skipped.add(r.newImage().orElseThrow().get("pk").s() + " " + condition)));
    }

    private void write(String key) {
        dynamoDb.putItem(request -> request.tableName(Simulation.RECORDS).item(Map.of("pk", AttributeValue.fromS(key))));
    }

    @Test
    void templateSettings_areTheTemplates() {
        assertEquals(100, SETTINGS.batchSize());
        assertEquals(-1, SETTINGS.maximumRetryAttempts());
        assertEquals(43_200, SETTINGS.maximumRecordAgeSeconds());
        assertTrue(SETTINGS.bisectOnFunctionError() && SETTINGS.reportBatchItemFailures());
        assertEquals(1_209_600, SETTINGS.failureRetentionSeconds());
    }

    @Test
    void aPartialResponse_isRetriedFromTheReportedRecord_andTheRecordsBeforeItAreDone() {
        List<String> seen = new ArrayList<>();
        boolean[] failedOnce = {false};
        source(event -> {
            event.getRecords().forEach(r -> seen.add(r.getDynamodb().getKeys().get("pk").getS()));
            if (!failedOnce[0] && event.getRecords().size() > 1) {
                failedOnce[0] = true;
                return new StreamsEventResponse(List.of(new StreamsEventResponse.BatchItemFailure(
                        event.getRecords().get(1).getDynamodb().getSequenceNumber())));
            }
            return new StreamsEventResponse(List.of());
        });
        // GIVEN three decisions of one shard's key space, written at once
        List<String> keys = sameShard(3);
        keys.forEach(this::write);
        scheduler.runUntil(Scheduler.micros(java.time.Duration.ofMinutes(5)));
        // THEN the first batch is all three; the retry starts at the second
        assertEquals(List.of(keys.get(0), keys.get(1), keys.get(2), keys.get(1), keys.get(2)), seen);
        assertEquals(0, stream.pending());
        assertTrue(skipped.isEmpty());
    }

    @Test
    void aBatchFailingAtItsHead_isRetriedUntilItsRecordsReachTheMaximumAge_thenSkippedToTheFailureQueue_namingArrivalsTheReplayReads() {
        int[] invocations = {0};
        StreamEventSource source = source(event -> {
            invocations[0]++;
            return new StreamsEventResponse(List.of(new StreamsEventResponse.BatchItemFailure(
                    event.getRecords().get(0).getDynamodb().getSequenceNumber())));
        });
        List<String> keys = sameShard(2);
        keys.forEach(this::write);
        // WHEN the function fails them for an hour less than the records' maximum age
        java.time.Duration age = java.time.Duration.ofSeconds(SETTINGS.maximumRecordAgeSeconds());
        scheduler.runUntil(Scheduler.micros(age.minusHours(1)));
        // THEN the shard waits on them, retried without a count (MaximumRetryAttempts -1), nothing skipped
        int retried = invocations[0];
        assertTrue(retried > 10, "invocations in " + age.minusHours(1) + ": " + retried);
        assertTrue(skipped.isEmpty(), skipped::toString);
        // AND once they are older than MaximumRecordAgeInSeconds the whole batch is skipped
        scheduler.runUntil(Scheduler.micros(age.plusHours(1)));
        assertEquals(List.of(keys.get(0) + " RecordAgeExceeded", keys.get(1) + " RecordAgeExceeded"), skipped);
        assertTrue(source.idle());
        List<SqsMessage> messages = failures.messages();
        assertEquals(1, messages.size());
        ReplayWindow window = OnFailureReplay.windowOf(messages.get(0).body());
        assertTrue(window.contains(Scheduler.EPOCH), window::toString);
        assertTrue(messages.get(0).body().contains("\"batchSize\":2"), messages.get(0).body());
    }

    @Test
    void aRecordOlderThanTheMaximumAge_isSkippedUninvoked_andTheRecordsAfterItGoOn() {
        List<String> keys = sameShard(2);
        // GIVEN a record written 13 h before the mapping reads its shard
        write(keys.get(0));
        List<String> invoked = new ArrayList<>();
        source(event -> {
            event.getRecords().forEach(r -> invoked.add(r.getDynamodb().getKeys().get("pk").getS()));
            return new StreamsEventResponse(List.of());
        });
        scheduler.at(Scheduler.micros(java.time.Duration.ofHours(13)), () -> write(keys.get(1)));
        scheduler.runUntil(Scheduler.micros(java.time.Duration.ofHours(14)));
        // THEN it goes to the failure queue as too old, never to the function; the next one is invoked
        assertEquals(List.of(keys.get(0) + " RecordAgeExceeded"), skipped);
        assertEquals(List.of(keys.get(1)), invoked);
        assertTrue(failures.messages().get(0).body().contains("RecordAgeExceeded"));
    }

    /** {@code n} keys whose records share a shard. */
    private static List<String> sameShard(int n) {
        List<String> keys = new ArrayList<>();
        int shard = -1;
        for (int i = 0; keys.size() < n; i++) {
            String key = "PAYMENT#T" + i;
            int s = Math.floorMod(key.hashCode(), DynamoDbStream.SHARDS);
            if (shard < 0 || s == shard) {
                shard = s;
                keys.add(key);
            }
        }
        return keys;
    }
}
