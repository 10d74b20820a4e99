package com.example.localaws.mapping;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.example.eventsource.Invocation;
import com.example.eventsource.ShardState;
import com.example.eventsource.StreamPolicy;
import com.example.eventsource.StreamRules;
import com.example.eventsource.StreamSettlement;
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
 * shard and poll, records in stream order: a batch is up to {@code batchSize} records from the
 * shard's checkpoint on. What an invocation's end does to the shard (checkpoint at the lowest
 * failed sequence number, bisect on a function error, retries, skip) and which records are too
 * old are the one event-source policy's ({@link StreamPolicy}), which the simulation's stream
 * model follows too. A function <em>error</em> is a throw, or a response that is Lambda's error
 * document. A skipped batch's metadata (shard, first and last sequence numbers, size, stream,
 * arrival times) goes to the on-failure destination, an SQS queue, in Lambda's
 * {@code DDBStreamBatchInfo} shape, with the condition {@code RetryAttemptsExhausted} or
 * {@code RecordAgeExceeded}.
 * The checkpoint is kept in this object, as Lambda keeps it in the mapping; a new mapping starts
 * at the shard's oldest record ({@code TRIM_HORIZON}). A record's age is read from its
 * {@code ApproximateCreationDateTime} against this mapping's clock.
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
     * @param maximumRecordAgeSeconds    {@code MaximumRecordAgeInSeconds}, -1 (no limit) or up to 604800
     */
    public record Settings(int batchSize, int maximumRetryAttempts, boolean bisectBatchOnFunctionError,
                           String onFailureQueueUrl, long maximumRecordAgeSeconds) {

        public Settings {
            if (batchSize < 1 || batchSize > 10_000) {
                throw new IllegalArgumentException("batchSize must be 1-10000");
            }
            if (maximumRetryAttempts < 0 || maximumRetryAttempts > 10_000) {
                throw new IllegalArgumentException("maximumRetryAttempts must be 0-10000");
            }
            Objects.requireNonNull(onFailureQueueUrl, "onFailureQueueUrl");
            rules(batchSize, maximumRetryAttempts, bisectBatchOnFunctionError, maximumRecordAgeSeconds);
        }

        /** Settings with no {@code MaximumRecordAgeInSeconds} (-1, Lambda's default). */
        public Settings(int batchSize, int maximumRetryAttempts, boolean bisectBatchOnFunctionError, String onFailureQueueUrl) {
            this(batchSize, maximumRetryAttempts, bisectBatchOnFunctionError, onFailureQueueUrl, StreamRules.UNLIMITED);
        }

        /** The policy's view of these settings. */
        StreamRules rules() {
            return rules(batchSize, maximumRetryAttempts, bisectBatchOnFunctionError, maximumRecordAgeSeconds);
        }

        private static StreamRules rules(int batchSize, int retries, boolean bisect, long maximumRecordAgeSeconds) {
            return new StreamRules(batchSize, retries, bisect, maximumRecordAgeSeconds);
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

    /** Where a shard stands: its checkpoint, and the policy's state of the batch at it. */
    private static final class Position {
        private String checkpoint;
        private ShardState state;

        Position(ShardState state) {
            this.state = state;
        }
    }

    private final DynamoDbStreamsClient streams;
    private final SqsClient sqs;
    private final String streamArn;
    private final String region;
    private final Settings settings;
    private final Function<DynamodbEvent, StreamsEventResponse> function;
    private final Clock clock;
    private final Map<String, Position> shards = new HashMap<>();

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
                shards.computeIfAbsent(shardId, id -> new Position(ShardState.fresh(settings.rules()))).checkpoint = sequence);
    }

    /** Reads one batch from every shard that has records, invokes, and settles it. */
    public synchronized Poll pollOnce() {
        Poll total = new Poll(0, 0, 0, 0);
        for (Shard shard : streams.describeStream(request -> request.streamArn(streamArn)).streamDescription().shards()) {
            Poll poll = pollShard(shard.shardId(), shards.computeIfAbsent(shard.shardId(), id -> new Position(ShardState.fresh(settings.rules()))));
            total = new Poll(total.delivered() + poll.delivered(), total.done() + poll.done(),
                    total.failed() + poll.failed(), total.discarded() + poll.discarded());
        }
        return total;
    }

    private Poll pollShard(String shardId, Position position) {
        String iterator = streams.getShardIterator(request -> {
            request.streamArn(streamArn).shardId(shardId);
            if (position.checkpoint == null) {
                request.shardIteratorType(ShardIteratorType.TRIM_HORIZON);
            } else {
                request.shardIteratorType(ShardIteratorType.AFTER_SEQUENCE_NUMBER).sequenceNumber(position.checkpoint);
            }
        }).shardIterator();
        List<Record> batch = streams.getRecords(request -> request.shardIterator(iterator).limit(position.state.limit())).records();
        if (batch.isEmpty()) {
            return new Poll(0, 0, 0, 0);
        }
        int expired = StreamPolicy.expired(settings.rules(),
                batch.stream().map(record -> record.dynamodb().approximateCreationDateTime()).toList(), clock.instant());
        if (expired > 0) {
            sendToOnFailureDestination(shardId, batch.subList(0, expired), "RecordAgeExceeded", position.state.failures());
            complete(position, batch.get(expired - 1));
            return new Poll(0, 0, 0, expired);
        }
        StreamSettlement settled = StreamPolicy.settle(settings.rules(), position.state,
                batch.stream().map(DynamoDbStreamsEventSourceMapping::sequence).toList(), invoke(batch));
        int done = settled.done();
        if (done > 0) {
            position.checkpoint = sequence(batch.get(done - 1));
        }
        position.state = settled.next();
        return switch (settled.outcome()) {
            case COMPLETED -> {
                complete(position, batch.get(batch.size() - 1));
                yield new Poll(batch.size(), batch.size(), 0, 0);
            }
            case BISECTED, RETRIED -> new Poll(batch.size(), done, batch.size() - done, 0);
            case SKIPPED -> {
                sendToOnFailureDestination(shardId, batch.subList(done, batch.size()), "RetryAttemptsExhausted",
                        settled.invokeCount());
                complete(position, batch.get(batch.size() - 1));
                yield new Poll(batch.size(), done, 0, batch.size() - done);
            }
        };
    }

    private void complete(Position position, Record last) {
        position.checkpoint = sequence(last);
        position.state = ShardState.fresh(settings.rules());
    }

    /** How the function's invocation ended: a throw (or Lambda's error document) is a function error. */
    private Invocation invoke(List<Record> batch) {
        StreamsEventResponse response;
        try {
            response = function.apply(StreamRecords.event(batch, streamArn, region));
        } catch (RuntimeException e) {
            return Invocation.functionError();
        }
        if (response == null || response.getBatchItemFailures() == null) {
            return Invocation.answered(null);
        }
        return Invocation.answered(response.getBatchItemFailures().stream()
                .map(StreamsEventResponse.BatchItemFailure::getItemIdentifier).toList());
    }

    private static String sequence(Record record) {
        return record.dynamodb().sequenceNumber();
    }

    /** Lambda's on-failure record for a stream batch whose retries ran out, or whose records are too old. */
    private void sendToOnFailureDestination(String shardId, List<Record> batch, String condition, int invocations) {
        ObjectNode message = JSON.createObjectNode();
        message.putObject("requestContext")
                .put("requestId", UUID.randomUUID().toString())
                .put("condition", condition)
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
