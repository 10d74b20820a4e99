package com.example.payment.notifier;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdafakes.LambdaContext;
import com.example.lambdafakes.VirtualClock;
import com.example.localaws.InProcessFunction;
import com.example.localaws.LocalAws;
import com.example.localaws.messages.ProducerSigner;
import com.example.localaws.observability.FunctionOutput;
import com.example.localaws.push.Admission;
import com.example.localaws.push.LocalPushApi;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;

/**
 * One payment-notifier environment against the local AWS and the local push API: the real
 * handler (Powertools woven in), its Powertools table, its DLQ, its log lines, and its push API
 * credential in the local Secrets Manager, whose key the push API admits (by default).
 */
final class NotifierRig implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    final LocalPushApi api;
    /** The push API credential's secret the notifier reads. */
    final String credentialSecret;
    /** The notifier's clock: this machine's, moved on by the tests (within the push API's window). */
    final VirtualClock clock = VirtualClock.aheadOfSystem();
    private final LocalAws aws;
    final DynamoDbClient dynamoDb;
    final SqsClient sqs;
    final String deadLetterQueueUrl;
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private final PaymentNotifierHandler handler;

    private final InProcessFunction function;

    /** A notifier signing with a fresh key (hmac), and a push API admitting that key. */
    NotifierRig(LocalAws aws, Duration pushTimeout) {
        this(aws, pushTimeout, "hmac", Map.of("k-1", ProducerSigner.newKey()), null);
    }

    /**
     * A notifier authenticating with {@code auth} and the credential {@code keys} (by key id), and a
     * push API admitting {@code admission}, or, when null, requests signed with those keys.
     */
    NotifierRig(LocalAws aws, Duration pushTimeout, String auth, Map<String, String> keys, Admission admission) {
        this.aws = aws;
        this.credentialSecret = "PushApiCredential-" + UUID.randomUUID().toString().substring(0, 8);
        try (SecretsManagerClient secrets = aws.secretsManager()) {
            secrets.createSecret(request -> request.name(credentialSecret).secretString(ProducerSigner.secretDocument(keys)));
        }
        this.api = LocalPushApi.start(admission != null ? admission : Admission.signed(keys, Clock.systemUTC()));
        this.function = InProcessFunction.of(aws, "PaymentNotifierFunction");
        this.dynamoDb = aws.dynamoDb();
        this.sqs = aws.sqs();
        // Named as the template's queue, so that the notifier's sends to it are recorded as sends to that queue.
        this.deadLetterQueueUrl = sqs.createQueue(request -> request.queueName("NotificationsDeadLetterQueue-" + UUID.randomUUID()
                .toString().substring(0, 8))).queueUrl();
        Map<String, String> env = new HashMap<>();
        env.put(NotifierConfig.PUSH_API_BASE_URL, api.baseUrl().toString());
        env.put(NotifierConfig.PUSH_API_TIMEOUT_MS, Long.toString(pushTimeout.toMillis()));
        env.put(NotifierConfig.NOTIFICATION_IDEMPOTENCY_TABLE, "NotificationIdempotencyTable");
        env.put(NotifierConfig.IDEMPOTENCY_TTL_SECONDS, "604800");
        env.put(NotifierConfig.QUEUE_RETENTION_SECONDS, "345600");
        env.put(NotifierConfig.NOTIFIER_DLQ_URL, deadLetterQueueUrl);
        env.put(NotifierConfig.PUSH_API_AUTH, auth);
        env.put(NotifierConfig.PUSH_API_CREDENTIAL_SECRET, credentialSecret);
        // The notifier's own clients sign as the function: its calls are recorded for make rehearse.
        this.handler = new PaymentNotifierHandler(PaymentNotifier.create(env, function.dynamoDb(), function.sqs(),
                function::secretString, new PrintStream(output, true, StandardCharsets.UTF_8), clock));
        function.initialised();
    }

    /** Puts {@code keys} in the credential's secret, as an operator does with put-secret-value. */
    void putCredential(Map<String, String> keys) {
        try (SecretsManagerClient secrets = aws.secretsManager()) {
            secrets.putSecretValue(request -> request.secretId(credentialSecret).secretString(ProducerSigner.secretDocument(keys)));
        }
    }

    /** A decision event as the topic delivers it (raw) for an approval. */
    static String approved(String txn, String account, long amountMinor) {
        return JSON.createObjectNode().put("event_type", "PaymentAuthorized").put("transaction_id", txn)
                .put("decision", "APPROVED").put("account_id", account).put("amount_minor", amountMinor)
                .put("currency", "EUR").put("authorization_type", "PURCHASE").put("decided_at", "2026-04-07T14:32:16Z")
                .toString();
    }

    /** A decision event for a decline. */
    static String declined(String txn, String account) {
        return JSON.createObjectNode().put("event_type", "PaymentDeclined").put("transaction_id", txn)
                .put("decision", "DECLINED").put("reason", "INSUFFICIENT_FUNDS").put("account_id", account)
                .put("amount_minor", 100).put("currency", "EUR").put("authorization_type", "PURCHASE")
                .put("decided_at", "2026-04-07T14:32:16Z").toString();
    }

    /** An SQS message: the same id on every delivery of one message. */
    static SQSEvent.SQSMessage message(String messageId, String body) {
        SQSEvent.SQSMessage message = new SQSEvent.SQSMessage();
        message.setMessageId(messageId);
        message.setBody(body);
        message.setEventSource("aws:sqs");
        message.setAttributes(Map.of("ApproximateReceiveCount", "1"));
        return message;
    }

    /** Invokes the handler with one batch, with {@code remaining} time left in the invocation. */
    List<String> deliver(Duration remaining, SQSEvent.SQSMessage... messages) {
        SQSEvent event = new SQSEvent();
        event.setRecords(new ArrayList<>(List.of(messages)));
        SQSBatchResponse response = handler.handleRequest(event, LambdaContext.startingNow("payment-notifier", remaining));
        return response.getBatchItemFailures().stream().map(SQSBatchResponse.BatchItemFailure::getItemIdentifier).toList();
    }

    List<String> deliver(SQSEvent.SQSMessage... messages) {
        return deliver(Duration.ofSeconds(30), messages);
    }

    /** What sits in the DLQ (taken out), with its attributes. */
    List<Message> deadLetters() {
        return sqs.receiveMessage(request -> request.queueUrl(deadLetterQueueUrl).maxNumberOfMessages(10)
                .messageAttributeNames("All")).messages();
    }

    List<String> lines() {
        return output.toString(StandardCharsets.UTF_8).lines().toList();
    }

    /** What the function wrote, parsed: fails when a line is not one JSON object. */
    FunctionOutput output() {
        return FunctionOutput.parse(output.toByteArray());
    }

    /** The sum of {@code metric} over the EMF lines. */
    long metric(String metric) {
        return output().emf().stream().mapToLong(line -> line.path(metric).asLong(0)).sum();
    }

    /** Closes the environment, and fails if a line it wrote is not JSON or breaks the EMF specification. */
    @Override
    public void close() {
        api.close();
        function.close();
        sqs.close();
        dynamoDb.close();
        List<String> violations = output().emfViolations();
        if (!violations.isEmpty()) {
            throw new AssertionError("EMF lines break the specification: " + violations);
        }
    }
}
