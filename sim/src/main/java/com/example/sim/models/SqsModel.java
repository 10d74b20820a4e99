package com.example.sim.models;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.BatchResultErrorEntry;
import software.amazon.awssdk.services.sqs.model.ChangeMessageVisibilityBatchRequest;
import software.amazon.awssdk.services.sqs.model.ChangeMessageVisibilityBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.ChangeMessageVisibilityBatchResponse;
import software.amazon.awssdk.services.sqs.model.ChangeMessageVisibilityBatchResultEntry;
import software.amazon.awssdk.services.sqs.model.ChangeMessageVisibilityRequest;
import software.amazon.awssdk.services.sqs.model.ChangeMessageVisibilityResponse;
import software.amazon.awssdk.services.sqs.model.DeleteMessageRequest;
import software.amazon.awssdk.services.sqs.model.DeleteMessageResponse;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.QueueDoesNotExistException;
import software.amazon.awssdk.services.sqs.model.ReceiptHandleIsInvalidException;
import software.amazon.awssdk.services.sqs.model.ReceiveMessageRequest;
import software.amazon.awssdk.services.sqs.model.ReceiveMessageResponse;
import software.amazon.awssdk.services.sqs.model.SendMessageRequest;
import software.amazon.awssdk.services.sqs.model.SendMessageResponse;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequest;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchResponse;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchResultEntry;

/**
 * The SQS model's queues behind the SDK's {@link SqsClient} interface: the two calls the receiver
 * makes ({@code SendMessageBatch} of its dead letters, {@code ChangeMessageVisibilityBatch} of soon
 * redelivery), each entry answered on its own as SQS does ("SendMessageBatch",
 * "ChangeMessageVisibilityBatch", Amazon SQS API Reference,
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_SendMessageBatch.html,
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_ChangeMessageVisibilityBatch.html).
 * Lambda's poller reads and deletes through {@link SqsQueue} directly. The stream publisher and the
 * operator's replay make the single-message calls: {@code SendMessage} (the set-aside records),
 * {@code ReceiveMessage} with a {@code VisibilityTimeout} of its own, {@code DeleteMessage},
 * {@code ChangeMessageVisibility} (the on-failure queue's replay) (same reference, the pages of
 * each action).
 */
public final class SqsModel implements SqsClient {

    public static final String REGION = "eu-west-1";
    public static final String ACCOUNT = "123456789012";
    private static final String SERVICE = "sqs";

    private final World world;
    private final Map<String, SqsQueue> byUrl = new LinkedHashMap<>();

    public SqsModel(World world) {
        this.world = world;
    }

    public SqsQueue createQueue(String name, long visibilityTimeoutSeconds, long retentionSeconds) {
        SqsQueue queue = new SqsQueue(name, REGION, ACCOUNT, visibilityTimeoutSeconds, retentionSeconds, world,
                () -> new UUID(world.random().nextLong(), world.random().nextLong()).toString());
        byUrl.put(queue.url(), queue);
        return queue;
    }

    public Optional<SqsQueue> queue(String url) {
        return Optional.ofNullable(byUrl.get(url));
    }

    @Override
    public String serviceName() {
        return SERVICE;
    }

    @Override
    public void close() {
    }

    @Override
    public SendMessageBatchResponse sendMessageBatch(SendMessageBatchRequest request) {
        world.toService(SERVICE, "SendMessageBatch");
        SqsQueue queue = existing(request.queueUrl());
        List<SendMessageBatchResultEntry> sent = new ArrayList<>();
        for (SendMessageBatchRequestEntry entry : request.entries()) {
            SqsMessage message = queue.send(entry.messageBody(), attributes(entry.messageAttributes()),
                    entry.delaySeconds() == null ? 0 : entry.delaySeconds(), entry.messageGroupId(),
                    entry.messageDeduplicationId());
            sent.add(SendMessageBatchResultEntry.builder().id(entry.id()).messageId(message.id()).build());
        }
        world.fromService(SERVICE, "SendMessageBatch");
        return SendMessageBatchResponse.builder().successful(sent).failed(List.of()).build();
    }

    @Override
    public ChangeMessageVisibilityBatchResponse changeMessageVisibilityBatch(ChangeMessageVisibilityBatchRequest request) {
        world.toService(SERVICE, "ChangeMessageVisibilityBatch");
        SqsQueue queue = existing(request.queueUrl());
        List<ChangeMessageVisibilityBatchResultEntry> changed = new ArrayList<>();
        List<BatchResultErrorEntry> failed = new ArrayList<>();
        for (ChangeMessageVisibilityBatchRequestEntry entry : request.entries()) {
            Optional<String> error = queue.changeVisibility(entry.receiptHandle(), entry.visibilityTimeout());
            if (error.isEmpty()) {
                changed.add(ChangeMessageVisibilityBatchResultEntry.builder().id(entry.id()).build());
            } else {
                failed.add(BatchResultErrorEntry.builder().id(entry.id()).code(error.get()).senderFault(true)
                        .message(error.get()).build());
            }
        }
        world.fromService(SERVICE, "ChangeMessageVisibilityBatch");
        return ChangeMessageVisibilityBatchResponse.builder().successful(changed).failed(failed).build();
    }

    @Override
    public SendMessageResponse sendMessage(SendMessageRequest request) {
        world.toService(SERVICE, "SendMessage");
        SqsQueue queue = existing(request.queueUrl());
        SqsMessage message = queue.send(request.messageBody(), attributes(request.messageAttributes()),
                request.delaySeconds() == null ? 0 : request.delaySeconds());
        world.fromService(SERVICE, "SendMessage");
        return SendMessageResponse.builder().messageId(message.id()).build();
    }

    /** Up to {@code MaxNumberOfMessages} (1-10, default 1) visible messages, each hidden for the request's visibility timeout, if given. */
    @Override
    public ReceiveMessageResponse receiveMessage(ReceiveMessageRequest request) {
        world.toService(SERVICE, "ReceiveMessage");
        SqsQueue queue = existing(request.queueUrl());
        int max = request.maxNumberOfMessages() == null ? 1 : request.maxNumberOfMessages();
        if (max < 1 || max > 10) {
            throw new IllegalArgumentException("InvalidParameterValue: MaxNumberOfMessages must be 1-10, was " + max);
        }
        List<Message> received = new ArrayList<>();
        for (SqsMessage message : queue.receive(max)) {
            if (request.visibilityTimeout() != null) {
                queue.changeVisibility(message.receiptHandle(), request.visibilityTimeout());
            }
            received.add(Message.builder().messageId(message.id()).receiptHandle(message.receiptHandle())
                    .body(message.body()).build());
        }
        world.fromService(SERVICE, "ReceiveMessage");
        return ReceiveMessageResponse.builder().messages(received).build();
    }

    @Override
    public DeleteMessageResponse deleteMessage(DeleteMessageRequest request) {
        world.toService(SERVICE, "DeleteMessage");
        existing(request.queueUrl()).delete(request.receiptHandle());
        world.fromService(SERVICE, "DeleteMessage");
        return DeleteMessageResponse.builder().build();
    }

    @Override
    public ChangeMessageVisibilityResponse changeMessageVisibility(ChangeMessageVisibilityRequest request) {
        world.toService(SERVICE, "ChangeMessageVisibility");
        Optional<String> error = existing(request.queueUrl()).changeVisibility(request.receiptHandle(),
                request.visibilityTimeout());
        world.fromService(SERVICE, "ChangeMessageVisibility");
        if (error.isPresent() && error.get().equals("ReceiptHandleIsInvalid")) {
            throw (ReceiptHandleIsInvalidException) ReceiptHandleIsInvalidException.builder().statusCode(400)
                    .message("The receipt handle is not valid").awsErrorDetails(AwsErrorDetails.builder()
                            .errorCode("ReceiptHandleIsInvalid").errorMessage("The receipt handle is not valid").build())
                    .build();
        }
        return ChangeMessageVisibilityResponse.builder().build();
    }

    private SqsQueue existing(String url) {
        SqsQueue queue = byUrl.get(url);
        if (queue == null) {
            world.fromService(SERVICE, "unknown queue");
            throw (QueueDoesNotExistException) QueueDoesNotExistException.builder().statusCode(400)
                    .message("The specified queue does not exist.")
                    .awsErrorDetails(AwsErrorDetails.builder().errorCode("AWS.SimpleQueueService.NonExistentQueue")
                            .errorMessage("The specified queue does not exist.").build()).build();
        }
        return queue;
    }

    /** The message attributes a dead letter is sent with are a batch entry's; kept as {type, value}. */
    private static Map<String, String[]> attributes(Map<String, software.amazon.awssdk.services.sqs.model.MessageAttributeValue> values) {
        Map<String, String[]> attributes = new HashMap<>();
        values.forEach((name, value) -> attributes.put(name, new String[] {value.dataType(), value.stringValue()}));
        return attributes;
    }
}
