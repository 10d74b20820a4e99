package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdafakes.LambdaContext;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localaws.observability.FunctionOutput;
import com.example.payment.Payment;
import com.example.payment.PaymentTables;
import com.example.receiver.Outcome;
import com.example.receiver.RetryCause;
import com.example.receiver.lambda.IdempotentReceiver;
import com.example.receiver.lambda.ReceiverBuilder;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.receiver.testing.ReceiverTestKit;
import com.example.receiver.testing.TestStore;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The authorizer's lines under hostile text: every line is one JSON object whatever a message id
 * or an exception carries, and each line names its invocation (request id, function, cold
 * start, trace). The store here is a fake of the project's own interface that always throws.
 */
class StructuredLinesTest {

    /** A tab, a carriage return, a NUL and a lone (high) surrogate: each breaks a hand-built JSON line. */
    static final String HOSTILE = "bad\tvalue\rwith\u0000nul and \uD800 lone";
    private static final String TRACE_HEADER = "Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1";

    @AfterEach
    void clearTrace() {
        System.clearProperty("com.amazonaws.xray.traceHeader");
    }

    @Test
    void hostileMessageIdAndExceptionMessage_everyLineParses_andNamesItsInvocation() {
        // GIVEN the handler on a store that throws with a hostile message, and the runtime's trace header
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TestStore<Payment> failing = (command, remaining) -> {
            throw new IllegalStateException(HOSTILE);
        };
        System.setProperty("com.amazonaws.xray.traceHeader", TRACE_HEADER);
        try (IdempotentReceiver<Payment> receiver = receiverOn(failing, bytes, 2)) {
            PaymentAuthorizerHandler handler = new PaymentAuthorizerHandler(receiver);
            SQSEvent.SQSMessage hostile = AuthorizerRig.delivery(purchase("TXN-H-1", "ACC-H", "10.00", "EUR"), null);
            hostile.setMessageId(HOSTILE);
            SQSEvent event = new SQSEvent();
            event.setRecords(List.of(hostile));
            LambdaContext first = LambdaContext.startingNow("payment-authorizer", Duration.ofSeconds(30));
            LambdaContext second = LambdaContext.startingNow("payment-authorizer", Duration.ofSeconds(30));

            // WHEN two invocations of one environment each get it
            handler.handleRequest(event, first);
            handler.handleRequest(event, second);

            // THEN every line is one JSON object (FunctionOutput.parse fails otherwise)
            FunctionOutput output = FunctionOutput.parse(bytes.toByteArray());
            List<JsonNode> logs = output.logs();
            assertEquals(2, logs.size(), "one line per message: " + logs);
            // AND the message id survives, the lone surrogate as U+FFFD
            assertEquals("bad\tvalue\rwith\u0000nul and \uFFFD lone", logs.get(0).path("message_id").textValue());
            assertEquals("RETRY", logs.get(0).path("outcome").textValue());
            // AND each line names its invocation; only the first is the cold start
            assertInvocation(logs.get(0), first.getAwsRequestId(), true);
            assertInvocation(logs.get(1), second.getAwsRequestId(), false);
            // AND each invocation wrote one EMF line, valid, counting its message
            assertEquals(List.of(), output.emfViolations());
            assertEquals(2, output.emf().size());
            for (JsonNode emf : output.emf()) {
                assertEquals(1, emf.path("Received").asInt());
                assertEquals(1, emf.path("Retry").asInt());
            }
            assertEquals(first.getAwsRequestId(), output.emf().get(0).path("function_request_id").textValue());
        }
    }

    @Test
    void batchOfTen_writesOneEmfLinePerInvocation_withTheCountsPerOutcome() {
        // GIVEN a store that approves every payment
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TestStore<Payment> approving = (command, remaining) -> new Outcome.Approved();
        try (IdempotentReceiver<Payment> receiver = receiverOn(approving, bytes, 4)) {
            SQSEvent event = AuthorizerRig.event(purchase("TXN-E-1", "ACC-1", "1.00", "EUR"),
                    purchase("TXN-E-2", "ACC-2", "1.00", "EUR"), purchase("TXN-E-1", "ACC-1", "1.00", "EUR"),
                    "not json");

            // WHEN one invocation decides the batch
            new PaymentAuthorizerHandler(receiver).handleRequest(event,
                    LambdaContext.startingNow("payment-authorizer", Duration.ofSeconds(30)));

            // THEN one EMF line counts it: 4 received, 2 approved, 1 duplicate in the batch, 1 rejected
            FunctionOutput output = FunctionOutput.parse(bytes.toByteArray());
            assertEquals(List.of(), output.emfViolations());
            assertEquals(1, output.emf().size());
            JsonNode emf = output.emf().get(0);
            assertEquals(Map.of("Received", 4, "Approved", 2, "DuplicateInBatch", 1, "Rejected", 1),
                    Map.of("Received", emf.path("Received").asInt(), "Approved", emf.path("Approved").asInt(),
                            "DuplicateInBatch", emf.path("DuplicateInBatch").asInt(),
                            "Rejected", emf.path("Rejected").asInt()));
            assertEquals(2, emf.path("StoreLatency").size(), "one latency per store call");
            assertEquals(4, output.logs().size(), "still one log line per message");
        }
    }

    @Test
    void retriesForContentionAndThrottling_areCountedAsContendedAndThrottled_besidesRetry() {
        // GIVEN a store that answers, per account, contention and throttling outlasting the
        // invocation, and a failure whose outcome is unknown
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TestStore<Payment> refusing = (command, remaining) -> switch (command.laneKey()) {
            case "ACC-C" -> new Outcome.Retry(RetryCause.CONTENTION, "[None, TransactionConflict, None] after 40 attempts");
            case "ACC-T" -> new Outcome.Retry(RetryCause.THROTTLING, "[ThrottlingError, None, None] after 10 attempts");
            default -> new Outcome.Retry("store error 500: InternalServerError");
        };
        try (IdempotentReceiver<Payment> receiver = receiverOn(refusing, bytes, 4)) {
            SQSEvent event = AuthorizerRig.event(purchase("TXN-C-1", "ACC-C", "1.00", "EUR"),
                    purchase("TXN-C-2", "ACC-C", "1.00", "EUR"), purchase("TXN-T-1", "ACC-T", "1.00", "EUR"),
                    purchase("TXN-F-1", "ACC-F", "1.00", "EUR"));

            // WHEN one invocation runs the batch
            new PaymentAuthorizerHandler(receiver).handleRequest(event,
                    LambdaContext.startingNow("payment-authorizer", Duration.ofSeconds(30)));

            // THEN its EMF line counts 4 retries, of which 2 contended and 1 throttled
            FunctionOutput output = FunctionOutput.parse(bytes.toByteArray());
            assertEquals(List.of(), output.emfViolations());
            JsonNode emf = output.emf().get(0);
            assertEquals(Map.of("Retry", 4, "Contended", 2, "Throttled", 1),
                    Map.of("Retry", emf.path("Retry").asInt(), "Contended", emf.path("Contended").asInt(),
                            "Throttled", emf.path("Throttled").asInt()));
            // AND each log line names the cause from the closed set, and what happened
            List<String> causes = output.logs().stream().map(line -> line.path("cause").textValue()).toList();
            assertEquals(List.of("CONTENTION", "CONTENTION", "THROTTLING", "FAILURE"), causes);
            assertEquals("[ThrottlingError, None, None] after 10 attempts", output.logs().get(2).path("detail").textValue());
        }
    }

    private static void assertInvocation(JsonNode line, String requestId, boolean coldStart) {
        assertEquals(requestId, line.path("function_request_id").textValue(), line::toString);
        assertEquals("payment-authorizer", line.path("function_name").textValue());
        assertEquals("$LATEST", line.path("function_version").textValue());
        assertEquals(coldStart, line.path("cold_start").booleanValue());
        assertEquals("1-5759e988-bd862e3fe1be46a994272793", line.path("xray_trace_id").textValue());
        assertTrue(line.has("timestamp") && line.has("level") && line.has("service"), line::toString);
        assertFalse(line.path("message").textValue().isEmpty());
    }

    /**
     * The function's receiver as it wires it, on {@code store} in place of DynamoDB (the library's
     * test seam), the lines of its batches in {@code bytes}: no AWS call reaches anything.
     */
    private static IdempotentReceiver<Payment> receiverOn(TestStore<Payment> store, ByteArrayOutputStream bytes, int lanes) {
        Map<String, String> env = Map.of(ReceiverVariables.IDEMPOTENCY_TABLE, "Records",
                ReceiverVariables.QUEUE_RETENTION_SECONDS, "345600", PaymentTables.ACCOUNTS_TABLE, "Accounts",
                PaymentTables.LEDGER_TABLE, "Ledger", TelemetryConfig.METRICS_NAMESPACE, "PaymentsTest",
                ReceiverVariables.SOON_REDELIVERY, "false", ReceiverVariables.MAX_CONCURRENCY, Integer.toString(lanes),
                ReceiverVariables.MIN_REMAINING_TIME_MS, "0");
        DynamoDbClient unreached = DynamoDbClient.builder().region(Region.EU_WEST_1)
                .endpointOverride(URI.create("http://127.0.0.1:9"))
                .credentialsProvider(AnonymousCredentialsProvider.create())
                .overrideConfiguration(override -> override.retryStrategy(AwsRetryStrategy.doNotRetry())).build();
        ReceiverBuilder<Payment> builder = PaymentAuthorizer.builder(env, unreached, secretId -> {
                    throw new AssertionError("no secret is read here");
                }, Clock.systemUTC(), new PrintStream(bytes, true, StandardCharsets.UTF_8), new SecureRandom());
        IdempotentReceiver<Payment> receiver = ReceiverTestKit.of(builder).store(built -> store).builder().build();
        bytes.reset(); // the init's line (the records table's TTL not checked: no DynamoDB here) is not the batches'
        return receiver;
    }
}
