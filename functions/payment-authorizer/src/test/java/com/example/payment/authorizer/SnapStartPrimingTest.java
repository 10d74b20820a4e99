package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static com.example.payment.authorizer.AuthorizerRig.event;
import static com.example.payment.authorizer.AuthorizerRig.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdakit.telemetry.FunctionLog;
import com.example.localaws.LocalAws;
import com.example.receiver.Outcome;
import com.example.receiver.lambda.ReceiverVariables;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The SnapStart hooks, called directly as a CRaC JVM would call them around the snapshot (no CRaC
 * JVM here): priming runs the request path and one real read without a side effect and leaves no
 * connection open for the snapshot, even to a server that keeps connections alive (https://docs.aws.amazon.com/lambda/latest/dg/snapstart-best-practices.html,
 * "Networking best practices"), and the environment restored afterwards decides payments and uses
 * the fast path as a fresh one would.
 */
class SnapStartPrimingTest extends LocalAwsTest {

    private static final String FUNCTION = "PaymentAuthorizerFunction";

    SnapStartPrimingTest(LocalAws aws) {
        super(aws);
    }

    @Test
    void beforeCheckpoint_runsTheRequestPathAndOneRealRead_butWritesNothing_andLeavesNoConnectionOpen() {
        try (AuthorizerRig rig = AuthorizerRig.withFastPath(aws); DynamoDbClient admin = aws.dynamoDb();
             KeepAliveFront front = KeepAliveFront.to(aws)) {
            // GIVEN the function's priming, its read on the function's HTTP client, signing as the function
            // in its init (make rehearse checks the read against its role) and reaching the local AWS
            // through a front that keeps connections alive as AWS does, with Redis configured
            RequestPathPriming priming = new RequestPathPriming(AuthorizerRig.environment(aws, true), aws::dynamoDb,
                    Optional.of(http -> front.client(http, FUNCTION)), Clock.systemUTC(), new SecureRandom(), quiet());
            aws.redis().resetStats();
            int redisPort = Integer.parseInt(AuthorizerRig.environment(aws, true).get(ReceiverVariables.FAST_PATH_ENDPOINT).split(":")[1]);
            Set<Long> redisBefore = OpenConnections.to(redisPort);
            // WHEN Lambda is about to take the snapshot
            priming.beforeCheckpoint(null);
            // THEN the read went through the network and found nothing
            RequestPathPriming.Run run = priming.lastRun().orElseThrow();
            assertTrue(run.read());
            assertEquals(0, run.itemsFound());
            // AND no connection is open for the snapshot to carry: the read's was closed after its answer
            assertEquals(Set.of(), OpenConnections.to(front.port()), "connections a snapshot would carry");
            // AND the 10 synthetic payments were parsed, their TransactWriteItems marshalled and signed, then stopped
            assertEquals(RequestPathPriming.RECORDS, run.outcomes().size());
            run.outcomes().forEach(outcome -> assertInstanceOf(Outcome.Retry.class, outcome));
            // (after the receiver's check of the records table's TTL at its build, stopped too)
            List<String> stopped = new ArrayList<>(List.of("DescribeTimeToLive"));
            stopped.addAll(Collections.nCopies(RequestPathPriming.RECORDS, "TransactWriteItems"));
            assertEquals(stopped, run.operations(), "each stopped once: the SDK did not retry the stop");
            assertEquals(RequestPathPriming.RECORDS + 1, run.requestsStopped());
            // AND the fast path learnt the cluster and looked the payments up, then let its connections go
            assertTrue(aws.redis().calls("cluster|slots") > 0);
            assertTrue(aws.redis().calls("get") > 0);
            // (other tests' clients in this JVM may close theirs meanwhile: only priming's own count)
            Set<Long> redisOpenedByPriming = new HashSet<>(OpenConnections.to(redisPort));
            redisOpenedByPriming.removeAll(redisBefore);
            assertEquals(Set.of(), redisOpenedByPriming, "connections to Redis a snapshot would carry");
            // AND nothing was written to DynamoDB or Redis
            assertEquals(0, admin.scan(request -> request.tableName(Ledger.RECORDS)).count());
            assertEquals(0, admin.scan(request -> request.tableName(Ledger.LEDGER)).count());
            assertTrue(admin.listTables().tableNames().stream().noneMatch(name -> name.endsWith(RequestPathPriming.TABLE_SUFFIX)));
            assertEquals(0, aws.redis().calls("setex") + aws.redis().calls("set"));
            // AND no log line or metric of the synthetic payments
            assertEquals(List.of(), rig.lines());
        }
    }

    @Test
    void beforeCheckpoint_whoseReadFails_isLoggedAndSkipped_soTheVersionIsStillPublished() {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        try (DynamoDbClient harness = aws.dynamoDb()) {
            // GIVEN the priming's read pointed at a table that is not there (a deploy racing its
            // table): DynamoDB answers ResourceNotFoundException. (The harness's client, not the
            // function's: make rehearse is not to judge a read of a table the role does not name.)
            Map<String, String> environment = new HashMap<>(AuthorizerRig.environment(aws, false));
            environment.put(ReceiverVariables.IDEMPOTENCY_TABLE, "NoSuchTable");
            RequestPathPriming priming = new RequestPathPriming(environment, aws::dynamoDb,
                    Optional.of(http -> harness), Clock.systemUTC(), new SecureRandom(),
                    new FunctionLog(new PrintStream(output, true, StandardCharsets.UTF_8), Clock.systemUTC(), "test"));
            // WHEN Lambda is about to take the snapshot THEN nothing is thrown (a throw fails the version)
            priming.beforeCheckpoint(null);
            // AND the run says the read was not made, and a WARN line names the error
            assertFalse(priming.lastRun().orElseThrow().read());
            String lines = output.toString(StandardCharsets.UTF_8);
            assertTrue(lines.contains("\"message\":\"SnapStart priming read failed\"") && lines.contains("ResourceNotFoundException"),
                    lines);
        }
    }

    /** A log nobody reads: the priming reports only a failed read. */
    private static FunctionLog quiet() {
        return new FunctionLog(new PrintStream(OutputStream.nullOutputStream()), Clock.systemUTC(), "test");
    }

    @Test
    void beforeCheckpoint_withoutTheRead_sendsNothing() {
        try (KeepAliveFront front = KeepAliveFront.to(aws)) {
            // GIVEN the priming as it was before issue 24 (the cold-start benchmark's comparison)
            RequestPathPriming priming = new RequestPathPriming(AuthorizerRig.environment(aws, false), aws::dynamoDb,
                    Optional.empty(), Clock.systemUTC(), new SecureRandom(), quiet());
            // WHEN it runs
            priming.beforeCheckpoint(null);
            // THEN its one payment's request was stopped before transmission, and no connection was opened
            RequestPathPriming.Run run = priming.lastRun().orElseThrow();
            assertEquals(List.of("DescribeTimeToLive", "TransactWriteItems"), run.operations());
            assertFalse(run.read());
            assertEquals(Set.of(), OpenConnections.to(front.port()));
        }
    }

    @Test
    void afterRestore_theEnvironmentDecidesPayments_andReconnectsToTheFastPath() {
        try (AuthorizerRig rig = AuthorizerRig.withFastPath(aws); KeepAliveFront front = KeepAliveFront.to(aws)) {
            // GIVEN an environment primed before the snapshot and restored
            RequestPathPriming priming = new RequestPathPriming(AuthorizerRig.environment(aws, true), aws::dynamoDb,
                    Optional.of(http -> front.client(http, FUNCTION)), Clock.systemUTC(), new SecureRandom(), quiet());
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
