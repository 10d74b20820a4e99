package com.example.receiver.internal.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.receiver.fixtures.SqsEvents;
import com.example.receiver.internal.InboundMessage;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Lambda's SQS event into {@link InboundMessage}s: what a producer set on a message and when SQS
 * accepted it reach the receiver. Message attributes are String, Number or Binary, the Number's
 * value given as its {@code StringValue} ("Amazon SQS message attributes",
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-message-metadata.html);
 * {@code SentTimestamp} is epoch milliseconds ("ReceiveMessage",
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_ReceiveMessage.html).
 */
class SqsBatchTest {

    @Test
    void textMessageAttributes_andSentTimestamp_reachTheInboundMessage() {
        SQSEvent.SQSMessage record = record(Map.of("SentTimestamp", "1796000000250", "ApproximateReceiveCount", "1"));
        record.setMessageAttributes(Map.of(
                "signature", SqsEvents.attribute("String", "ab12"),
                "signature-timestamp", SqsEvents.attribute("Number", "1796000000"),
                "channel", SqsEvents.attribute("String.channel", "pos"),
                "thumbnail", binary()));
        InboundMessage message = SqsBatch.messages(SqsEvents.of(List.of(record))).get(0);
        assertEquals(Map.of("signature", "ab12", "signature-timestamp", "1796000000", "channel", "pos"), message.attributes());
        assertEquals(Optional.of(Instant.parse("2026-11-30T00:53:20.250Z")), message.sentAt());
        assertEquals(Optional.empty(), message.groupId());
    }

    @Test
    void aRecordWithoutAttributes_hasNone_andNoSendingTime() {
        SQSEvent.SQSMessage record = record(Map.of("SentTimestamp", "yesterday"));
        InboundMessage message = SqsBatch.messages(SqsEvents.of(List.of(record))).get(0);
        assertEquals(Map.of(), message.attributes());
        assertEquals(Optional.empty(), message.sentAt());
    }

    private static SQSEvent.SQSMessage record(Map<String, String> attributes) {
        return SqsEvents.delivery("m-1", "{}", attributes);
    }

    private static SQSEvent.MessageAttribute binary() {
        SQSEvent.MessageAttribute attribute = new SQSEvent.MessageAttribute();
        attribute.setDataType("Binary");
        attribute.setBinaryValue(ByteBuffer.wrap(new byte[] {1, 2}));
        return attribute;
    }
}
