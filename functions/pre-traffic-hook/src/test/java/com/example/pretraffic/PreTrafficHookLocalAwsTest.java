package com.example.pretraffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import com.example.lambdafakes.LambdaContext;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.localaws.invoke.EnvVarsFile;
import com.example.localaws.messages.GeneratedSigningKey;
import com.example.payment.AccountAttributes;
import com.example.payment.SmokeKeyScope;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.payment.authorizer.PaymentAuthorizerHandler;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.template.Template;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/**
 * The hook's own code against the local AWS: its reads ({@link DynamoDbSmokeReads}) of the tables
 * template.yaml declares, its key read ({@link SecretsManagerSmokeSigning}) from the local Secrets
 * Manager, and the new version being the authorizer's real handler, built as Lambda builds it from
 * env.json's variables and invoked in process through the hook's {@link NewVersion} with the
 * events the Lambda runtime's own serializers read and write. CodeDeploy is the one fake: the
 * verdicts it would be told are recorded.
 */
@ExtendWith(LocalAwsExtension.class)
class PreTrafficHookLocalAwsTest {

    private static final String AUTHORIZER = "PaymentAuthorizerFunction";
    private static final String HOOK = "PreTrafficHookFunction";
    private static final String SAMPLE = "events/pre-traffic-hook/before-allow-traffic.json";
    private static final String QUEUE_ARN = "arn:aws:sqs:" + LocalAws.REGION.id() + ":123456789012:PaymentsQueue";

    private final LocalAws aws;
    private final Map<String, String> hookEnv;
    private final List<String> reported = new ArrayList<>();
    private final ByteArrayOutputStream authorizerLog = new ByteArrayOutputStream();
    private DynamoDbClient dynamoDb;
    private SecretsManagerClient secrets;

    PreTrafficHookLocalAwsTest(LocalAws aws) {
        this.aws = aws;
        this.hookEnv = EnvVarsFile.read(aws.root()).variables(HOOK);
    }

    @BeforeEach
    void smokeAccount() {
        aws.resetTables();
        dynamoDb = aws.dynamoDb();
        secrets = aws.secretsManager();
        // The account docs/deploy.md has the operator open once, before the first gradual deploy.
        dynamoDb.putItem(request -> request.tableName(hookEnv.get("ACCOUNTS_TABLE")).item(Map.of(
                AccountAttributes.PK, AttributeValue.fromS(SmokePayment.ACCOUNT_ID),
                AccountAttributes.BALANCE_MINOR, AttributeValue.fromN("0"),
                AccountAttributes.CURRENCY, AttributeValue.fromS("EUR"),
                AccountAttributes.ACCOUNT_STATUS, AttributeValue.fromS(AccountAttributes.ACTIVE))));
    }

    @AfterEach
    void closeClients() {
        dynamoDb.close();
        secrets.close();
    }

    @Test
    void aGoodVersion_succeeds_theSmokeAccountRisesOnce_andARerunOfTheDeploymentChangesNothing() {
        // GIVEN the authorizer as env.json configures it, signatures not required
        NewVersion version = authorizer(authorizerEnv());
        // WHEN CodeDeploy runs the hook for a deployment: its event as events/ samples it for PreTrafficHookFunction
        LifecycleEvent sample = LifecycleEvent.of(sampleEvent());
        Verdict verdict = check(version, SmokeSigning.UNSIGNED).run(sample, payment(sample.deploymentId()));
        // THEN it succeeds: the version approved the refund, its record says so, the balance rose by 1 minor unit
        assertTrue(verdict.succeeded(), verdict.reason());
        assertEquals(List.of(sample.deploymentId() + " " + sample.executionId() + " Succeeded"), reported);
        assertEquals(1, balance());
        assertEquals(Optional.of("APPROVED"), reads().recordStatus("SMOKE-PRE-TRAFFIC-" + sample.deploymentId()));

        // WHEN CodeDeploy runs it again for the same deployment (a retried hook), a minute later
        Verdict again = check(version, SmokeSigning.UNSIGNED).run(event(sample.deploymentId(), "exec-2"),
                new SmokePayment(sample.deploymentId(), Instant.now().plusSeconds(60), QUEUE_ARN));
        // THEN it succeeds again and nothing moved: the version answered the payment as a duplicate
        assertTrue(again.succeeded(), again.reason());
        assertTrue(again.reason().contains("replayed as a duplicate"), again.reason());
        assertEquals(List.of(sample.deploymentId() + " " + sample.executionId() + " Succeeded",
                sample.deploymentId() + " exec-2 Succeeded"), reported);
        assertEquals(1, balance());
    }

    @Test
    void aVersionThatReturnsEveryPayment_fails_andNothingMoves() {
        // GIVEN a version deployed with a broken environment: its ledger table is not there
        Map<String, String> env = authorizerEnv();
        env.put("LEDGER_TABLE", "LedgerTable-missing");
        // WHEN the hook checks it
        Verdict verdict = check(authorizer(env), SmokeSigning.UNSIGNED).run(event("d-LOCAL0002", "exec-1"), payment("d-LOCAL0002"));
        // THEN the deployment is stopped before any traffic moves, and the smoke account is as it was
        assertFalse(verdict.succeeded(), verdict.reason());
        assertTrue(verdict.reason().contains("returned the smoke payment to the queue"), verdict.reason());
        assertEquals(List.of("d-LOCAL0002 exec-1 Failed"), reported);
        assertEquals(0, balance());
        assertEquals(Optional.empty(), reads().recordStatus("SMOKE-PRE-TRAFFIC-d-LOCAL0002"));
    }

    @Test
    void signaturesRequired_theHookSignsWithItsGeneratedKey_andSucceeds() {
        // GIVEN signatures required: the producer's secret, then the hook's as the template generates it
        GeneratedSigningKey smokeKey = GeneratedSigningKey.create(Template.read(aws.root().resolve("template.yaml")),
                "SmokeSigningKey", aws);
        Map<String, String> env = signaturesRequired(aws.producerSigningSecret() + "," + smokeKey.secretId());
        // WHEN the hook reads its key and signs the smoke payment
        Verdict verdict = check(authorizer(env), new SecretsManagerSmokeSigning(secrets, smokeKey.secretId()))
                .run(event("d-LOCAL0003", "exec-1"), payment("d-LOCAL0003"));
        // THEN the version accepts the signature for the smoke account (the hook's account is the scope's)
        assertEquals(SmokeKeyScope.ACCOUNT_ID, SmokePayment.ACCOUNT_ID);
        assertTrue(verdict.succeeded(), verdict.reason());
        assertEquals(List.of("d-LOCAL0003 exec-1 Succeeded"), reported);
        assertEquals(1, balance());
    }

    @Test
    void signaturesRequired_aVersionNotGivenTheHooksKey_rejectsTheSmokePayment_andFails() {
        // GIVEN signatures required, but the version lists the producer's secret alone
        GeneratedSigningKey smokeKey = GeneratedSigningKey.create(Template.read(aws.root().resolve("template.yaml")),
                "SmokeSigningKey", aws);
        Map<String, String> env = signaturesRequired(aws.producerSigningSecret());
        // WHEN the hook signs with its key THEN the version rejects the payment (to the DLQ) and the deployment stops
        Verdict verdict = check(authorizer(env), new SecretsManagerSmokeSigning(secrets, smokeKey.secretId()))
                .run(event("d-LOCAL0004", "exec-1"), payment("d-LOCAL0004"));
        assertFalse(verdict.succeeded(), verdict.reason());
        assertTrue(verdict.reason().contains("returned the smoke payment to the queue"), verdict.reason());
        assertTrue(authorizerLog.toString(StandardCharsets.UTF_8).contains("names no active producer key"),
                authorizerLog.toString(StandardCharsets.UTF_8));
        assertEquals(0, balance());
    }

    // ------------------------------------------------------------------ helpers

    private SmokeCheck check(NewVersion version, SmokeSigning signing) {
        LifecycleHook codeDeploy = (event, verdict) -> reported.add(event.deploymentId() + " " + event.executionId() + " "
                + verdict.status());
        return new SmokeCheck(version, reads(), codeDeploy, signing);
    }

    private DynamoDbSmokeReads reads() {
        return new DynamoDbSmokeReads(dynamoDb, hookEnv.get("IDEMPOTENCY_TABLE"), hookEnv.get("ACCOUNTS_TABLE"));
    }

    /** The hook's sample of events/ ({@code SAMPLE}): CodeDeploy's lifecycle event as the hook receives it. */
    private Map<String, String> sampleEvent() {
        try {
            return new ObjectMapper().readValue(aws.root().resolve(SAMPLE).toFile(), new TypeReference<Map<String, String>>() { });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static LifecycleEvent event(String deploymentId, String executionId) {
        return new LifecycleEvent(deploymentId, executionId);
    }

    private static SmokePayment payment(String deploymentId) {
        return new SmokePayment(deploymentId, Instant.now(), QUEUE_ARN);
    }

    private long balance() {
        return reads().balanceMinor(SmokePayment.ACCOUNT_ID).orElseThrow();
    }

    /**
     * The authorizer's variables as env.json gives them, without a route to SQS: the hook hands the
     * version its event itself, so neither soon redelivery nor the dead-letter queue is reached.
     */
    private Map<String, String> authorizerEnv() {
        Map<String, String> env = new HashMap<>(EnvVarsFile.read(aws.root()).variables(AUTHORIZER));
        env.put(ReceiverVariables.SOON_REDELIVERY, "false");
        env.remove(ReceiverVariables.DEAD_LETTER_QUEUE_URL);
        env.put(ReceiverVariables.DEAD_LETTER_AT_ONCE, "false");
        return env;
    }

    private Map<String, String> signaturesRequired(String secrets) {
        Map<String, String> env = authorizerEnv();
        env.put(ReceiverVariables.REQUIRE_PRODUCER_SIGNATURES, "true");
        env.put(ReceiverVariables.PRODUCER_SIGNING_SECRETS, secrets);
        return env;
    }

    /**
     * The authorizer's handler, built as Lambda builds it, as the version the hook invokes: the
     * event read and the answer written by the Lambda runtime's serializers; a throw is Lambda's
     * {@code FunctionError}.
     */
    private NewVersion authorizer(Map<String, String> env) {
        PaymentAuthorizerHandler handler = new PaymentAuthorizerHandler(PaymentAuthorizer.create(env, dynamoDb,
                aws::secretString, Clock.systemUTC(), new PrintStream(authorizerLog, true, StandardCharsets.UTF_8)));
        ClassLoader loader = getClass().getClassLoader();
        return event -> {
            SQSEvent sqsEvent = LambdaEventSerializers.serializerFor(SQSEvent.class, loader).fromJson(event);
            SQSBatchResponse response;
            try {
                response = handler.handleRequest(sqsEvent, LambdaContext.startingNow(AUTHORIZER, Duration.ofSeconds(30)));
            } catch (RuntimeException e) {
                throw new NewVersion.VersionFailed("Unhandled: " + e);
            }
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            LambdaEventSerializers.serializerFor(SQSBatchResponse.class, loader).toJson(response, answer);
            return answer.toString(StandardCharsets.UTF_8);
        };
    }
}
