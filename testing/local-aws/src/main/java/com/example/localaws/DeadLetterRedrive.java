package com.example.localaws;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.DeleteMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchResponse;

/**
 * A dead-letter queue moved back to a queue, for the local AWS: what SQS's dead-letter queue
 * redrive ({@code StartMessageMoveTask}, {@code aws sqs start-message-move-task}) does in AWS,
 * which moto 5.2.1 does not implement. Every message is received, sent to the destination with its
 * body and message attributes as they are, then deleted from the dead-letter queue. As after
 * SQS's redrive, each is a new message of the destination: a new message id, receive count and
 * retention period ("Learn how to configure a dead-letter queue redrive in Amazon SQS", SQS
 * Developer Guide). To a FIFO destination a message goes in its group, deduplicated by its id in
 * the dead-letter queue. A message whose send fails stays in the dead-letter queue (invisible for
 * the minute of its receive) and is counted as failed. Not SQS's task: no velocity, no task to
 * list or cancel, and it runs in the caller's thread until the dead-letter queue is empty.
 * {@link #move(SqsClient, String, String, Predicate)} moves only the messages it selects (one
 * message, one outcome), leaving the others in the dead-letter queue, visible again as it ends.
 */
public final class DeadLetterRedrive {

    private static final int SQS_MAX_BATCH = 10;
    private static final int RECEIVE_VISIBILITY_SECONDS = 60;

    /**
     * What one redrive did.
     *
     * @param moved   sent to the destination and deleted from the dead-letter queue
     * @param failed  whose send failed: still in the dead-letter queue
     * @param skipped not selected: left in the dead-letter queue, visible
     */
    public record Result(int moved, int failed, int skipped) {

        public Result {
            if (moved < 0 || failed < 0 || skipped < 0) {
                throw new IllegalArgumentException("a count is never negative");
            }
        }

        /** A redrive of every message. */
        public Result(int moved, int failed) {
            this(moved, failed, 0);
        }
    }

    private DeadLetterRedrive() {
    }

    /** Moves every message of {@code deadLetterQueueUrl} to {@code destinationUrl}. */
    public static Result move(SqsClient sqs, String deadLetterQueueUrl, String destinationUrl) {
        return move(sqs, deadLetterQueueUrl, destinationUrl, message -> true);
    }

    /**
     * Moves the messages of {@code deadLetterQueueUrl} that {@code selected} accepts (it sees their
     * message attributes) to {@code destinationUrl}; the others stay, visible again once it ends.
     */
    public static Result move(SqsClient sqs, String deadLetterQueueUrl, String destinationUrl, Predicate<Message> selected) {
        Objects.requireNonNull(deadLetterQueueUrl, "deadLetterQueueUrl");
        Objects.requireNonNull(destinationUrl, "destinationUrl");
        Objects.requireNonNull(selected, "selected");
        boolean fifo = destinationUrl.endsWith(".fifo");
        int moved = 0;
        int failed = 0;
        List<Message> left = new ArrayList<>();
        while (true) {
            List<Message> received = sqs.receiveMessage(request -> request.queueUrl(deadLetterQueueUrl)
                    .maxNumberOfMessages(SQS_MAX_BATCH).visibilityTimeout(RECEIVE_VISIBILITY_SECONDS)
                    .messageAttributeNames("All").messageSystemAttributeNames(MessageSystemAttributeName.MESSAGE_GROUP_ID))
                    .messages();
            if (received.isEmpty()) {
                for (Message message : left) {
                    sqs.changeMessageVisibility(request -> request.queueUrl(deadLetterQueueUrl)
                            .receiptHandle(message.receiptHandle()).visibilityTimeout(0));
                }
                return new Result(moved, failed, left.size());
            }
            List<Message> batch = received.stream().filter(selected).toList();
            received.stream().filter(selected.negate()).forEach(left::add);
            if (batch.isEmpty()) {
                continue;
            }
            List<SendMessageBatchRequestEntry> entries = new ArrayList<>();
            for (Message message : batch) {
                SendMessageBatchRequestEntry.Builder entry = SendMessageBatchRequestEntry.builder()
                        .id(Integer.toString(entries.size()))
                        .messageBody(message.body())
                        .messageAttributes(message.messageAttributes());
                if (fifo) {
                    entry.messageGroupId(message.attributes().getOrDefault(MessageSystemAttributeName.MESSAGE_GROUP_ID,
                            message.messageId())).messageDeduplicationId(message.messageId());
                }
                entries.add(entry.build());
            }
            SendMessageBatchResponse response = sqs.sendMessageBatch(request -> request.queueUrl(destinationUrl).entries(entries));
            Set<Integer> sent = new HashSet<>();
            response.successful().forEach(done -> sent.add(Integer.parseInt(done.id())));
            List<DeleteMessageBatchRequestEntry> deletes = new ArrayList<>();
            for (int i = 0; i < batch.size(); i++) {
                if (sent.contains(i)) {
                    deletes.add(DeleteMessageBatchRequestEntry.builder().id(Integer.toString(i))
                            .receiptHandle(batch.get(i).receiptHandle()).build());
                }
            }
            if (!deletes.isEmpty()) {
                sqs.deleteMessageBatch(request -> request.queueUrl(deadLetterQueueUrl).entries(deletes));
            }
            moved += deletes.size();
            failed += batch.size() - deletes.size();
        }
    }
}
