package com.example.localaws.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/** The local SQS event source mapping settles batches with Lambda's redelivery semantics. */
@ExtendWith(LocalAwsExtension.class)
class SqsEventSourceMappingTest {

    private static final int MAX_RECEIVE_COUNT = 5;

    private final SqsClient sqs;

    SqsEventSourceMappingTest(LocalAws aws) {
        this.sqs = aws.sqs();
    }

    @Test
    void failuresAreRedelivered_untilTheyPassOrReachTheDlqAfterMaxReceiveCount() {
        // GIVEN a queue with a 1 s visibility timeout and a DLQ after 5 receives
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String dlqUrl = sqs.createQueue(r -> r.queueName("dlq-" + suffix)).queueUrl();
        String dlqArn = sqs.getQueueAttributes(r -> r.queueUrl(dlqUrl).attributeNames(QueueAttributeName.QUEUE_ARN))
                .attributes().get(QueueAttributeName.QUEUE_ARN);
        String queueUrl = sqs.createQueue(r -> r.queueName("source-" + suffix).attributes(Map.of(
                QueueAttributeName.VISIBILITY_TIMEOUT, "1",
                QueueAttributeName.REDRIVE_POLICY,
                "{\"deadLetterTargetArn\":\"" + dlqArn + "\",\"maxReceiveCount\":\"" + MAX_RECEIVE_COUNT + "\"}"))).queueUrl();
        for (String body : List.of("flaky", "poison", "fine")) {
            sqs.sendMessage(r -> r.queueUrl(queueUrl).messageBody(body));
        }
        // AND a function that fails "flaky" twice, "poison" always, and "fine" never
        Map<String, AtomicInteger> invocations = new ConcurrentHashMap<>();
        SqsEventSourceMapping mapping = new SqsEventSourceMapping(sqs, queueUrl, "us-east-1", 10, Duration.ZERO, event -> {
            List<SQSBatchResponse.BatchItemFailure> failures = new ArrayList<>();
            for (SQSEvent.SQSMessage message : event.getRecords()) {
                int seen = invocations.computeIfAbsent(message.getBody(), b -> new AtomicInteger()).incrementAndGet();
                boolean fails = message.getBody().equals("poison") || (message.getBody().equals("flaky") && seen <= 2);
                if (fails) {
                    failures.add(new SQSBatchResponse.BatchItemFailure(message.getMessageId()));
                }
            }
            return new SQSBatchResponse(failures);
        });

        // WHEN the mapping polls until poison reached the DLQ and flaky passed (bounded), then
        // 3 s more, past the visibility timeout, to show that nothing else comes back
        Instant deadline = Instant.now().plusSeconds(60);
        while (Instant.now().isBefore(deadline) && !(visible(dlqUrl) == 1 && invocations.get("flaky").get() >= 3)) {
            mapping.pollOnce();
            sleep(Duration.ofMillis(200));
        }
        Instant quiet = Instant.now().plusSeconds(3);
        while (Instant.now().isBefore(quiet)) {
            mapping.pollOnce();
            sleep(Duration.ofMillis(200));
        }

        // THEN flaky ran three times and was deleted; fine ran once; poison was received
        // exactly maxReceiveCount times and sits in the DLQ
        assertEquals(3, invocations.get("flaky").get());
        assertEquals(1, invocations.get("fine").get());
        assertEquals(MAX_RECEIVE_COUNT, invocations.get("poison").get());
        List<String> dead = sqs.receiveMessage(r -> r.queueUrl(dlqUrl).maxNumberOfMessages(10)).messages()
                .stream().map(Message::body).toList();
        assertEquals(List.of("poison"), dead);
    }

    @Test
    void functionThatThrows_deletesNothing() {
        String queueUrl = sqs.createQueue(r -> r.queueName("throws-" + UUID.randomUUID().toString().substring(0, 8))
                .attributes(Map.of(QueueAttributeName.VISIBILITY_TIMEOUT, "30"))).queueUrl();
        sqs.sendMessage(r -> r.queueUrl(queueUrl).messageBody("a"));
        sqs.sendMessage(r -> r.queueUrl(queueUrl).messageBody("b"));
        SqsEventSourceMapping mapping = new SqsEventSourceMapping(sqs, queueUrl, "us-east-1", 10, Duration.ZERO, event -> {
            throw new IllegalStateException("function crashed");
        });
        SqsEventSourceMapping.Poll poll = mapping.pollOnce();
        assertEquals(new SqsEventSourceMapping.Poll(2, 0, 2), poll);
        assertEquals(2, inFlight(queueUrl));
    }

    private int visible(String queueUrl) {
        return attribute(queueUrl, QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES);
    }

    private int inFlight(String queueUrl) {
        return attribute(queueUrl, QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE);
    }

    private int attribute(String queueUrl, QueueAttributeName name) {
        return Integer.parseInt(sqs.getQueueAttributes(r -> r.queueUrl(queueUrl).attributeNames(name)).attributes().get(name));
    }

    private static void sleep(Duration pause) {
        try {
            Thread.sleep(pause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
