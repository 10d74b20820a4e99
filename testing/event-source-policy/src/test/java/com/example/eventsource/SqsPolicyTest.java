package com.example.eventsource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Each rule of {@link SqsPolicy}, named after the AWS page it follows. */
class SqsPolicyTest {

    private static final List<String> BATCH = List.of("m1", "m2", "m3");

    /**
     * "Implementing partial batch responses" (services-sqs-errorhandling.html): Lambda treats a
     * batch as a complete success when the function returns an empty or null
     * {@code batchItemFailures} list, or a null response.
     */
    @Test
    void implementingPartialBatchResponses_anEmptyOrNullListDeletesTheWholeBatch() {
        assertEquals(Set.of(), SqsPolicy.failed(BATCH, Invocation.answered(List.of())));
        assertEquals(Set.of(), SqsPolicy.failed(BATCH, Invocation.answered(null)));
    }

    /**
     * "Implementing partial batch responses": the function "returns the IDs of the failed
     * messages" and Lambda deletes the others; only the named ones come back.
     */
    @Test
    void implementingPartialBatchResponses_onlyTheNamedMessagesAreKept() {
        assertEquals(Set.of("m2"), SqsPolicy.failed(BATCH, Invocation.answered(List.of("m2"))));
        assertEquals(Set.of("m1", "m3"), SqsPolicy.failed(BATCH, Invocation.answered(List.of("m3", "m1"))));
    }

    /**
     * "Implementing partial batch responses": Lambda treats the batch as a complete failure when
     * the response has an empty string or null {@code itemIdentifier}, or an {@code itemIdentifier}
     * with a bad key (not a message of the batch).
     */
    @Test
    void implementingPartialBatchResponses_anUnknownEmptyOrNullItemIdentifierFailsTheWholeBatch() {
        Set<String> all = Set.copyOf(BATCH);
        assertEquals(all, SqsPolicy.failed(BATCH, Invocation.answered(List.of("m1", "not-in-the-batch"))));
        assertEquals(all, SqsPolicy.failed(BATCH, Invocation.answered(List.of("m1", ""))));
        assertEquals(all, SqsPolicy.failed(BATCH, Invocation.answered(Arrays.asList("m1", null))));
    }

    /**
     * "Handling errors for an SQS event source in Lambda": when the function returns an error,
     * "Lambda treats the whole batch as a complete failure" and deletes nothing; the messages come
     * back after the visibility timeout.
     */
    @Test
    void handlingErrorsForAnSqsEventSource_aFunctionErrorFailsTheWholeBatch() {
        assertEquals(Set.copyOf(BATCH), SqsPolicy.failed(BATCH, Invocation.functionError()));
    }

    /**
     * "Using Lambda with Amazon SQS" (with-sqs.html): a received message is hidden for the queue's
     * visibility timeout; undeleted, it is visible again when the timeout ends.
     */
    @Test
    void usingLambdaWithAmazonSqs_anUndeletedMessageComesBackAfterTheVisibilityTimeout() {
        assertEquals(130, SqsPolicy.visibleAgainAt(100, 30));
    }

    /**
     * "Handling errors for an SQS event source in Lambda" / the queue's redrive policy
     * (sqs-dead-letter-queues.html): once a message has been received {@code maxReceiveCount}
     * times, the next receive moves it to the dead-letter queue; without a redrive policy it stays.
     */
    @Test
    void handlingErrorsForAnSqsEventSource_theRedrivePolicyMovesAMessagePastMaxReceiveCount() {
        assertFalse(SqsPolicy.movesToDeadLetterQueue(true, 2, 3));
        assertTrue(SqsPolicy.movesToDeadLetterQueue(true, 3, 3));
        assertFalse(SqsPolicy.movesToDeadLetterQueue(false, 5, 3));
    }
}
