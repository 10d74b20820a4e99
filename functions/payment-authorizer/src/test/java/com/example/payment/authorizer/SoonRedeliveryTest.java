package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdafakes.LambdaContext;
import com.example.localaws.InProcessFunction;
import com.example.localaws.LocalAws;
import com.example.payment.Payment;
import com.example.receiver.lambda.IdempotentReceiver;
import com.example.receiver.lambda.ReceiverVariables;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
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

    private final AtomicInteger sqsClientsBuilt = new AtomicInteger();

    SoonRedeliveryTest(LocalAws aws) {
        super(aws);
    }

    @Test
    void aMessageLeftUnstartedForLackOfTime_comesBackInSeconds_notAfterTheVisibilityTimeout() {
        try (SqsClient sqs = aws.sqs(); DynamoDbClient dynamoDb = aws.dynamoDb();
             InProcessFunction function = InProcessFunction.of(aws, "PaymentAuthorizerFunction")) {
            // GIVEN a queue whose visibility timeout is a minute, and a payment received from it
            Queue queue = queueWithOnePaymentReceived(sqs, dynamoDb);
            Message received = queue.received();
            // WHEN the function has less time left than it needs to start a message (its own SQS
            // client signs as the function: make rehearse checks the call it makes)
            function.initialised();
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            try (IdempotentReceiver<Payment> receiver = PaymentAuthorizer.builder(AuthorizerRig.environment(aws, false),
                    dynamoDb, aws::secretString, Clock.systemUTC(), new PrintStream(log, true, StandardCharsets.UTF_8),
                    new SecureRandom()).sqs(function::sqs).soonRedeliveryWithin(Duration.ofSeconds(1), Duration.ofSeconds(2))
                    .random(new SplittableRandom(7)).build()) {
                SQSBatchResponse response = new PaymentAuthorizerHandler(receiver)
                        .handleRequest(event(received, queue.arn()), LambdaContext.startingNow("payment-authorizer", Duration.ofSeconds(5)));
                // THEN it is reported failed, and back in the queue within seconds, received a second time
                assertEquals(List.of(received.messageId()), AuthorizerRig.failures(response));
            }
            Message again = receive(sqs, queue.url(), 10).orElseThrow(() -> new AssertionError(
                    "the message should be visible again within seconds, not after 60 s"));
            assertEquals(received.messageId(), again.messageId());
            assertEquals("2", again.attributes().get(MessageSystemAttributeName.APPROXIMATE_RECEIVE_COUNT));
            assertFalse(log.toString(StandardCharsets.UTF_8).contains("Soon redelivery not set"), "no failure to report: " + log);
        }
    }

    @Test
    void onByDefault_theHandlerAsLambdaBuildsIt_bringsTheMessageBackInSeconds() {
        try (SqsClient sqs = aws.sqs(); DynamoDbClient dynamoDb = aws.dynamoDb()) {
            Queue queue = queueWithOnePaymentReceived(sqs, dynamoDb);
            // GIVEN the handler built as Lambda builds it, SOON_REDELIVERY unset
            Map<String, String> env = AuthorizerRig.environment(aws, false);
            // WHEN it has less time left than it needs to start the message
            SQSBatchResponse response = asInLambda(env, dynamoDb).handleRequest(event(queue.received(), queue.arn()),
                    LambdaContext.startingNow("payment-authorizer", Duration.ofSeconds(5)));
            // THEN it is reported failed, its visibility was changed through the one SQS client built,
            // and it is back within the 1-5 s the function sets
            assertEquals(List.of(queue.received().messageId()), AuthorizerRig.failures(response));
            assertEquals(1, sqsClientsBuilt.get());
            assertEquals(queue.received().messageId(), receive(sqs, queue.url(), 10).orElseThrow(() ->
                    new AssertionError("the message should be visible again within seconds")).messageId());
        }
    }

    /**
     * Where the function has no route to SQS (a VPC without an SQS endpoint or NAT), the call
     * could only wait out its timeouts: {@code SOON_REDELIVERY=false} makes none. Without the
     * call the message keeps the visibility timeout it was received with, and Lambda leaves a
     * reported failure's visibility as it is (the pages cited above), so it comes back after it.
     */
    @Test
    void switchedOff_noSqsClientIsBuilt_noVisibilityIsChanged_andTheMessageIsStillReportedFailed() {
        try (SqsClient sqs = aws.sqs(); DynamoDbClient dynamoDb = aws.dynamoDb()) {
            Queue queue = queueWithOnePaymentReceived(sqs, dynamoDb);
            // GIVEN the handler built as Lambda builds it, with SOON_REDELIVERY=false
            Map<String, String> env = new HashMap<>(AuthorizerRig.environment(aws, false));
            env.put(ReceiverVariables.SOON_REDELIVERY, "false");
            // WHEN it has less time left than it needs to start the message
            SQSBatchResponse response = asInLambda(env, dynamoDb).handleRequest(event(queue.received(), queue.arn()),
                    LambdaContext.startingNow("payment-authorizer", Duration.ofSeconds(5)));
            // THEN it is reported failed, as before
            assertEquals(List.of(queue.received().messageId()), AuthorizerRig.failures(response));
            // AND no SQS client was built, so no call could reach SQS, and the message stays
            // invisible past the 5 s soon redelivery would have set: its 60 s timeout still runs
            assertEquals(0, sqsClientsBuilt.get());
            assertTrue(receive(sqs, queue.url(), 7).isEmpty(), "the message kept its visibility timeout");
        }
    }

    /** The handler as Lambda builds it from {@code env}, its SQS clients counted as they are built. */
    private PaymentAuthorizerHandler asInLambda(Map<String, String> env, DynamoDbClient dynamoDb) {
        return new PaymentAuthorizerHandler(env, dynamoDb, aws::secretString, () -> {
            sqsClientsBuilt.incrementAndGet();
            return aws.sqs();
        }, Clock.systemUTC(), new PrintStream(OutputStream.nullOutputStream()), new SecureRandom());
    }

    /** A queue whose visibility timeout is a minute, holding one payment, received once. */
    private record Queue(String url, String arn, Message received) {
    }

    private static Queue queueWithOnePaymentReceived(SqsClient sqs, DynamoDbClient dynamoDb) {
        String queueUrl = sqs.createQueue(request -> request.queueName("PaymentsQueue-soon-" + UUID.randomUUID())
                .attributes(Map.of(QueueAttributeName.VISIBILITY_TIMEOUT, "60"))).queueUrl();
        String queueArn = sqs.getQueueAttributes(request -> request.queueUrl(queueUrl)
                .attributeNames(QueueAttributeName.QUEUE_ARN)).attributes().get(QueueAttributeName.QUEUE_ARN);
        new Ledger(dynamoDb).openAccount("ACC-1", 10_000, "EUR");
        sqs.sendMessage(request -> request.queueUrl(queueUrl).messageBody(purchase("TXN-1", "ACC-1", "1.00", "EUR")));
        return new Queue(queueUrl, queueArn, receive(sqs, queueUrl, 1).orElseThrow());
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
