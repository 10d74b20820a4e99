package com.example.payment.authorizer;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localaws.LocalAws;
import com.example.localaws.observability.FunctionOutput;
import com.example.localpayments.ReceiverEnvironment;
import com.example.payment.Payment;
import com.example.payment.PaymentTables;
import com.example.receiver.lambda.IdempotentReceiver;
import com.example.receiver.lambda.SecretReader;
import com.example.receiver.testkit.DynamoDbCallCounter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One payment-authorizer "execution environment" against the local AWS: the real handler, a
 * DynamoDB client that counts its calls, and its log output captured.
 */
final class AuthorizerRig implements AutoCloseable {

    final DynamoDbCallCounter calls = new DynamoDbCallCounter();
    final DynamoDbClient dynamoDb;
    final Ledger ledger;
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    /** The receiver the rig built and closes; empty when the handler built its own, as in Lambda. */
    private final Optional<IdempotentReceiver<Payment>> receiver;
    private final PaymentAuthorizerHandler handler;

    private AuthorizerRig(LocalAws aws, Map<String, String> env, Clock clock, SecretReader secrets, boolean asInLambda) {
        this.dynamoDb = aws.dynamoDb(calls);
        this.ledger = new Ledger(aws.dynamoDb());
        PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8);
        if (asInLambda) {
            this.receiver = Optional.empty();
            this.handler = new PaymentAuthorizerHandler(env, dynamoDb, secrets, aws::sqs, clock, out, new SecureRandom());
        } else {
            this.receiver = Optional.of(PaymentAuthorizer.create(env, dynamoDb, secrets, clock, out));
            this.handler = new PaymentAuthorizerHandler(receiver.get());
        }
        // The counter counts what batches cost: the receiver's one check of the records table at init is not one.
        calls.reset();
    }

    /** The environment template.yaml gives the function, pointed at the local tables. */
    static Map<String, String> environment(LocalAws aws, boolean fastPath) {
        Map<String, String> env = new HashMap<>(ReceiverEnvironment.idempotencyStore(Ledger.RECORDS));
        env.put(PaymentTables.ACCOUNTS_TABLE, Ledger.ACCOUNTS);
        env.put(PaymentTables.LEDGER_TABLE, Ledger.LEDGER);
        env.put(TelemetryConfig.METRICS_NAMESPACE, "PaymentsTest");
        if (fastPath) {
            env.putAll(ReceiverEnvironment.fastPath(aws.redis(), aws.fastPathSigningSecret()));
        }
        return env;
    }

    static AuthorizerRig withFastPath(LocalAws aws) {
        return with(aws, environment(aws, true), Clock.systemUTC());
    }

    static AuthorizerRig withoutFastPath(LocalAws aws) {
        return with(aws, environment(aws, false), Clock.systemUTC());
    }

    static AuthorizerRig with(LocalAws aws, Map<String, String> env, Clock clock) {
        return new AuthorizerRig(aws, env, clock, aws::secretString, false);
    }

    /**
     * The handler as Lambda builds it (its own receiver, soon redelivery and SnapStart hooks), on
     * the rig's DynamoDB client and output, reading secrets through {@code secrets}.
     */
    static AuthorizerRig asInLambda(LocalAws aws, Map<String, String> env, Clock clock, SecretReader secrets) {
        return new AuthorizerRig(aws, env, clock, secrets, true);
    }

    /** An SQS event of one delivery per body, each with a fresh message id. */
    static SQSEvent event(String... bodies) {
        List<SQSEvent.SQSMessage> records = new ArrayList<>();
        for (String body : bodies) {
            records.add(delivery(body, null));
        }
        SQSEvent event = new SQSEvent();
        event.setRecords(records);
        return event;
    }

    static SQSEvent.SQSMessage delivery(String body, String groupId) {
        SQSEvent.SQSMessage record = new SQSEvent.SQSMessage();
        record.setMessageId(UUID.randomUUID().toString());
        record.setBody(body);
        record.setEventSource("aws:sqs");
        Map<String, String> attributes = new HashMap<>();
        attributes.put("ApproximateReceiveCount", "1");
        if (groupId != null) {
            attributes.put("MessageGroupId", groupId);
        }
        record.setAttributes(attributes);
        return record;
    }

    SQSBatchResponse invoke(SQSEvent event) {
        return handler.handleRequest(event, null);
    }

    /** The ids the response lists as failures. */
    static List<String> failures(SQSBatchResponse response) {
        return response.getBatchItemFailures().stream().map(SQSBatchResponse.BatchItemFailure::getItemIdentifier).toList();
    }

    /** Every line the function wrote (logs and EMF). */
    List<String> lines() {
        return output.toString(StandardCharsets.UTF_8).lines().toList();
    }

    /** The structured log lines (not EMF) whose outcome is {@code outcome}. */
    List<String> logsOf(String outcome) {
        return lines().stream().filter(line -> line.contains("\"outcome\":\"" + outcome + "\"")).toList();
    }

    /** Invokes the handler as Lambda would, with {@code context}. */
    SQSBatchResponse invoke(SQSEvent event, Context context) {
        return handler.handleRequest(event, context);
    }

    /** What the function wrote, parsed: fails when a line is not one JSON object. */
    FunctionOutput output() {
        return FunctionOutput.parse(output.toByteArray());
    }

    /** The sum of {@code metric} over the EMF lines: how many messages it counted. */
    long metric(String metric) {
        return output().emf().stream().mapToLong(line -> line.path(metric).asLong(0)).sum();
    }

    /**
     * Closes the environment, and fails if anything the function wrote is not a JSON line or an
     * EMF line breaks the specification: every test with a rig checks its lines.
     */
    @Override
    public void close() {
        receiver.ifPresent(IdempotentReceiver::close);
        dynamoDb.close();
        List<String> violations = output().emfViolations();
        if (!violations.isEmpty()) {
            throw new AssertionError("EMF lines break the specification: " + violations);
        }
    }
}
