package com.example.sim.model;

import java.util.ArrayList;
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
import software.amazon.awssdk.services.sqs.model.QueueDoesNotExistException;
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
 * Lambda's poller reads and deletes through {@link SqsQueue} directly.
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
            SqsMessage message = queue.send(entry.messageBody(), SqsQueue.attributes(entry.messageAttributes()),
                    entry.delaySeconds() == null ? 0 : entry.delaySeconds(), null, entry.messageGroupId(),
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
}
