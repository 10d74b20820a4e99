package com.example.localaws;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;

/** What a test reads of a local queue and of the event a batch came in: the dead-letter tests' readings, in one place. */
public final class QueueContents {

    private QueueContents() {
    }

    /**
     * Every message the queue holds now, each received once (hidden for a minute), with its message and system attributes.
     *
     * @param sqs   a client of the local AWS
     * @param queue the queue's URL
     * @return the messages, in the order received
     */
    public static List<Message> receiveAll(SqsClient sqs, String queue) {
        List<Message> all = new ArrayList<>();
        while (true) {
            List<Message> got = sqs.receiveMessage(request -> request.queueUrl(queue).maxNumberOfMessages(10)
                    .visibilityTimeout(60).messageAttributeNames("All")
                    .messageSystemAttributeNames(MessageSystemAttributeName.ALL)).messages();
            if (got.isEmpty()) {
                return all;
            }
            all.addAll(got);
        }
    }

    /**
     * The queue's messages, visible or not.
     *
     * @param sqs   a client of the local AWS
     * @param queue the queue's URL
     * @return {@code ApproximateNumberOfMessages} + {@code ApproximateNumberOfMessagesNotVisible}
     */
    public static int backlog(SqsClient sqs, String queue) {
        Map<String, String> counts = sqs.getQueueAttributes(request -> request.queueUrl(queue).attributeNamesWithStrings(
                "ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible")).attributesAsStrings();
        return Integer.parseInt(counts.get("ApproximateNumberOfMessages"))
                + Integer.parseInt(counts.get("ApproximateNumberOfMessagesNotVisible"));
    }

    /**
     * The messages by body (bodies distinct).
     *
     * @param messages received messages
     * @return each message under its body
     */
    public static Map<String, Message> byBody(List<Message> messages) {
        return messages.stream().collect(Collectors.toMap(Message::body, message -> message));
    }

    /**
     * A received message's attributes, as text.
     *
     * @param message a received message
     * @return its message attributes' string values, by name
     */
    public static Map<String, String> attributes(Message message) {
        Map<String, String> attributes = new HashMap<>();
        message.messageAttributes().forEach((name, value) -> attributes.put(name, value.stringValue()));
        return attributes;
    }

    /**
     * The record of {@code event} with {@code body}.
     *
     * @param event a batch
     * @param body  one of its bodies
     * @return the first record with that body
     */
    public static SQSEvent.SQSMessage record(SQSEvent event, String body) {
        return event.getRecords().stream().filter(record -> record.getBody().equals(body)).findFirst().orElseThrow();
    }

    /**
     * When SQS first delivered a record, as a dead letter names it.
     *
     * @param record a record of a batch
     * @return its {@code ApproximateFirstReceiveTimestamp} as an instant's text
     */
    public static String firstReceivedAt(SQSEvent.SQSMessage record) {
        return Instant.ofEpochMilli(Long.parseLong(record.getAttributes().get("ApproximateFirstReceiveTimestamp"))).toString();
    }
}
