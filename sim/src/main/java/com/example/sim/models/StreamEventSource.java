package com.example.sim.models;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.Identity;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamViewType;
import com.example.eventsource.Invocation;
import com.example.eventsource.ShardState;
import com.example.eventsource.StreamPolicy;
import com.example.eventsource.StreamRules;
import com.example.eventsource.StreamSettlement;
import com.example.payment.events.DecisionImages;
import com.example.sim.runtime.Scheduler;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiFunction;

/**
 * Lambda's event source mapping for the idempotency table's stream, as template.yaml configures
 * the publisher's ({@link StreamSettings}) and as Lambda documents it ("Using AWS Lambda with
 * Amazon DynamoDB", https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html; "Configuring
 * partial batch response with DynamoDB and Lambda",
 * https://docs.aws.amazon.com/lambda/latest/dg/services-ddb-batchfailurereporting.html;
 * "Retaining discarded records for a DynamoDB event source in Lambda",
 * https://docs.aws.amazon.com/lambda/latest/dg/services-dynamodb-errors.html): one batch per
 * shard at a time ({@code ParallelizationFactor} 1), in stream order, up to {@code BatchSize}
 * records from the checkpoint, once the batch is full or the first record waited
 * {@code MaximumBatchingWindowInSeconds}. What an invocation's end does to the shard (checkpoint,
 * bisect, retry, record age, skip) is the one event-source policy's ({@link StreamPolicy}), which
 * the local AWS's mapping over moto follows too; a skipped batch's metadata
 * ({@code DDBStreamBatchInfo}) goes to the on-failure queue.
 * Between retries the model waits 1 s, doubling to 60 s (Lambda does not document its back-off).
 */
public final class StreamEventSource {

    private static final long LONGEST_BACKOFF = 60_000_000L;

    /** Told of each batch the mapping skips to the on-failure queue. */
    public interface Skips {
        /**
         * @param records        the skipped records
         * @param condition      {@code RetryAttemptsExhausted} or {@code RecordAgeExceeded}
         * @param failingSince   when the batch's first failed attempt was (virtual micros), or now
         */
        void skipped(List<DynamoDbStream.Record> records, String condition, long failingSince);
    }

    private static final class Shard {
        final int index;
        boolean busy;
        long pollAt = Long.MAX_VALUE;
        ShardState state;
        long failingSince = -1;
        int invocations;

        Shard(int index, ShardState state) {
            this.index = index;
            this.state = state;
        }
    }

    private final Scheduler scheduler;
    private final DynamoDbStream stream;
    private final StreamSettings settings;
    private final StreamRules rules;
    private final SqsQueue failureQueue;
    private final BiFunction<DynamodbEvent, Context, StreamsEventResponse> function;
    private final DownstreamWorld world;
    private final Skips skips;
    private final List<Shard> shards = new ArrayList<>();
    private long invocations;
    private long functionErrors;
    private long skippedBatches;

    public StreamEventSource(Scheduler scheduler, DynamoDbStream stream, StreamSettings settings, SqsQueue failureQueue,
                      BiFunction<DynamodbEvent, Context, StreamsEventResponse> function, DownstreamWorld world, Skips skips) {
        this.scheduler = scheduler;
        this.stream = stream;
        this.settings = settings;
        this.rules = new StreamRules(settings.batchSize(), settings.maximumRetryAttempts(), settings.bisectOnFunctionError(),
                settings.maximumRecordAgeSeconds());
        this.failureQueue = failureQueue;
        this.function = function;
        this.world = world;
        this.skips = skips;
        for (int i = 0; i < DynamoDbStream.SHARDS; i++) {
            shards.add(new Shard(i, ShardState.fresh(rules)));
        }
        stream.onAppend(this::appended);
    }

    public long invocations() {
        return invocations;
    }

    long functionErrors() {
        return functionErrors;
    }

    public long skippedBatches() {
        return skippedBatches;
    }

    /** Whether nothing is left to do: no record waiting, no batch in flight or due. */
    public boolean idle() {
        return stream.pending() == 0 && shards.stream().noneMatch(s -> s.busy || s.pollAt != Long.MAX_VALUE);
    }

    private void appended(int index) {
        Shard shard = shards.get(index);
        if (!shard.busy && shard.state.failures() == 0) {
            pollNoLaterThan(shard, scheduler.now() + settings.batchingWindowSeconds() * 1_000_000);
        }
    }

    private void pollNoLaterThan(Shard shard, long at) {
        if (at < shard.pollAt) {
            shard.pollAt = at;
            scheduler.at(at, () -> poll(shard));
        }
    }

    private void poll(Shard shard) {
        if (scheduler.now() < shard.pollAt || shard.busy) {
            return; // brought forward since, or a batch is in flight: its end polls again
        }
        shard.pollAt = Long.MAX_VALUE;
        List<DynamoDbStream.Record> batch = stream.read(shard.index, shard.state.limit());
        if (batch.isEmpty()) {
            return;
        }
        int expired = StreamPolicy.expired(rules, batch.stream().map(DynamoDbStream.Record::created).toList(), scheduler.instant());
        if (expired > 0) {
            skip(shard, batch.subList(0, expired), "RecordAgeExceeded", shard.state.failures());
            pollNoLaterThan(shard, scheduler.now());
            return;
        }
        invoke(shard, batch);
    }

    private void invoke(Shard shard, List<DynamoDbStream.Record> batch) {
        shard.busy = true;
        invocations++;
        shard.invocations++;
        long deadline = scheduler.now() + settings.functionTimeoutSeconds() * 1_000_000;
        Context context = Environment.context(scheduler, "stream-" + shard.index + "-" + shard.invocations, deadline);
        StreamsEventResponse response = null;
        world.begin();
        try {
            response = function.apply(event(batch), context);
        } catch (DownstreamWorld.Crash crash) {
            response = null;
        } catch (RuntimeException thrown) {
            response = null; // the function threw: a function error
        } finally {
            long took = Math.max(1_000, world.end());
            StreamsEventResponse answer = took > settings.functionTimeoutSeconds() * 1_000_000 ? null : response;
            scheduler.after(took, () -> settle(shard, batch, answer));
        }
    }

    private void settle(Shard shard, List<DynamoDbStream.Record> batch, StreamsEventResponse response) {
        shard.busy = false;
        if (shard.failingSince < 0) {
            shard.failingSince = scheduler.now();
        }
        if (response == null) {
            functionErrors++;
        }
        Invocation invocation = response == null ? Invocation.functionError() : Invocation.answered(itemIdentifiers(response));
        List<String> sequenceNumbers = batch.stream().map(DynamoDbStream.Record::sequenceNumber).toList();
        StreamSettlement settled = StreamPolicy.settle(rules, shard.state, sequenceNumbers, invocation);
        if (settled.outcome() == StreamSettlement.Outcome.COMPLETED) {
            done(shard, batch.get(batch.size() - 1));
            pollNoLaterThan(shard, scheduler.now());
            return;
        }
        if (settled.done() > 0) {
            stream.advance(shard.index, batch.get(settled.done() - 1).sequence());
        }
        shard.state = settled.next();
        switch (settled.outcome()) {
            case BISECTED -> pollNoLaterThan(shard, scheduler.now());
            case RETRIED -> {
                long backoff = Math.min(LONGEST_BACKOFF, 1_000_000L << Math.min(20, settled.invokeCount() - 1));
                pollNoLaterThan(shard, scheduler.now() + backoff);
            }
            default -> {
                skip(shard, batch.subList(settled.done(), batch.size()), "RetryAttemptsExhausted", settled.invokeCount());
                pollNoLaterThan(shard, scheduler.now());
            }
        }
    }

    private static List<String> itemIdentifiers(StreamsEventResponse response) {
        if (response.getBatchItemFailures() == null) {
            return null;
        }
        return response.getBatchItemFailures().stream().map(StreamsEventResponse.BatchItemFailure::getItemIdentifier).toList();
    }

    private void done(Shard shard, DynamoDbStream.Record last) {
        stream.advance(shard.index, last.sequence());
        shard.state = ShardState.fresh(rules);
        shard.failingSince = -1;
    }

    /** Lambda's on-failure record of a skipped batch, in the on-failure queue; the shard moves past it. */
    private void skip(Shard shard, List<DynamoDbStream.Record> batch, String condition, int invokeCount) {
        skippedBatches++;
        skips.skipped(batch, condition, shard.failingSince < 0 ? scheduler.now() : shard.failingSince);
        DynamoDbStream.Record first = batch.get(0);
        DynamoDbStream.Record last = batch.get(batch.size() - 1);
        String body = "{\"requestContext\":{\"requestId\":\"" + new UUID(scheduler.random().nextLong(), scheduler.random().nextLong())
                + "\",\"condition\":\"" + condition + "\",\"approximateInvokeCount\":" + invokeCount + "},"
                + "\"version\":\"1.0\",\"timestamp\":\"" + scheduler.instant() + "\","
                + "\"DDBStreamBatchInfo\":{\"shardId\":\"shardId-" + shard.index + "\",\"startSequenceNumber\":\""
                + first.sequenceNumber() + "\",\"endSequenceNumber\":\"" + last.sequenceNumber() + "\",\"batchSize\":"
                + batch.size() + ",\"streamArn\":\"" + streamArn() + "\",\"approximateArrivalOfFirstRecord\":\""
                + arrival(first) + "\",\"approximateArrivalOfLastRecord\":\"" + arrival(last) + "\"}}";
        failureQueue.send(body, Map.of(), 0);
        done(shard, last);
    }

    /** A record's {@code ApproximateCreationDateTime}: whole seconds. */
    private static Instant arrival(DynamoDbStream.Record record) {
        return record.created().truncatedTo(ChronoUnit.SECONDS);
    }

    private DynamodbEvent event(List<DynamoDbStream.Record> batch) {
        List<DynamodbEvent.DynamodbStreamRecord> records = new ArrayList<>(batch.size());
        for (DynamoDbStream.Record record : batch) {
            StreamRecord change = new StreamRecord();
            change.setKeys(DecisionImages.image(record.keys()));
            record.newImage().ifPresent(image -> change.setNewImage(DecisionImages.image(image)));
            change.setSequenceNumber(record.sequenceNumber());
            change.setStreamViewType(StreamViewType.NEW_IMAGE);
            change.setApproximateCreationDateTime(Date.from(arrival(record)));
            DynamodbEvent.DynamodbStreamRecord streamRecord = new DynamodbEvent.DynamodbStreamRecord();
            streamRecord.setEventID(Long.toHexString(record.sequence()));
            streamRecord.setEventName(record.eventName());
            streamRecord.setEventSource("aws:dynamodb");
            streamRecord.setEventVersion("1.1");
            streamRecord.setAwsRegion(SqsModel.REGION);
            streamRecord.setEventSourceARN(streamArn());
            streamRecord.setDynamodb(change);
            if (record.byService()) {
                streamRecord.setUserIdentity(new Identity().withType("Service").withPrincipalId("dynamodb.amazonaws.com"));
            }
            records.add(streamRecord);
        }
        DynamodbEvent event = new DynamodbEvent();
        event.setRecords(records);
        return event;
    }

    /** The stream's ARN, as Lambda names it in each record and in the on-failure queue's batch info. */
    private String streamArn() {
        return "arn:aws:dynamodb:" + SqsModel.REGION + ":" + SqsModel.ACCOUNT + ":table/" + stream.table()
                + "/stream/2026-03-02T00:00:00.000";
    }
}
