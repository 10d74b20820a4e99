package com.example.localaws.mapping;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.eventsource.Invocation;
import com.example.eventsource.SqsPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.DeleteMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;

/**
 * An SQS event source mapping with {@code ReportBatchItemFailures}, as Lambda runs it (what a
 * batch's result deletes is the one event-source policy's, {@link SqsPolicy}, which the
 * simulation's Lambda model follows too):
 * <ul>
 *   <li>receives up to {@code batchSize} messages (several receives of at most 10);</li>
 *   <li>invokes the function once with them as an {@link SQSEvent}, with every system attribute
 *       and every message attribute, as Lambda does;</li>
 *   <li>deletes every message the response does not list in {@code batchItemFailures};</li>
 *   <li>deletes nothing when the function throws, or when its response names an id that was not
 *       in the batch, or a null or empty one (Lambda then treats the whole batch as failed);</li>
 *   <li>leaves failures alone: the queue makes them visible again after its visibility timeout,
 *       and its redrive policy moves a message to the DLQ after {@code maxReceiveCount}
 *       receives.</li>
 * </ul>
 */
public final class SqsEventSourceMapping {

    private static final int SQS_MAX_RECEIVE = 10;

    /** What one poll did. */
    public record Poll(int received, int deleted, int failed) {
    }

    private final SqsClient sqs;
    private final String queueUrl;
    private final String queueArn;
    private final String region;
    private final int batchSize;
    private final Duration wait;
    private final Function<SQSEvent, SQSBatchResponse> function;

    /**
     * @param batchSize the mapping's {@code BatchSize}
     * @param wait      how long one receive waits for a first message (long polling)
     * @param function  the function, invoked once per non-empty batch
     */
    public SqsEventSourceMapping(SqsClient sqs, String queueUrl, String region, int batchSize, Duration wait,
                                 Function<SQSEvent, SQSBatchResponse> function) {
        this.sqs = Objects.requireNonNull(sqs, "sqs");
        this.queueUrl = Objects.requireNonNull(queueUrl, "queueUrl");
        this.region = Objects.requireNonNull(region, "region");
        this.batchSize = batchSize;
        this.wait = Objects.requireNonNull(wait, "wait");
        this.function = Objects.requireNonNull(function, "function");
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be at least 1");
        }
        this.queueArn = sqs.getQueueAttributes(request -> request.queueUrl(queueUrl)
                .attributeNamesWithStrings("QueueArn")).attributesAsStrings().get("QueueArn");
    }

    /** Receives one batch, invokes the function, settles the batch. */
    public Poll pollOnce() {
        List<Message> batch = receive();
        if (batch.isEmpty()) {
            return new Poll(0, 0, 0);
        }
        Set<String> failed = failedIds(batch);
        List<Message> done = batch.stream().filter(message -> !failed.contains(message.messageId())).toList();
        delete(done);
        return new Poll(batch.size(), done.size(), batch.size() - done.size());
    }

    private List<Message> receive() {
        List<Message> batch = new ArrayList<>();
        boolean first = true;
        while (batch.size() < batchSize) {
            int wanted = Math.min(SQS_MAX_RECEIVE, batchSize - batch.size());
            int waitSeconds = first ? (int) wait.toSeconds() : 0;
            List<Message> received = sqs.receiveMessage(request -> request.queueUrl(queueUrl)
                    .maxNumberOfMessages(wanted)
                    .waitTimeSeconds(waitSeconds)
                    .messageSystemAttributeNames(MessageSystemAttributeName.ALL)
                    .messageAttributeNames("All")).messages();
            first = false;
            if (received.isEmpty()) {
                break;
            }
            batch.addAll(received);
        }
        return batch;
    }

    /** The ids to keep: those the function reported, or all of them when the invoke failed. */
    private Set<String> failedIds(List<Message> batch) {
        Invocation invocation;
        try {
            SQSBatchResponse response = function.apply(event(batch));
            invocation = Invocation.answered(response == null || response.getBatchItemFailures() == null ? null
                    : response.getBatchItemFailures().stream().map(SQSBatchResponse.BatchItemFailure::getItemIdentifier).toList());
        } catch (RuntimeException e) {
            invocation = Invocation.functionError();
        }
        return SqsPolicy.failed(batch.stream().map(Message::messageId).toList(), invocation);
    }

    private SQSEvent event(List<Message> batch) {
        List<SQSEvent.SQSMessage> records = new ArrayList<>();
        for (Message message : batch) {
            SQSEvent.SQSMessage record = new SQSEvent.SQSMessage();
            record.setMessageId(message.messageId());
            record.setReceiptHandle(message.receiptHandle());
            record.setBody(message.body());
            record.setMd5OfBody(message.md5OfBody());
            record.setAttributes(new HashMap<>(message.attributesAsStrings()));
            record.setMessageAttributes(messageAttributes(message));
            record.setMd5OfMessageAttributes(message.md5OfMessageAttributes());
            record.setEventSource("aws:sqs");
            record.setEventSourceArn(queueArn);
            record.setAwsRegion(region);
            records.add(record);
        }
        SQSEvent event = new SQSEvent();
        event.setRecords(records);
        return event;
    }

    /** The message's attributes as Lambda gives them: every attribute, with empty lists where SQS has none. */
    private static Map<String, SQSEvent.MessageAttribute> messageAttributes(Message message) {
        Map<String, SQSEvent.MessageAttribute> attributes = new HashMap<>();
        message.messageAttributes().forEach((name, value) -> {
            SQSEvent.MessageAttribute attribute = new SQSEvent.MessageAttribute();
            attribute.setDataType(value.dataType());
            attribute.setStringValue(value.stringValue());
            if (value.binaryValue() != null) {
                attribute.setBinaryValue(value.binaryValue().asByteBuffer());
            }
            attribute.setStringListValues(List.copyOf(value.stringListValues()));
            attribute.setBinaryListValues(value.binaryListValues().stream().map(SdkBytes::asByteBuffer).toList());
            attributes.put(name, attribute);
        });
        return attributes;
    }

    private void delete(List<Message> done) {
        for (int from = 0; from < done.size(); from += SQS_MAX_RECEIVE) {
            List<DeleteMessageBatchRequestEntry> entries = done.subList(from, Math.min(done.size(), from + SQS_MAX_RECEIVE))
                    .stream()
                    .map(message -> DeleteMessageBatchRequestEntry.builder()
                            .id(message.messageId()).receiptHandle(message.receiptHandle()).build())
                    .toList();
            sqs.deleteMessageBatch(request -> request.queueUrl(queueUrl).entries(entries));
        }
    }
}
