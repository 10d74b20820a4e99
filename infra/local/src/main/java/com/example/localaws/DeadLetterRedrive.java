package com.example.localaws;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
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
 */
public final class DeadLetterRedrive {

    private static final int SQS_MAX_BATCH = 10;
    private static final int RECEIVE_VISIBILITY_SECONDS = 60;

    /** What one redrive did. */
    public record Result(int moved, int failed) {
    }

    private DeadLetterRedrive() {
    }

    /** Moves every message of {@code deadLetterQueueUrl} to {@code destinationUrl}. */
    public static Result move(SqsClient sqs, String deadLetterQueueUrl, String destinationUrl) {
        Objects.requireNonNull(deadLetterQueueUrl, "deadLetterQueueUrl");
        Objects.requireNonNull(destinationUrl, "destinationUrl");
        boolean fifo = destinationUrl.endsWith(".fifo");
        int moved = 0;
        int failed = 0;
        while (true) {
            List<Message> batch = sqs.receiveMessage(request -> request.queueUrl(deadLetterQueueUrl)
                    .maxNumberOfMessages(SQS_MAX_BATCH).visibilityTimeout(RECEIVE_VISIBILITY_SECONDS)
                    .messageAttributeNames("All").messageSystemAttributeNames(MessageSystemAttributeName.MESSAGE_GROUP_ID))
                    .messages();
            if (batch.isEmpty()) {
                return new Result(moved, failed);
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
