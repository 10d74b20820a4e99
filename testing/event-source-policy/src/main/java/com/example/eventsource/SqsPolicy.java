package com.example.eventsource;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * An SQS event source mapping's rules ("Using Lambda with Amazon SQS",
 * https://docs.aws.amazon.com/lambda/latest/dg/with-sqs.html; "Handling errors for an SQS event
 * source in Lambda", https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-errorhandling.html;
 * "Implementing partial batch responses", the same page's section; the queue's redrive policy,
 * "Using dead-letter queues in Amazon SQS", sqs-dead-letter-queues.html):
 * <ul>
 *   <li>after the function answers, Lambda deletes the messages it did not name in
 *       {@code batchItemFailures};</li>
 *   <li>a function error fails the whole batch: nothing is deleted, every message comes back after
 *       its visibility timeout;</li>
 *   <li>a null or empty {@code itemIdentifier}, or one that is not a message id of the batch, makes
 *       Lambda treat the whole batch as failed;</li>
 *   <li>a message is hidden for the visibility timeout from each receive; one already received
 *       {@code maxReceiveCount} times moves to the dead-letter queue instead of being received
 *       again.</li>
 * </ul>
 */
public final class SqsPolicy {

    private SqsPolicy() {
    }

    /**
     * The ids of {@code batch} Lambda keeps (does not delete) after {@code invocation}: none when the
     * batch succeeded, the named ones after a valid partial response, all of them otherwise.
     */
    public static Set<String> failed(List<String> batch, Invocation invocation) {
        Set<String> all = Set.copyOf(batch);
        if (!(invocation instanceof Invocation.Answered answered)) {
            return all;
        }
        Set<String> failed = new HashSet<>();
        for (String id : answered.itemIdentifiers()) {
            if (id == null || id.isEmpty() || !all.contains(id)) {
                return all;
            }
            failed.add(id);
        }
        return Set.copyOf(failed);
    }

    /** When a message received at {@code receivedAt} becomes visible again if nobody deletes it (any one unit). */
    public static long visibleAgainAt(long receivedAt, long visibilityTimeout) {
        return receivedAt + visibilityTimeout;
    }

    /**
     * Whether a receive moves the message to the dead-letter queue instead of returning it: it was
     * received {@code maxReceiveCount} times already, and the queue has a redrive policy.
     */
    public static boolean movesToDeadLetterQueue(boolean redrivePolicy, int receivesSoFar, int maxReceiveCount) {
        return redrivePolicy && receivesSoFar >= maxReceiveCount;
    }
}
