package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static com.example.payment.authorizer.AuthorizerRig.event;
import static com.example.payment.authorizer.AuthorizerRig.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.example.receiver.Outcome;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The SnapStart hooks, called directly as a CRaC JVM would call them around the snapshot (no CRaC
 * JVM here): priming runs the request path without a side effect, and the environment restored
 * afterwards decides payments and uses the fast path as a fresh one would.
 */
class SnapStartPrimingTest extends LocalAwsTest {

    SnapStartPrimingTest(LocalAws aws) {
        super(aws);
    }

    @Test
    void beforeCheckpoint_runsTheRequestPathThroughTheSdk_butWritesNothing_andOpensNoFastPathConnection() {
        try (AuthorizerRig rig = AuthorizerRig.withFastPath(aws); DynamoDbClient admin = aws.dynamoDb()) {
            // GIVEN the function's priming, on clients built like the function's, with Redis configured
            RequestPathPriming priming = new RequestPathPriming(AuthorizerRig.environment(aws, true), aws::dynamoDb,
                    Clock.systemUTC(), new SecureRandom());
            aws.redis().resetStats();
            // WHEN Lambda is about to take the snapshot
            priming.beforeCheckpoint(null);
            // THEN the synthetic payment was parsed, its TransactWriteItems marshalled and signed, then stopped
            RequestPathPriming.Run run = priming.lastRun().orElseThrow();
            assertEquals(List.of("TransactWriteItems"), run.operations());
            assertEquals(1, run.requestsStopped(), "stopped once: the SDK did not retry the stop");
            assertInstanceOf(Outcome.Retry.class, run.outcome());
            // AND nothing reached DynamoDB or Redis
            assertEquals(0, admin.scan(request -> request.tableName(Ledger.RECORDS)).count());
            assertEquals(0, admin.scan(request -> request.tableName(Ledger.LEDGER)).count());
            assertTrue(admin.listTables().tableNames().stream().noneMatch(name -> name.endsWith(RequestPathPriming.TABLE_SUFFIX)));
            assertEquals(0, aws.redis().calls("get") + aws.redis().calls("setex") + aws.redis().calls("cluster|slots"));
            // AND no log line or metric of the synthetic payment
            assertEquals(List.of(), rig.lines());
        }
    }

    @Test
    void afterRestore_theEnvironmentDecidesPayments_andReconnectsToTheFastPath() {
        try (AuthorizerRig rig = AuthorizerRig.withFastPath(aws)) {
            // GIVEN an environment primed before the snapshot and restored
            RequestPathPriming priming = new RequestPathPriming(AuthorizerRig.environment(aws, true), aws::dynamoDb,
                    Clock.systemUTC(), new SecureRandom());
            priming.beforeCheckpoint(null);
            priming.afterRestore(null);
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            String message = purchase("TXN-1", "ACC-1", "25.50", "EUR");
            // WHEN a payment arrives, then its redelivery
            assertEquals(List.of(), failures(rig.invoke(event(message))));
            rig.calls.reset();
            assertEquals(List.of(), failures(rig.invoke(event(message))));
            // THEN one debit, and the redelivery answered by Redis alone
            assertEquals(10_000 - 2_550, rig.ledger.balance("ACC-1"));
            assertEquals(1, rig.ledger.entries("ACC-1").size());
            assertEquals(0, rig.calls.total(), "the duplicate was a fast-path hit");
            assertEquals(1, rig.metric("DuplicateFastPath"));
        }
    }
}
