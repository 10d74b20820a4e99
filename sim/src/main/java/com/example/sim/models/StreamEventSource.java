package com.example.sim.models;

import com.example.sim.StreamSettings;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.Identity;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamViewType;
import com.example.payment.events.DecisionImages;
import com.example.sim.models.DynamoDbStream;
import com.example.sim.models.SqsModel;
import com.example.sim.models.SqsQueue;
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
 * https://docs.aws.amazon.com/lambda/latest/dg/services-dynamodb-errors.html), the same rules as
 * testing/local-aws's mapping over moto:
 * <ul>
 *   <li>one batch per shard at a time ({@code ParallelizationFactor} 1), in stream order: up to
 *       {@code BatchSize} records from the checkpoint, once the batch is full or the first record
 *       waited {@code MaximumBatchingWindowInSeconds};</li>
 *   <li>an empty {@code batchItemFailures} completes the batch; a partial response names the
 *       sequence number to retry from: the records before it are done, the batch is retried from
 *       it ("bisected at the returned sequence number"), and that retry counts;</li>
 *   <li>an unknown or empty item identifier fails the whole batch; a function error (a crash, a
 *       timeout, a throw) with {@code BisectBatchOnFunctionError} halves the batch, which "does
 *       not consume the retry quota", down to one record;</li>
 *   <li>after {@code MaximumRetryAttempts} retries, or when a record is older than
 *       {@code MaximumRecordAgeInSeconds}, the batch's metadata ({@code DDBStreamBatchInfo}) goes
 *       to the on-failure queue and the shard moves past the whole batch.</li>
 * </ul>
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
        int failures;
        int limit;
        long failingSince = -1;
        int invocations;

        Shard(int index, int limit) {
            this.index = index;
            this.limit = limit;
        }
    }

    private final Scheduler scheduler;
    private final DynamoDbStream stream;
    private final StreamSettings settings;
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
        this.failureQueue = failureQueue;
        this.function = function;
        this.world = world;
        this.skips = skips;
        for (int i = 0; i < DynamoDbStream.SHARDS; i++) {
            shards.add(new Shard(i, settings.batchSize()));
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
        if (!shard.busy && shard.failures == 0) {
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
        List<DynamoDbStream.Record> batch = stream.read(shard.index, shard.limit);
        if (batch.isEmpty()) {
            return;
        }
        Instant tooOld = scheduler.instant().minusSeconds(settings.maximumRecordAgeSeconds());
        if (batch.get(0).created().isBefore(tooOld)) {
            List<DynamoDbStream.Record> expired = batch.stream().filter(r -> r.created().isBefore(tooOld)).toList();
            skip(shard, expired, "RecordAgeExceeded");
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
        int failedAt = response == null ? 0 : failedAt(batch, response);
        if (failedAt < 0) {
            done(shard, batch.get(batch.size() - 1));
            pollNoLaterThan(shard, scheduler.now());
            return;
        }
        if (response == null) {
            functionErrors++;
            if (settings.bisectOnFunctionError() && batch.size() > 1) {
                shard.limit = (batch.size() + 1) / 2; // a split does not count as a retry
                pollNoLaterThan(shard, scheduler.now());
                return;
            }
        }
        if (failedAt > 0) {
            stream.advance(shard.index, batch.get(failedAt - 1).sequence());
            shard.failures = 1;
        } else {
            shard.failures++;
        }
        if (shard.failures <= settings.maximumRetryAttempts()) {
            long backoff = Math.min(LONGEST_BACKOFF, 1_000_000L << Math.min(20, shard.failures - 1));
            pollNoLaterThan(shard, scheduler.now() + backoff);
            return;
        }
        skip(shard, batch.subList(failedAt, batch.size()), "RetryAttemptsExhausted");
        pollNoLaterThan(shard, scheduler.now());
    }

    /** The index of the first record to retry from: -1 when the batch is done, 0 for the whole batch. */
    private static int failedAt(List<DynamoDbStream.Record> batch, StreamsEventResponse response) {
        if (response.getBatchItemFailures() == null || response.getBatchItemFailures().isEmpty()) {
            return -1;
        }
        int first = Integer.MAX_VALUE;
        for (StreamsEventResponse.BatchItemFailure failure : response.getBatchItemFailures()) {
            int index = -1;
            for (int i = 0; i < batch.size() && failure.getItemIdentifier() != null; i++) {
                if (batch.get(i).sequenceNumber().equals(failure.getItemIdentifier())) {
                    index = i;
                }
            }
            if (index < 0) {
                return 0; // an unknown identifier: the whole batch failed
            }
            first = Math.min(first, index);
        }
        return first;
    }

    private void done(Shard shard, DynamoDbStream.Record last) {
        stream.advance(shard.index, last.sequence());
        shard.failures = 0;
        shard.failingSince = -1;
        shard.limit = settings.batchSize();
    }

    /** Lambda's on-failure record of a skipped batch, in the on-failure queue; the shard moves past it. */
    private void skip(Shard shard, List<DynamoDbStream.Record> batch, String condition) {
        skippedBatches++;
        skips.skipped(batch, condition, shard.failingSince < 0 ? scheduler.now() : shard.failingSince);
        DynamoDbStream.Record first = batch.get(0);
        DynamoDbStream.Record last = batch.get(batch.size() - 1);
        String body = "{\"requestContext\":{\"requestId\":\"" + new UUID(scheduler.random().nextLong(), scheduler.random().nextLong())
                + "\",\"condition\":\"" + condition + "\",\"approximateInvokeCount\":" + shard.failures + "},"
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
