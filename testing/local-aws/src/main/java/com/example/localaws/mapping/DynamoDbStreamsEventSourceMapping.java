package com.example.localaws.mapping;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * A DynamoDB Streams event source mapping with {@code ReportBatchItemFailures}, as Lambda documents
 * it ("Configuring partial batch response with DynamoDB and Lambda",
 * https://docs.aws.amazon.com/lambda/latest/dg/services-ddb-batchfailurereporting.html, and
 * "Retaining discarded records for a DynamoDB event source in Lambda",
 * https://docs.aws.amazon.com/lambda/latest/dg/services-dynamodb-errors.html), one invocation per
 * shard and poll, records in stream order:
 * <ul>
 *   <li>a batch is up to {@code batchSize} records from the shard's checkpoint on;</li>
 *   <li>an empty or null {@code batchItemFailures} completes the batch: the checkpoint moves past
 *       it;</li>
 *   <li>failures name sequence numbers: the lowest one is the checkpoint, the records before it
 *       are done, and the batch is retried from it (with {@code BisectBatchOnFunctionError}, Lambda
 *       "bisects at the returned sequence number and retries only the remaining records": the
 *       remaining records are <em>not</em> halved). A retry counts against
 *       {@code maximumRetryAttempts}, even when the failure is at the batch's first record;</li>
 *   <li>a null, empty or unknown {@code itemIdentifier} fails the whole batch (a retry, no
 *       split);</li>
 *   <li>a function <em>error</em> (it throws, or its response is Lambda's error document) fails
 *       the whole batch; with {@code bisectBatchOnFunctionError} the batch is split in two and the
 *       first half retried, down to one record; a split does not count as a retry;</li>
 *   <li>after {@code maximumRetryAttempts} retries of the batch that heads the shard, the batch's
 *       metadata (shard, first and last sequence numbers, size, stream, arrival times) goes to the
 *       on-failure destination, an SQS queue, in Lambda's {@code DDBStreamBatchInfo} shape, and the
 *       shard moves past the <em>whole</em> batch: every record in it is skipped, good ones
 *       included.</li>
 * </ul>
 * The checkpoint is kept in this object, as Lambda keeps it in the mapping; a new mapping starts
 * at the shard's oldest record ({@code TRIM_HORIZON}). {@code MaximumRecordAgeInSeconds} is not
 * modelled (the local runs are shorter than any age the template allows).
 */
public final class DynamoDbStreamsEventSourceMapping {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The mapping's settings.
     *
     * @param batchSize                  {@code BatchSize}, 1-10000
     * @param maximumRetryAttempts       {@code MaximumRetryAttempts}, 0-10000 (unbounded is refused:
     *                                   it would block the shard behind a poison record)
     * @param bisectBatchOnFunctionError {@code BisectBatchOnFunctionError}
     * @param onFailureQueueUrl          {@code DestinationConfig.OnFailure}: the SQS queue receiving
     *                                   the metadata of discarded batches
     */
    public record Settings(int batchSize, int maximumRetryAttempts, boolean bisectBatchOnFunctionError,
                           String onFailureQueueUrl) {

        public Settings {
            if (batchSize < 1 || batchSize > 10_000) {
                throw new IllegalArgumentException("batchSize must be 1-10000");
            }
            if (maximumRetryAttempts < 0 || maximumRetryAttempts > 10_000) {
                throw new IllegalArgumentException("maximumRetryAttempts must be 0-10000");
            }
            Objects.requireNonNull(onFailureQueueUrl, "onFailureQueueUrl");
        }
    }

    /**
     * What one poll did, in records.
     *
     * @param delivered records given to the function
     * @param done      records the checkpoint moved past because the function completed them
     * @param failed    records of the batch not completed (to be retried)
     * @param discarded records the checkpoint moved past after the retries ran out (their batch's
     *                  metadata is in the on-failure destination)
     */
    public record Poll(int delivered, int done, int failed, int discarded) {
    }

    /** Where a shard stands. */
    private static final class ShardState {
        private String checkpoint;
        private int limit;
        private int failures;

        ShardState(int limit) {
            this.limit = limit;
        }
    }

    private final DynamoDbStreamsClient streams;
    private final SqsClient sqs;
    private final String streamArn;
    private final String region;
    private final Settings settings;
    private final Function<DynamodbEvent, StreamsEventResponse> function;
    private final Clock clock;
    private final Map<String, ShardState> shards = new HashMap<>();

    public DynamoDbStreamsEventSourceMapping(DynamoDbStreamsClient streams, SqsClient sqs, String streamArn, String region,
                                             Settings settings, Function<DynamodbEvent, StreamsEventResponse> function,
                                             Clock clock) {
        this.streams = Objects.requireNonNull(streams, "streams");
        this.sqs = Objects.requireNonNull(sqs, "sqs");
        this.streamArn = Objects.requireNonNull(streamArn, "streamArn");
        this.region = Objects.requireNonNull(region, "region");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.function = Objects.requireNonNull(function, "function");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The ARN of {@code table}'s current stream. */
    public static String streamArnOf(DynamoDbClient dynamoDb, String table) {
        String arn = dynamoDb.describeTable(request -> request.tableName(table)).table().latestStreamArn();
        if (arn == null) {
            throw new IllegalStateException("table " + table + " has no stream");
        }
        return arn;
    }

    /**
     * The position reached: the last sequence number completed (or discarded to the on-failure
     * destination) of every shard polled so far, by shard id.
     */
    public synchronized Map<String, String> checkpoints() {
        Map<String, String> checkpoints = new HashMap<>();
        shards.forEach((shardId, state) -> {
            if (state.checkpoint != null) {
                checkpoints.put(shardId, state.checkpoint);
            }
        });
        return Map.copyOf(checkpoints);
    }

    /**
     * Resumes each shard of {@code checkpoints} after its sequence number instead of at the
     * stream's oldest record, as a mapping resumes from the position it kept (an earlier process's
     * {@link #checkpoints()}). Call it before the first poll.
     */
    public synchronized void resumeFrom(Map<String, String> checkpoints) {
        checkpoints.forEach((shardId, sequence) ->
                shards.computeIfAbsent(shardId, id -> new ShardState(settings.batchSize())).checkpoint = sequence);
    }

    /** Reads one batch from every shard that has records, invokes, and settles it. */
    public synchronized Poll pollOnce() {
        Poll total = new Poll(0, 0, 0, 0);
        for (Shard shard : streams.describeStream(request -> request.streamArn(streamArn)).streamDescription().shards()) {
            Poll poll = pollShard(shard.shardId(), shards.computeIfAbsent(shard.shardId(), id -> new ShardState(settings.batchSize())));
            total = new Poll(total.delivered() + poll.delivered(), total.done() + poll.done(),
                    total.failed() + poll.failed(), total.discarded() + poll.discarded());
        }
        return total;
    }

    private Poll pollShard(String shardId, ShardState state) {
        String iterator = streams.getShardIterator(request -> {
            request.streamArn(streamArn).shardId(shardId);
            if (state.checkpoint == null) {
                request.shardIteratorType(ShardIteratorType.TRIM_HORIZON);
            } else {
                request.shardIteratorType(ShardIteratorType.AFTER_SEQUENCE_NUMBER).sequenceNumber(state.checkpoint);
            }
        }).shardIterator();
        List<Record> batch = streams.getRecords(request -> request.shardIterator(iterator).limit(state.limit)).records();
        if (batch.isEmpty()) {
            return new Poll(0, 0, 0, 0);
        }
        Result result = invoke(batch);
        if (result.failedAt() < 0) {
            complete(state, batch.get(batch.size() - 1));
            return new Poll(batch.size(), batch.size(), 0, 0);
        }
        if (result.functionError() && settings.bisectBatchOnFunctionError() && batch.size() > 1) {
            state.limit = (batch.size() + 1) / 2;
            return new Poll(batch.size(), 0, batch.size(), 0);
        }
        int failedAt = result.failedAt();
        if (failedAt > 0) {
            // Progress: the records before the failure are done; the batch is retried from the
            // failed one, and that retry counts.
            state.checkpoint = sequence(batch.get(failedAt - 1));
            state.failures = 1;
            return new Poll(batch.size(), failedAt, batch.size() - failedAt, 0);
        }
        state.failures++;
        if (state.failures <= settings.maximumRetryAttempts()) {
            return new Poll(batch.size(), 0, batch.size(), 0);
        }
        sendToOnFailureDestination(shardId, batch, state.failures);
        complete(state, batch.get(batch.size() - 1));
        return new Poll(batch.size(), 0, 0, batch.size());
    }

    /**
     * How an invocation ended.
     *
     * @param failedAt      the index of the first failed record: -1 when none, 0 when the whole
     *                      batch failed
     * @param functionError whether the function itself failed (threw): only that bisects
     */
    private record Result(int failedAt, boolean functionError) {
    }

    private void complete(ShardState state, Record last) {
        state.checkpoint = sequence(last);
        state.failures = 0;
        state.limit = settings.batchSize();
    }

    private Result invoke(List<Record> batch) {
        StreamsEventResponse response;
        try {
            response = function.apply(StreamRecords.event(batch, streamArn, region));
        } catch (RuntimeException e) {
            return new Result(0, true);
        }
        if (response == null || response.getBatchItemFailures() == null || response.getBatchItemFailures().isEmpty()) {
            return new Result(-1, false);
        }
        int first = Integer.MAX_VALUE;
        for (StreamsEventResponse.BatchItemFailure failure : response.getBatchItemFailures()) {
            int index = failure.getItemIdentifier() == null ? -1 : indexOf(batch, failure.getItemIdentifier());
            if (index < 0) {
                return new Result(0, false);
            }
            first = Math.min(first, index);
        }
        return new Result(first, false);
    }

    private static int indexOf(List<Record> batch, String sequenceNumber) {
        for (int i = 0; i < batch.size(); i++) {
            if (sequence(batch.get(i)).equals(sequenceNumber)) {
                return i;
            }
        }
        return -1;
    }

    private static String sequence(Record record) {
        return record.dynamodb().sequenceNumber();
    }

    /** Lambda's on-failure record for a stream batch whose retries ran out. */
    private void sendToOnFailureDestination(String shardId, List<Record> batch, int invocations) {
        ObjectNode message = JSON.createObjectNode();
        message.putObject("requestContext")
                .put("requestId", UUID.randomUUID().toString())
                .put("condition", "RetryAttemptsExhausted")
                .put("approximateInvokeCount", invocations);
        message.put("version", "1.0").put("timestamp", clock.instant().toString());
        ObjectNode info = message.putObject("DDBStreamBatchInfo")
                .put("shardId", shardId)
                .put("startSequenceNumber", sequence(batch.get(0)))
                .put("endSequenceNumber", sequence(batch.get(batch.size() - 1)))
                .put("batchSize", batch.size())
                .put("streamArn", streamArn);
        if (batch.get(0).dynamodb().approximateCreationDateTime() != null) {
            info.put("approximateArrivalOfFirstRecord", batch.get(0).dynamodb().approximateCreationDateTime().toString());
            info.put("approximateArrivalOfLastRecord",
                    batch.get(batch.size() - 1).dynamodb().approximateCreationDateTime().toString());
        }
        sqs.sendMessage(request -> request.queueUrl(settings.onFailureQueueUrl()).messageBody(message.toString()));
    }
}
