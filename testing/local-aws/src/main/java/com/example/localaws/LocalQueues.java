package com.example.localaws;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.DeleteMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;

/**
 * What a harness does to its own queues on the local AWS: make one with a redrive policy to a
 * dead-letter queue, send bodies into one (ten a {@code SendMessageBatch}, SQS's most), and take
 * everything out of one. The demo, the reliability scenarios and the downstream topology share
 * these, so that each says only which queues it wants; what a test reads without taking is
 * {@link QueueContents}'.
 */
public final class LocalQueues {

    private static final int SQS_MAX_BATCH = 10;

    private LocalQueues() {
    }

    /**
     * A queue whose messages move to {@code deadLetterQueueUrl} after {@code maxReceiveCount} receives.
     *
     * @param sqs                a client of the local AWS
     * @param name               the queue's name
     * @param visibilitySeconds  its visibility timeout
     * @param deadLetterQueueUrl the dead-letter queue's URL
     * @param maxReceiveCount    receives before a message moves there
     * @return the queue's URL
     */
    public static String withDeadLetterQueue(SqsClient sqs, String name, long visibilitySeconds, String deadLetterQueueUrl,
                                             int maxReceiveCount) {
        return sqs.createQueue(request -> request.queueName(name).attributes(Map.of(
                QueueAttributeName.VISIBILITY_TIMEOUT, Long.toString(visibilitySeconds),
                QueueAttributeName.REDRIVE_POLICY, "{\"deadLetterTargetArn\":\"" + arn(sqs, deadLetterQueueUrl)
                        + "\",\"maxReceiveCount\":\"" + maxReceiveCount + "\"}"))).queueUrl();
    }

    /**
     * A queue's ARN.
     *
     * @param sqs      a client of the local AWS
     * @param queueUrl the queue's URL
     * @return its {@code QueueArn}
     */
    public static String arn(SqsClient sqs, String queueUrl) {
        return sqs.getQueueAttributes(request -> request.queueUrl(queueUrl).attributeNames(QueueAttributeName.QUEUE_ARN))
                .attributes().get(QueueAttributeName.QUEUE_ARN);
    }

    /**
     * Sends each body, as it is, as one message, in order.
     *
     * @param sqs      a client of the local AWS
     * @param queueUrl the queue's URL
     * @param bodies   the messages' bodies
     */
    public static void send(SqsClient sqs, String queueUrl, List<String> bodies) {
        for (int from = 0; from < bodies.size(); from += SQS_MAX_BATCH) {
            List<String> chunk = bodies.subList(from, Math.min(bodies.size(), from + SQS_MAX_BATCH));
            List<SendMessageBatchRequestEntry> entries = new ArrayList<>();
            for (int i = 0; i < chunk.size(); i++) {
                entries.add(SendMessageBatchRequestEntry.builder().id("m" + i).messageBody(chunk.get(i)).build());
            }
            sqs.sendMessageBatch(request -> request.queueUrl(queueUrl).entries(entries));
        }
    }

    /**
     * Every message visible in the queue, with its message attributes, received and deleted.
     *
     * @param sqs      a client of the local AWS
     * @param queueUrl the queue's URL
     * @return the messages, in the order received
     */
    public static List<Message> take(SqsClient sqs, String queueUrl) {
        List<Message> taken = new ArrayList<>();
        while (true) {
            List<Message> messages = sqs.receiveMessage(request -> request.queueUrl(queueUrl).maxNumberOfMessages(SQS_MAX_BATCH)
                    .messageAttributeNames("All")).messages();
            if (messages.isEmpty()) {
                return taken;
            }
            taken.addAll(messages);
            List<DeleteMessageBatchRequestEntry> entries = new ArrayList<>();
            for (int i = 0; i < messages.size(); i++) {
                entries.add(DeleteMessageBatchRequestEntry.builder().id("m" + i).receiptHandle(messages.get(i).receiptHandle()).build());
            }
            sqs.deleteMessageBatch(request -> request.queueUrl(queueUrl).entries(entries));
        }
    }
}
