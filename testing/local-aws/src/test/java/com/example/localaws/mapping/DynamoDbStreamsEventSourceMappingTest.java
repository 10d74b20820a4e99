package com.example.localaws.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;

/**
 * The local DynamoDB Streams event source mapping settles batches as Lambda documents:
 * "Configuring partial batch response with DynamoDB and Lambda"
 * (https://docs.aws.amazon.com/lambda/latest/dg/services-ddb-batchfailurereporting.html): the lowest
 * returned sequence number is the checkpoint and every record from it is retried; with
 * BisectBatchOnFunctionError a partial response is "bisected at the returned sequence number" and
 * only the remaining records retried, while a failed invocation is halved; and "Retaining discarded
 * records for a DynamoDB event source in Lambda"
 * (https://docs.aws.amazon.com/lambda/latest/dg/services-dynamodb-errors.html): a split does not
 * count against MaximumRetryAttempts; after them the batch's metadata goes to the on-failure
 * destination and the shard moves past it.
 */
@ExtendWith(LocalAwsExtension.class)
class DynamoDbStreamsEventSourceMappingTest {

    private static final String TABLE = "IdempotencyTable";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final LocalAws aws;
    private DynamoDbClient dynamoDb;
    private SqsClient sqs;
    private String onFailureQueueUrl;
    /** Every key the function was given, one entry per delivery, in order. */
    private final List<String> delivered = new ArrayList<>();
    /** Every batch the function was given, as its keys. */
    private final List<List<String>> batches = new ArrayList<>();
    private DynamoDbStreamsClient streams;

    DynamoDbStreamsEventSourceMappingTest(LocalAws aws) {
        this.aws = aws;
    }

    @BeforeEach
    void freshTable() {
        aws.resetTables();
        dynamoDb = aws.dynamoDb();
        sqs = aws.sqs();
        streams = aws.dynamoDbStreams();
        onFailureQueueUrl = sqs.createQueue(r -> r.queueName("on-failure-" + UUID.randomUUID().toString().substring(0, 8)))
                .queueUrl();
        for (int i = 1; i <= 6; i++) {
            String key = "K" + i;
            dynamoDb.putItem(r -> r.tableName(TABLE).item(Map.of("pk", AttributeValue.fromS(key))));
        }
    }

    @AfterEach
    void close() {
        streams.close();
        sqs.close();
        dynamoDb.close();
    }

    private DynamoDbStreamsEventSourceMapping mapping(int batchSize, int retries, boolean bisect,
                                                      Function<List<String>, StreamsEventResponse> function) {
        return new DynamoDbStreamsEventSourceMapping(streams, sqs,
                DynamoDbStreamsEventSourceMapping.streamArnOf(dynamoDb, TABLE), "us-east-1",
                new DynamoDbStreamsEventSourceMapping.Settings(batchSize, retries, bisect, onFailureQueueUrl),
                event -> {
                    List<String> keys = keys(event);
                    delivered.addAll(keys);
                    batches.add(keys);
                    return function.apply(keys);
                }, Clock.systemUTC());
    }

    private static List<String> keys(DynamodbEvent event) {
        return event.getRecords().stream().map(r -> r.getDynamodb().getKeys().get("pk").getS()).toList();
    }

    @Test
    void partialFailure_resumesFromTheFailedRecord() {
        // GIVEN a function that fails K3 the first time it sees it
        boolean[] failedOnce = {false};
        DynamoDbStreamsEventSourceMapping mapping = mapping(10, 3, false, keys -> {
            if (keys.contains("K3") && !failedOnce[0]) {
                failedOnce[0] = true;
                return failure(sequenceOf(keys.indexOf("K3")));
            }
            return new StreamsEventResponse(List.of());
        });
        // WHEN it polls twice
        DynamoDbStreamsEventSourceMapping.Poll first = mapping.pollOnce();
        DynamoDbStreamsEventSourceMapping.Poll second = mapping.pollOnce();
        // THEN K1, K2 were done once; the second batch began at K3
        assertEquals(new DynamoDbStreamsEventSourceMapping.Poll(6, 2, 4, 0), first);
        assertEquals(new DynamoDbStreamsEventSourceMapping.Poll(4, 4, 0, 0), second);
        assertEquals(List.of("K1", "K2", "K3", "K4", "K5", "K6", "K3", "K4", "K5", "K6"), delivered);
        assertEquals(0, mapping.pollOnce().delivered());
    }

    @Test
    void functionThatThrowsOnOneRecord_isBisectedDownToIt_retriedBoundedly_thenRecordedOnFailure() throws Exception {
        // GIVEN a function that throws whenever K4 is in its batch
        DynamoDbStreamsEventSourceMapping mapping = mapping(10, 2, true, keys -> {
            if (keys.contains("K4")) {
                throw new IllegalStateException("poison");
            }
            return new StreamsEventResponse(List.of());
        });
        // WHEN it polls until nothing is left (bounded)
        for (int i = 0; i < 20 && mapping.pollOnce().delivered() > 0; i++) {
            // keep polling
        }
        // THEN the batch was halved until K4 stood alone (a split is no retry), K4 alone was
        // tried 1 + 2 times, every other record was completed once, and the on-failure queue
        // names K4 alone
        assertEquals(List.of(List.of("K1", "K2", "K3", "K4", "K5", "K6"), List.of("K1", "K2", "K3"),
                List.of("K4", "K5", "K6"), List.of("K4", "K5"), List.of("K4"), List.of("K4"), List.of("K4"),
                List.of("K5", "K6")), batches);
        List<Message> failures = sqs.receiveMessage(r -> r.queueUrl(onFailureQueueUrl).maxNumberOfMessages(10)).messages();
        assertEquals(1, failures.size());
        JsonNode info = JSON.readTree(failures.get(0).body()).path("DDBStreamBatchInfo");
        assertEquals(1, info.path("batchSize").asInt());
        assertEquals(info.path("startSequenceNumber"), info.path("endSequenceNumber"));
    }

    @Test
    void partialFailureAtTheFirstRecord_isRetriedWhole_neverBisected_thenTheWholeBatchGoesToOnFailure() throws Exception {
        // GIVEN a function that always reports K1, the first record, as failed (bisection on)
        DynamoDbStreamsEventSourceMapping mapping = mapping(10, 2, true, keys -> keys.contains("K1")
                ? failure(sequenceOf(keys.indexOf("K1"))) : new StreamsEventResponse(List.of()));
        // WHEN it polls until nothing is left (bounded)
        for (int i = 0; i < 20 && mapping.pollOnce().delivered() > 0; i++) {
            // keep polling
        }
        // THEN the whole batch was tried 1 + 2 times, never halved, and then its metadata, all six
        // records, went to the on-failure queue: the good records K2..K6 were skipped with it
        assertEquals(List.of(List.of("K1", "K2", "K3", "K4", "K5", "K6"), List.of("K1", "K2", "K3", "K4", "K5", "K6"),
                List.of("K1", "K2", "K3", "K4", "K5", "K6")), batches);
        List<Message> failures = sqs.receiveMessage(r -> r.queueUrl(onFailureQueueUrl).maxNumberOfMessages(10)).messages();
        assertEquals(1, failures.size());
        JsonNode record = JSON.readTree(failures.get(0).body());
        assertEquals(6, record.path("DDBStreamBatchInfo").path("batchSize").asInt());
        assertEquals(sequenceOf(0), record.path("DDBStreamBatchInfo").path("startSequenceNumber").asText());
        assertEquals(sequenceOf(5), record.path("DDBStreamBatchInfo").path("endSequenceNumber").asText());
        assertEquals(3, record.path("requestContext").path("approximateInvokeCount").asInt());
        assertEquals(false, record.path("DDBStreamBatchInfo").path("approximateArrivalOfFirstRecord").isMissingNode());
    }

    /**
     * "Configuring partial batch response with DynamoDB and Lambda": every result but full success
     * is retried "up to the retry limit"; the retry from the failed record counts, so with
     * MaximumRetryAttempts 0 the records from it go to the on-failure queue at once (the
     * event-source policy's reading, which the simulation shares).
     */
    @Test
    void partialFailureWithNoRetries_skipsTheRestOfTheBatchToOnFailure() throws Exception {
        // GIVEN a function that always reports K3 as failed, and no retries
        DynamoDbStreamsEventSourceMapping mapping = mapping(10, 0, true, keys -> keys.contains("K3")
                ? failure(sequenceOf(keys.indexOf("K3"))) : new StreamsEventResponse(List.of()));
        // WHEN it polls twice
        DynamoDbStreamsEventSourceMapping.Poll first = mapping.pollOnce();
        DynamoDbStreamsEventSourceMapping.Poll second = mapping.pollOnce();
        // THEN K1, K2 were done, K3..K6 were skipped at once, and nothing was retried
        assertEquals(new DynamoDbStreamsEventSourceMapping.Poll(6, 2, 0, 4), first);
        assertEquals(new DynamoDbStreamsEventSourceMapping.Poll(0, 0, 0, 0), second);
        List<Message> failures = sqs.receiveMessage(r -> r.queueUrl(onFailureQueueUrl).maxNumberOfMessages(10)).messages();
        assertEquals(1, failures.size());
        JsonNode record = JSON.readTree(failures.get(0).body());
        assertEquals(4, record.path("DDBStreamBatchInfo").path("batchSize").asInt());
        assertEquals(sequenceOf(2), record.path("DDBStreamBatchInfo").path("startSequenceNumber").asText());
        assertEquals("RetryAttemptsExhausted", record.path("requestContext").path("condition").asText());
    }

    /**
     * "Lambda parameters for Amazon DynamoDB event source mappings": records older than
     * MaximumRecordAgeInSeconds are not sent; they go to the on-failure queue ({@code RecordAgeExceeded}).
     */
    @Test
    void recordsOlderThanTheMaximumAge_goToOnFailureUnsent() throws Exception {
        // GIVEN a mapping whose clock is an hour ahead of the records, with a 60 s maximum age
        DynamoDbStreamsEventSourceMapping mapping = new DynamoDbStreamsEventSourceMapping(streams, sqs,
                DynamoDbStreamsEventSourceMapping.streamArnOf(dynamoDb, TABLE), "us-east-1",
                new DynamoDbStreamsEventSourceMapping.Settings(10, 2, true, onFailureQueueUrl, 60), event -> {
                    delivered.addAll(keys(event));
                    return new StreamsEventResponse(List.of());
                }, Clock.offset(Clock.systemUTC(), Duration.ofHours(1)));
        // WHEN it polls
        DynamoDbStreamsEventSourceMapping.Poll first = mapping.pollOnce();
        // THEN no record reached the function, and all six went to the on-failure queue
        assertEquals(new DynamoDbStreamsEventSourceMapping.Poll(0, 0, 0, 6), first);
        assertEquals(List.of(), delivered);
        List<Message> failures = sqs.receiveMessage(r -> r.queueUrl(onFailureQueueUrl).maxNumberOfMessages(10)).messages();
        assertEquals(1, failures.size());
        JsonNode record = JSON.readTree(failures.get(0).body());
        assertEquals("RecordAgeExceeded", record.path("requestContext").path("condition").asText());
        assertEquals(6, record.path("DDBStreamBatchInfo").path("batchSize").asInt());
    }

    @Test
    void responseNamingARecordNotInTheBatch_failsTheWholeBatch_withoutBisecting() {
        // GIVEN a function whose response names a sequence number of no record of the batch, once
        boolean[] answered = {false};
        DynamoDbStreamsEventSourceMapping mapping = mapping(10, 3, true, keys -> {
            if (!answered[0]) {
                answered[0] = true;
                return failure("not-a-sequence-number");
            }
            return new StreamsEventResponse(List.of());
        });
        // WHEN it polls twice
        DynamoDbStreamsEventSourceMapping.Poll first = mapping.pollOnce();
        DynamoDbStreamsEventSourceMapping.Poll second = mapping.pollOnce();
        // THEN the first batch failed whole and came again whole
        assertEquals(new DynamoDbStreamsEventSourceMapping.Poll(6, 0, 6, 0), first);
        assertEquals(new DynamoDbStreamsEventSourceMapping.Poll(6, 6, 0, 0), second);
    }

    private StreamsEventResponse failure(String sequence) {
        return new StreamsEventResponse(List.of(new StreamsEventResponse.BatchItemFailure(sequence)));
    }

    /** The sequence number of the record at {@code index} of the stream, read back through the Streams API. */
    private String sequenceOf(int index) {
        String arn = DynamoDbStreamsEventSourceMapping.streamArnOf(dynamoDb, TABLE);
        String shard = streams.describeStream(r -> r.streamArn(arn)).streamDescription().shards().get(0).shardId();
        String iterator = streams.getShardIterator(r -> r.streamArn(arn).shardId(shard).shardIteratorType("TRIM_HORIZON"))
                .shardIterator();
        return streams.getRecords(r -> r.shardIterator(iterator)).records().get(index).dynamodb().sequenceNumber();
    }
}
