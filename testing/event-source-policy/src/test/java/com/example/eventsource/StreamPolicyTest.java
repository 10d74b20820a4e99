package com.example.eventsource;

import static com.example.eventsource.StreamSettlement.Outcome.BISECTED;
import static com.example.eventsource.StreamSettlement.Outcome.COMPLETED;
import static com.example.eventsource.StreamSettlement.Outcome.RETRIED;
import static com.example.eventsource.StreamSettlement.Outcome.SKIPPED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each rule of {@link StreamPolicy}, named after the AWS page it follows. */
class StreamPolicyTest {

    private static final List<String> BATCH = List.of("100", "200", "300", "400");

    private static StreamRules rules(int retries, boolean bisect) {
        return new StreamRules(4, retries, bisect, -1);
    }

    private static StreamSettlement settle(StreamRules rules, ShardState shard, Invocation invocation) {
        return StreamPolicy.settle(rules, shard, BATCH, invocation);
    }

    /**
     * "Configuring partial batch response with DynamoDB and Lambda": Lambda treats a batch as a
     * complete success on an empty or null {@code batchItemFailures} list, or an empty or null
     * response; the checkpoint moves past the batch's highest sequence number.
     */
    @Test
    void configuringPartialBatchResponse_anEmptyOrNullListCompletesTheBatch() {
        StreamRules rules = rules(2, true);
        for (List<String> none : Arrays.asList(List.<String>of(), null)) {
            StreamSettlement settled = settle(rules, new ShardState(1, 2), Invocation.answered(none));
            assertEquals(new StreamSettlement(COMPLETED, 4, 1, new ShardState(0, 4)), settled);
        }
    }

    /**
     * "Configuring partial batch response with DynamoDB and Lambda": "If the batchItemFailures array
     * contains multiple items, Lambda uses the record with the lowest sequence number as the
     * checkpoint. Lambda then retries all records starting from that checkpoint."
     */
    @Test
    void configuringPartialBatchResponse_theLowestFailedSequenceNumberIsTheCheckpoint() {
        StreamSettlement settled = settle(rules(2, true), new ShardState(0, 4), Invocation.answered(List.of("400", "200")));
        assertEquals(new StreamSettlement(RETRIED, 1, 1, new ShardState(1, 4)), settled);
    }

    /**
     * "Configuring partial batch response with DynamoDB and Lambda": with BisectBatchOnFunctionError
     * and a partial response, "the batch is bisected at the returned sequence number and Lambda
     * retries only the remaining records": the rest is not halved.
     */
    @Test
    void configuringPartialBatchResponse_aPartialResponseIsNotHalvedByBisect() {
        StreamSettlement settled = settle(rules(2, true), new ShardState(0, 4), Invocation.answered(List.of("300")));
        assertEquals(new StreamSettlement(RETRIED, 2, 1, new ShardState(1, 4)), settled);
    }

    /**
     * "Configuring partial batch response with DynamoDB and Lambda": an empty string or null
     * {@code itemIdentifier}, or one with a bad key, makes Lambda treat the batch as a complete
     * failure: a retry of the whole batch, no split.
     */
    @Test
    void configuringPartialBatchResponse_anUnknownEmptyOrNullItemIdentifierFailsTheWholeBatch() {
        for (List<String> bad : List.of(List.of("200", "999"), List.of(""), Arrays.asList("300", null))) {
            StreamSettlement settled = settle(rules(2, true), new ShardState(0, 4), Invocation.answered(bad));
            assertEquals(new StreamSettlement(RETRIED, 0, 1, new ShardState(1, 4)), settled, String.valueOf(bad));
        }
    }

    /**
     * "Configuring partial batch response with DynamoDB and Lambda": Lambda treats every result but
     * full success as a complete failure "and retries processing the batch up to the retry limit".
     * The retry from the failed record counts: with MaximumRetryAttempts 0 there is none, and the
     * records from the failed one go to the on-failure destination at once (the harsher reading;
     * the page does not say a partial failure earns a free retry).
     */
    @Test
    void configuringPartialBatchResponse_withNoRetriesThePartialFailureIsSkipped() {
        StreamSettlement settled = settle(rules(0, true), new ShardState(0, 4), Invocation.answered(List.of("300")));
        assertEquals(new StreamSettlement(SKIPPED, 2, 1, new ShardState(0, 4)), settled);
    }

    /**
     * "DynamoDB Streams error handling" (services-dynamodb-errors.html): "If the function returns an
     * error, split the batch in two and retry" with BisectBatchOnFunctionError; a split "does not
     * consume the retry quota", down to one record.
     */
    @Test
    void dynamoDbStreamsErrorHandling_aFunctionErrorBisectsWithoutCountingARetry() {
        StreamSettlement settled = settle(rules(0, true), new ShardState(0, 4), Invocation.functionError());
        assertEquals(new StreamSettlement(BISECTED, 0, 0, new ShardState(0, 2)), settled);
        StreamSettlement single = StreamPolicy.settle(rules(0, true), new ShardState(0, 1), List.of("100"), Invocation.functionError());
        assertEquals(new StreamSettlement(SKIPPED, 0, 1, new ShardState(0, 4)), single);
    }

    /**
     * "DynamoDB Streams error handling": without BisectBatchOnFunctionError a function error retries
     * the whole batch, each retry counted; after MaximumRetryAttempts retries the batch is discarded
     * to the on-failure destination and the shard moves past the whole batch.
     */
    @Test
    void dynamoDbStreamsErrorHandling_retriesRunOutThenTheBatchIsSkipped() {
        StreamRules rules = rules(2, false);
        assertEquals(new StreamSettlement(RETRIED, 0, 1, new ShardState(1, 4)), settle(rules, new ShardState(0, 4), Invocation.functionError()));
        assertEquals(new StreamSettlement(RETRIED, 0, 2, new ShardState(2, 4)), settle(rules, new ShardState(1, 4), Invocation.functionError()));
        assertEquals(new StreamSettlement(SKIPPED, 0, 3, new ShardState(0, 4)), settle(rules, new ShardState(2, 4), Invocation.functionError()));
    }

    /**
     * "Lambda parameters for Amazon DynamoDB event source mappings" (services-ddb-params.html):
     * MaximumRetryAttempts "-1 means infinite: failed records are retried until the record expires".
     */
    @Test
    void dynamoDbParameters_minusOneRetriesUntilTheRecordExpires() {
        StreamSettlement settled = settle(rules(-1, false), new ShardState(10_000, 4), Invocation.functionError());
        assertEquals(new StreamSettlement(RETRIED, 0, 10_001, new ShardState(10_001, 4)), settled);
        assertThrows(IllegalArgumentException.class, () -> rules(-2, false));
    }

    /**
     * "DynamoDB Streams error handling" / services-ddb-params.html: records older than
     * MaximumRecordAgeInSeconds are discarded to the on-failure destination ({@code RecordAgeExceeded});
     * -1 means no limit.
     */
    @Test
    void dynamoDbStreamsErrorHandling_recordsOlderThanTheMaximumAgeExpire() {
        Instant now = Instant.parse("2026-03-02T12:00:00Z");
        List<Instant> created = List.of(now.minusSeconds(120), now.minusSeconds(61), now.minusSeconds(60), now);
        assertEquals(2, StreamPolicy.expired(new StreamRules(4, 2, true, 60), created, now));
        assertEquals(0, StreamPolicy.expired(new StreamRules(4, 2, true, -1), created, now));
        assertEquals(0, StreamPolicy.expired(new StreamRules(4, 2, true, 60), Arrays.asList(null, now.minusSeconds(120)), now));
    }
}
