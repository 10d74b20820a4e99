package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.LocalAws;
import com.example.localaws.invoke.LocalContext;
import com.example.payment.Payment;
import com.example.receiver.BatchReceiver;
import com.example.receiver.sqs.SoonRedelivery;
import com.example.receiver.telemetry.FunctionLog;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * A message that failed for a passing reason comes back in seconds, not after the queue's
 * visibility timeout: Lambda leaves a reported failure's visibility as it is ("Handling errors
 * for an SQS event source in Lambda",
 * https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-errorhandling.html), and
 * ChangeMessageVisibility restarts it from the call ("Amazon SQS visibility timeout",
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-visibility-timeout.html).
 */
class SoonRedeliveryTest extends LocalAwsTest {

    SoonRedeliveryTest(LocalAws aws) {
        super(aws);
    }

    @Test
    void aMessageLeftUnstartedForLackOfTime_comesBackInSeconds_notAfterTheVisibilityTimeout() {
        try (SqsClient sqs = aws.sqs(); DynamoDbClient dynamoDb = aws.dynamoDb()) {
            // GIVEN a queue whose visibility timeout is a minute, and a payment received from it
            String queueUrl = sqs.createQueue(request -> request.queueName("payments-soon-" + UUID.randomUUID())
                    .attributes(Map.of(QueueAttributeName.VISIBILITY_TIMEOUT, "60"))).queueUrl();
            String queueArn = sqs.getQueueAttributes(request -> request.queueUrl(queueUrl)
                    .attributeNames(QueueAttributeName.QUEUE_ARN)).attributes().get(QueueAttributeName.QUEUE_ARN);
            new Ledger(dynamoDb).openAccount("ACC-1", 10_000, "EUR");
            sqs.sendMessage(request -> request.queueUrl(queueUrl).messageBody(purchase("TXN-1", "ACC-1", "1.00", "EUR")));
            Message received = receive(sqs, queueUrl, 1).orElseThrow();
            // WHEN the function has less time left than it needs to start a message
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            SoonRedelivery soon = new SoonRedelivery(aws::sqs, Duration.ofSeconds(1), Duration.ofSeconds(2),
                    new SplittableRandom(7), new FunctionLog(new PrintStream(log, true, StandardCharsets.UTF_8),
                    Clock.systemUTC(), "payment-authorizer"));
            try (BatchReceiver<Payment> receiver = PaymentAuthorizer.create(AuthorizerRig.environment(aws, false),
                    dynamoDb, aws::secretString, Clock.systemUTC(), new PrintStream(OutputStream.nullOutputStream()))) {
                SQSBatchResponse response = new PaymentAuthorizerHandler(receiver, Optional.of(soon))
                        .handleRequest(event(received, queueArn), new LocalContext("payment-authorizer", Duration.ofSeconds(5)));
                // THEN it is reported failed, and back in the queue within seconds, received a second time
                assertEquals(List.of(received.messageId()), AuthorizerRig.failures(response));
            }
            Message again = receive(sqs, queueUrl, 10).orElseThrow(() -> new AssertionError(
                    "the message should be visible again within seconds, not after 60 s"));
            assertEquals(received.messageId(), again.messageId());
            assertEquals("2", again.attributes().get(MessageSystemAttributeName.APPROXIMATE_RECEIVE_COUNT));
            assertTrue(log.toString(StandardCharsets.UTF_8).isEmpty(), "no failure to report: " + log);
        }
    }

    private static Optional<Message> receive(SqsClient sqs, String queueUrl, int waitSeconds) {
        return sqs.receiveMessage(request -> request.queueUrl(queueUrl).waitTimeSeconds(waitSeconds)
                .messageSystemAttributeNames(MessageSystemAttributeName.ALL)).messages().stream().findFirst();
    }

    private static SQSEvent event(Message message, String queueArn) {
        SQSEvent.SQSMessage record = new SQSEvent.SQSMessage();
        record.setMessageId(message.messageId());
        record.setReceiptHandle(message.receiptHandle());
        record.setBody(message.body());
        record.setEventSource("aws:sqs");
        record.setEventSourceArn(queueArn);
        record.setAttributes(new HashMap<>(message.attributesAsStrings()));
        SQSEvent event = new SQSEvent();
        event.setRecords(List.of(record));
        return event;
    }
}
