package com.example.receiver.internal.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The queue URL a visibility change is sent to, from the event's {@code eventSourceARN}. */
class SoonRedeliveryQueueUrlTest {

    @Test
    void queueUrl_isBuiltFromTheEventSourceArn() {
        assertEquals(Optional.of("https://sqs.eu-west-1.amazonaws.com/123456789012/payments"),
                SoonRedelivery.queueUrl("arn:aws:sqs:eu-west-1:123456789012:payments"));
        assertEquals(Optional.of("https://sqs.cn-north-1.amazonaws.com.cn/123456789012/payments.fifo"),
                SoonRedelivery.queueUrl("arn:aws-cn:sqs:cn-north-1:123456789012:payments.fifo"));
    }

    @Test
    void anythingButAnSqsArn_hasNoQueueUrl() {
        assertEquals(Optional.empty(), SoonRedelivery.queueUrl("arn:aws:sns:eu-west-1:123456789012:payments"));
        assertEquals(Optional.empty(), SoonRedelivery.queueUrl("payments"));
        assertEquals(Optional.empty(), SoonRedelivery.queueUrl("arn:aws:sqs:eu-west-1::payments"));
    }
}
