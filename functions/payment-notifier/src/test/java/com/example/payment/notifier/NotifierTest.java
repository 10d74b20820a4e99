package com.example.payment.notifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdafakes.LambdaContext;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.localaws.ProjectRoot;
import com.example.localaws.observability.FunctionOutput;
import com.example.receiver.testkit.Fault;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.sqs.model.Message;

/**
 * The push API delivers each approved payment's notification once, however often SQS delivers
 * it and wherever the notifier fails, and a notification the API refuses ends in the DLQ with
 * its reason.
 */
@ExtendWith(LocalAwsExtension.class)
class NotifierTest {

    /**
     * How long the notifier waits for the push API: long enough that a loaded CI machine's local
     * push API answers within it (at 0.5 s, a 41-minute run under load timed out a push the test
     * expected delivered), short enough that the timeout test's waits stay a few seconds.
     */
    private static final Duration PUSH_TIMEOUT = Duration.ofSeconds(2);

    private final LocalAws aws;
    private NotifierRig rig;

    NotifierTest(LocalAws aws) {
        this.aws = aws;
    }

    @BeforeEach
    void emptyState() {
        aws.resetTables();
        rig = new NotifierRig(aws, PUSH_TIMEOUT);
    }

    @AfterEach
    void close() {
        rig.close();
        aws.moto().clearFaults();
    }

    @Test
    void notificationDeliveredThreeTimes_reachesTheCustomerOnce_withOneKeyOnEveryAttempt() {
        // GIVEN an approval whose first two pushes meet a 503 (the API failed before executing)
        SQSEvent.SQSMessage message = NotifierRig.message("m-1", NotifierRig.approved("TXN-1", "ACC-1", 12550));
        rig.api.failNext(2, 503);

        // WHEN SQS delivers it five times: twice it fails, then it passes, then two redeliveries
        List<List<String>> failures = List.of(rig.deliver(message), rig.deliver(message), rig.deliver(message),
                rig.deliver(message), rig.deliver(message));

        // THEN the two 503s were batch item failures, the rest acknowledged
        assertEquals(List.of(List.of("m-1"), List.of("m-1"), List.of(), List.of(), List.of()), failures);
        // AND the API delivered once, saw the same Idempotency-Key on every request, and was not
        // called again by the two redeliveries (the Powertools record answered them)
        assertEquals(1, rig.api.delivered());
        assertEquals(List.of("TXN-1", "TXN-1", "TXN-1"), rig.api.keysReceived());
        assertTrue(rig.api.requests().get(2).body().contains("\"amount_minor\":12550"));
        // AND its metrics say so: retried twice, delivered once, then replayed twice from the record
        assertEquals(List.of(2L, 1L, 2L, 0L), List.of(rig.metric("Retried"), rig.metric("Delivered"),
                rig.metric("Replayed"), rig.metric("DeadLettered")));
    }

    @Test
    void hostileExceptionMessage_everyLineParses_andTheInvocationCountsTheRetry() {
        // GIVEN a notifier whose push API fails with a tab, a CR, a NUL and a lone surrogate in its message
        String hostile = "bad\tvalue\rwith\u0000nul and \uD800 lone";
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Notifier notifier = new Notifier(new IdempotentPush(notification -> {
            throw new IllegalStateException(hostile);
        }), rig.sqs, rig.deadLetterQueueUrl, new PrintStream(bytes, true, StandardCharsets.UTF_8), Clock.systemUTC(),
                "PaymentsTest");
        SQSEvent event = new SQSEvent();
        event.setRecords(List.of(NotifierRig.message("m-h", NotifierRig.approved("TXN-H", "ACC-1", 100))));
        LambdaContext context = LambdaContext.startingNow("payment-notifier", Duration.ofSeconds(30));

        // WHEN the handler gets it
        List<SQSBatchResponse.BatchItemFailure> failures = new PaymentNotifierHandler(notifier)
                .handleRequest(event, context).getBatchItemFailures();

        // THEN it is retried, and every line is one JSON object naming the invocation
        assertEquals(1, failures.size());
        FunctionOutput output = FunctionOutput.parse(bytes.toByteArray());
        JsonNode retry = output.logs().get(0);
        assertEquals("IllegalStateException: bad\tvalue\rwith\u0000nul and \uFFFD lone", retry.path("detail").textValue());
        // AND its cause is one the runbook's notifications entry names, as it names every cause a RETRY line may carry
        assertEquals(Notifier.RetryCause.FAILURE.name(), retry.path("cause").textValue(), retry::toString);
        for (Notifier.RetryCause cause : Notifier.RetryCause.values()) {
            assertTrue(notificationsEntry().contains("`" + cause.name() + "`"),
                    "docs/deploy.md#alarm-notifications-dlq-not-empty names the cause " + cause);
        }
        assertEquals(context.getAwsRequestId(), retry.path("function_request_id").textValue());
        assertTrue(retry.path("cold_start").booleanValue());
        // AND one valid EMF line counts the retry
        assertEquals(List.of(), output.emfViolations());
        assertEquals(1, output.emf().size());
        assertEquals(1, output.emf().get(0).path("Retried").asInt());
        assertEquals("payment-notifier", output.emf().get(0).path("Service").textValue());
    }

    @Test
    void crashAfterThePushAndBeforeTheRecordCompletes_retryCarriesTheSameKey_andTheApiDoesNotDeliverTwice() throws Exception {
        // GIVEN an approval, and the DynamoDB write that completes its record failing once: the
        // push went out, the record stays IN_PROGRESS, as when the invocation dies right there
        SQSEvent.SQSMessage message = NotifierRig.message("m-crash", NotifierRig.approved("TXN-CRASH", "ACC-1", 990));
        aws.moto().inject(new Fault("UpdateItem", "", 400, "ValidationException", 1));
        Duration invocationLeft = Duration.ofSeconds(3);

        // WHEN it is delivered (3 s left in the invocation), redelivered at once, and again after
        // that invocation's time ran out
        List<String> first = rig.deliver(invocationLeft, message);
        List<String> whileInProgress = rig.deliver(message);
        int requestsWhileInProgress = rig.api.requestsReceived();
        Thread.sleep(invocationLeft.plusMillis(300));
        List<String> afterExpiry = rig.deliver(message);

        // THEN the crash and the early redelivery are batch item failures (nobody may push while
        // the record is in progress), and the late one is acknowledged
        assertEquals(List.of("m-crash"), first);
        assertEquals(List.of("m-crash"), whileInProgress);
        assertEquals(1, requestsWhileInProgress);
        assertEquals(List.of(), afterExpiry);
        // AND the retry carried the same key, and the API answered it without delivering again
        assertEquals(List.of("TXN-CRASH", "TXN-CRASH"), rig.api.keysReceived());
        assertEquals(1, rig.api.delivered());
        // AND a further redelivery is answered by the now completed record
        assertEquals(List.of(), rig.deliver(message));
        assertEquals(2, rig.api.requestsReceived());
        // AND the one delivery is counted Delivered once (at the retry the API answered, not at the
        // crashed attempt), the redelivery answered from the record Replayed
        assertEquals(1, rig.metric("Delivered"));
        assertEquals(1, rig.metric("Replayed"));
    }

    @Test
    void timeout_isABatchItemFailure_andTheRetryIsAnsweredWithoutASecondDelivery() throws Exception {
        // GIVEN a push API that delivers, then answers after twice the notifier's push timeout
        SQSEvent.SQSMessage message = NotifierRig.message("m-slow", NotifierRig.approved("TXN-SLOW", "ACC-1", 100));
        rig.api.delayNext(1, PUSH_TIMEOUT.multipliedBy(2));

        // WHEN it is delivered, then redelivered after the API finished
        List<String> first = rig.deliver(message);
        Thread.sleep(PUSH_TIMEOUT.multipliedBy(3).toMillis());
        List<String> second = rig.deliver(message);

        // THEN the timeout was a batch item failure and the retry passed, with one delivery
        assertEquals(List.of("m-slow"), first);
        assertEquals(List.of(), second);
        assertEquals(1, rig.api.delivered());
        assertEquals(List.of("TXN-SLOW", "TXN-SLOW"), rig.api.keysReceived());
        // AND the delivery made during the timeout is counted Delivered once: not at the timed-out
        // attempt (a Retried), once at the retry the API answered as its replay (Idempotent-Replayed)
        assertEquals(1, rig.metric("Retried"));
        assertEquals(1, rig.metric("Delivered"));
        // AND a later redelivery (SNS delivers at least once) is answered from the notifier's
        // record, counted Replayed, not Delivered, and the API is not called again
        assertEquals(List.of(), rig.deliver(message));
        assertEquals(1, rig.metric("Delivered"));
        assertEquals(1, rig.metric("Replayed"));
        assertEquals(2, rig.api.requestsReceived());
    }

    @Test
    void refusedWith4xx_goesToTheDlqWithTheReason_keepsNoRecord_andOnceFixedARedriveDeliversItOnce() {
        // GIVEN an approval the push API refuses with 422
        SQSEvent.SQSMessage message = NotifierRig.message("m-422", NotifierRig.approved("TXN-422", "ACC-1", 100));
        rig.api.failNext(1, 422);

        // WHEN it is delivered
        List<String> refused = rig.deliver(message);

        // THEN it is acknowledged, and the DLQ holds it with the API's reason, its transaction and its origin
        assertEquals(List.of(), refused);
        List<Message> dead = rig.deadLetters();
        assertEquals(1, dead.size());
        assertEquals("push API refused it with 422", dead.get(0).messageAttributes().get("reason").stringValue());
        assertEquals("TXN-422", dead.get(0).messageAttributes().get("txn_id").stringValue());
        assertEquals("m-422", dead.get(0).messageAttributes().get("source_message_id").stringValue());
        assertEquals(message.getBody(), dead.get(0).body());
        // AND one vocabulary: its DEAD_LETTERED line names the dead letter's reason as reason, in the words of the
        // runbook's notifications entry (docs/deploy.md), the status as the placeholder it writes
        JsonNode deadLettered = rig.output().logs().stream().filter(line -> "DEAD_LETTERED".equals(line.path("outcome").asText()))
                .findFirst().orElseThrow();
        assertEquals("push API refused it with 422", deadLettered.path("reason").asText(), deadLettered::toString);
        assertTrue(deadLettered.path("detail").isMissingNode(), deadLettered::toString);
        assertTrue(notificationsEntry().contains("`" + deadLettered.path("reason").asText().replace("422", "<status>") + "`"),
                "docs/deploy.md#alarm-notifications-dlq-not-empty names the reason " + deadLettered.path("reason"));
        // AND the notifier kept no record of the refusal (Powertools' key: <function>.send#<md5 of the id>)
        assertEquals(List.of(), recordsOf("TXN-422"));

        // WHEN the API is fixed and the dead letter is moved back (a redrive), then redelivered once more
        List<String> redriven = rig.deliver(message);
        List<String> again = rig.deliver(message);

        // THEN the redrive reached the API and delivered it; the later copy is answered from the
        // record (Replayed): two requests, one delivery, nothing more dead-lettered
        assertEquals(List.of(), redriven);
        assertEquals(List.of(), again);
        assertEquals(2, rig.api.requestsReceived());
        assertEquals(1, rig.api.delivered());
        assertEquals(1, rig.metric("Delivered"));
        assertEquals(1, rig.metric("Replayed"));
        assertEquals(1, rig.metric("DeadLettered"));
        // AND the delivery is what the record keeps, under the key the runbook names
        List<Map<String, AttributeValue>> records = recordsOf("TXN-422");
        assertEquals(1, records.size(), records::toString);
        assertTrue(records.get(0).get("id").s().matches("[A-Za-z0-9_-]+\\.send#" + md5("TXN-422")), records::toString);
        assertEquals("COMPLETED", records.get(0).get("status").s(), records::toString);
    }

    /** docs/deploy.md's runbook entry of the notifications DLQ. */
    private static String notificationsEntry() {
        try {
            String guide = Files.readString(ProjectRoot.find().resolve("docs/deploy.md"), StandardCharsets.UTF_8);
            int from = guide.indexOf("<a id=\"alarm-notifications-dlq-not-empty\"></a>");
            return guide.substring(from, guide.indexOf("<a id=\"alarm-", from + 1));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The notifier's records of {@code txn}: Powertools keys them {@code <function name>.send#<md5 hex of the id>}. */
    private List<Map<String, AttributeValue>> recordsOf(String txn) {
        return rig.dynamoDb.scanPaginator(request -> request.tableName("NotificationIdempotencyTable").consistentRead(true))
                .items().stream().filter(item -> item.get("id").s().endsWith("#" + md5(txn))).toList();
    }

    private static String md5(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void serverErrorsAndUnreachableApi_areBatchItemFailures_andNothingGoesToTheDlq() {
        // GIVEN a batch of two approvals; the API answers 500 to the first push and 502 to the second
        rig.api.failNext(1, 500);
        rig.api.failNext(1, 502);
        SQSEvent.SQSMessage a = NotifierRig.message("m-a", NotifierRig.approved("TXN-A", "ACC-1", 100));
        SQSEvent.SQSMessage b = NotifierRig.message("m-b", NotifierRig.approved("TXN-B", "ACC-2", 200));

        // WHEN the batch is delivered, then again
        List<String> first = rig.deliver(a, b);
        List<String> second = rig.deliver(a, b);

        // THEN both failed the first time and passed the second, delivered once each
        assertEquals(List.of("m-a", "m-b"), first);
        assertEquals(List.of(), second);
        assertEquals(2, rig.api.delivered());
        assertEquals(List.of(), rig.deadLetters());
    }

    @Test
    void declinesNotifyNobody_andInvalidOrConflictingEventsGoToTheDlqWithTheirReason() {
        // GIVEN a decline, a body that is not JSON, and an approval re-sent with another amount
        SQSEvent.SQSMessage decline = NotifierRig.message("m-d", NotifierRig.declined("TXN-D", "ACC-1"));
        SQSEvent.SQSMessage garbage = NotifierRig.message("m-g", "not json");
        SQSEvent.SQSMessage original = NotifierRig.message("m-o", NotifierRig.approved("TXN-X", "ACC-1", 100));
        SQSEvent.SQSMessage altered = NotifierRig.message("m-x", NotifierRig.approved("TXN-X", "ACC-1", 999));

        // WHEN they are delivered
        List<String> failures = rig.deliver(decline, garbage, original, altered);

        // THEN all are acknowledged; one notification went out; the DLQ explains the other two
        assertEquals(List.of(), failures);
        assertEquals(1, rig.api.delivered());
        List<String> reasons = rig.deadLetters().stream()
                .map(letter -> letter.messageAttributes().get("reason").stringValue()).sorted().toList();
        assertEquals(List.of("conflict: transaction already notified with other account, amount or currency",
                "invalid: body is not JSON"), reasons);
    }
}
