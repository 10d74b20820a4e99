package com.example.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdafakes.LambdaContext;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.localpayments.Accounts;
import com.example.payment.PaymentTables;
import com.example.paymenttraffic.Send;
import com.example.reliability.baseline.BaselineFaults;
import com.example.reliability.baseline.PowertoolsAuthorizer;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What happens to a payment whose environment crashed between the baseline's business writes and
 * Powertools' COMPLETED update, followed step by step: redeliveries are refused while the record
 * lives, and the first one after its expiration runs the payment again.
 */
@ExtendWith(LocalAwsExtension.class)
class BaselineExpiryTest {

    private static final Duration EXPIRATION = Duration.ofSeconds(2);
    private static final PaymentTables TABLES = new PaymentTables(Accounts.TABLE, "LedgerTable");

    private final LocalAws aws;
    private final ScenarioRunner runner;

    BaselineExpiryTest(LocalAws aws) {
        this.aws = aws;
        this.runner = new ScenarioRunner(aws, Duration.ofMinutes(1));
    }

    @Test
    void crashBeforeCompleted_redeliveryIsRefusedUntilTheRecordExpires_thenDebitsAgain() throws Exception {
        // GIVEN one purchase, and an environment that crashes after its debit and ledger row
        runner.prepareTables(ScenarioTraffic.MAX_ACCOUNTS);
        Send payment = ScenarioTraffic.generate(20, 0, ScenarioTraffic.MAX_ACCOUNTS, 0, 5).sends().stream()
                .filter(send -> !send.operation().orElseThrow().accountId().equals(ScenarioTraffic.profile(1).unknownAccount()))
                .findFirst().orElseThrow();
        String account = payment.operation().orElseThrow().accountId();
        DynamoDbClient dynamoDb = aws.dynamoDb();
        Crash crash = new Crash();
        PowertoolsAuthorizer crashing = authorizer(dynamoDb, new BaselineFaults() {
            @Override
            public void afterRecordSaved(String transactionId) {
            }

            @Override
            public void afterDebit(String transactionId) {
            }

            @Override
            public void afterBusinessWrites(String transactionId) {
                crash.now();
            }
        });
        Thread first = new Thread(() -> crashing.handleRequest(event(payment.body()), context()));
        first.setDaemon(true);
        first.start();
        crash.happened().get(30, TimeUnit.SECONDS);
        assertEquals(ScenarioTraffic.OPENING_BALANCE - ScenarioTraffic.AMOUNT_MINOR, balance(dynamoDb, account));

        // WHEN SQS redelivers it to a new environment while the record lives
        PowertoolsAuthorizer next = authorizer(dynamoDb, BaselineFaults.NONE);
        SQSBatchResponse refused = next.handleRequest(event(payment.body()), context());
        // THEN it is refused (the record is INPROGRESS) and nothing more is debited
        assertEquals(1, refused.getBatchItemFailures().size());
        assertEquals(ScenarioTraffic.OPENING_BALANCE - ScenarioTraffic.AMOUNT_MINOR, balance(dynamoDb, account));

        // WHEN it is redelivered after the record's expiration
        Thread.sleep(EXPIRATION.plusMillis(1_500));
        SQSBatchResponse accepted = next.handleRequest(event(payment.body()), context());
        // THEN it is acknowledged, and the account is debited a second time for one ledger row
        assertEquals(List.of(), accepted.getBatchItemFailures());
        assertEquals(ScenarioTraffic.OPENING_BALANCE - 2 * ScenarioTraffic.AMOUNT_MINOR, balance(dynamoDb, account));
        assertEquals(1, dynamoDb.query(q -> q.tableName("LedgerTable")
                .keyConditionExpression("pk = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(account)))).items().stream()
                .filter(row -> row.get("sk").s().equals(payment.key())).count());
    }

    private static PowertoolsAuthorizer authorizer(DynamoDbClient dynamoDb, BaselineFaults faults) {
        return new PowertoolsAuthorizer(dynamoDb, PowertoolsAuthorizer.asServed(dynamoDb, ScenarioRunner.BASELINE_TABLE), TABLES, faults, Clock.systemUTC(), EXPIRATION);
    }

    private static LambdaContext context() {
        return LambdaContext.startingNow("reliability", ScenarioRunner.FUNCTION_TIMEOUT);
    }

    private static SQSEvent event(String body) {
        SQSEvent.SQSMessage message = new SQSEvent.SQSMessage();
        message.setMessageId("msg-" + System.nanoTime());
        message.setBody(body);
        SQSEvent event = new SQSEvent();
        event.setRecords(List.of(message));
        return event;
    }

    private static long balance(DynamoDbClient dynamoDb, String account) {
        return Long.parseLong(dynamoDb.getItem(r -> r.tableName(Accounts.TABLE)
                .key(Map.of("pk", AttributeValue.fromS(account)))).item().get("balanceMinor").n());
    }
}
