package com.example.localaws;

import com.example.receiver.testkit.TransactionConflicts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/**
 * The launcher's conflict mode, as the AWS SDK for Java sees it: what DynamoDB answers when a
 * transaction touches an item another in-flight transaction holds ("Transaction conflict
 * handling in DynamoDB",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html#transaction-conflict-handling).
 */
@ExtendWith(LocalAwsExtension.class)
class TransactionConflictsTest {

    /** Any table of the template keyed by {@code pk} alone: the accounts table's shape. */
    private static final String TABLE = "AccountsTable";
    private static final Duration HOLD = Duration.ofMillis(800);

    private final LocalAws aws;

    TransactionConflictsTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void aTransactionOnAnItemAnotherHolds_isCancelledWithTransactionConflict_andWritesNothing() throws Exception {
        aws.resetTables();
        String account = "ACC-" + UUID.randomUUID();
        try (DynamoDbClient dynamoDb = noRetries()) {
            dynamoDb.putItem(request -> request.tableName(TABLE).item(Map.of(
                    "pk", AttributeValue.fromS(account), "balanceMinor", AttributeValue.fromN("1000"))));
            int answered;
            try (TransactionConflicts conflicts = aws.transactionConflicts(HOLD)) {
                // GIVEN one transaction in flight on the account (its answer held back)
                CompletableFuture<Void> first = CompletableFuture.runAsync(() ->
                        dynamoDb.transactWriteItems(request -> request.transactItems(credit(account, 1))));
                awaitBalance(dynamoDb, account, 1_001);
                assertFalse(first.isDone(), "the first transaction is still in flight");
                // WHEN a second one touches the same account, and a single write tries too
                TransactionCanceledException cancelled = assertThrows(TransactionCanceledException.class, () ->
                        dynamoDb.transactWriteItems(request -> request.transactItems(credit(account, 10))));
                assertThrows(TransactionConflictException.class, () -> dynamoDb.updateItem(request -> request
                        .tableName(TABLE).key(key(account)).updateExpression("SET balanceMinor = :b")
                        .expressionAttributeValues(Map.of(":b", AttributeValue.fromN("0")))));
                // THEN it is cancelled for the conflict, at the account's index, and wrote nothing
                assertEquals("TransactionConflict", cancelled.cancellationReasons().get(0).code());
                first.get();
                assertEquals(1_001, balance(dynamoDb, account));
                // AND once the first is done, the account can be written again
                dynamoDb.transactWriteItems(request -> request.transactItems(credit(account, 10)));
                assertEquals(1_011, balance(dynamoDb, account));
                conflicts.close();
                answered = conflicts.answered();
            }
            assertEquals(2, answered);
        }
    }

    /** A client that makes each call once: the conflict must reach the test, not be retried away by the SDK. */
    private DynamoDbClient noRetries() {
        return DynamoDbClient.builder()
                .endpointOverride(aws.endpoint())
                .region(LocalAws.REGION)
                .credentialsProvider(LocalAws.credentials())
                .overrideConfiguration(ClientOverrideConfiguration.builder()
                        .retryStrategy(AwsRetryStrategy.doNotRetry()).build())
                .build();
    }

    private static TransactWriteItem credit(String account, long amount) {
        return TransactWriteItem.builder().update(update -> update.tableName(TABLE).key(key(account))
                .updateExpression("SET balanceMinor = balanceMinor + :a")
                .expressionAttributeValues(Map.of(":a", AttributeValue.fromN(Long.toString(amount))))).build();
    }

    private static Map<String, AttributeValue> key(String account) {
        return Map.of("pk", AttributeValue.fromS(account));
    }

    private static long balance(DynamoDbClient dynamoDb, String account) {
        return Long.parseLong(dynamoDb.getItem(request -> request.tableName(TABLE).key(key(account))
                .consistentRead(true)).item().get("balanceMinor").n());
    }

    private static void awaitBalance(DynamoDbClient dynamoDb, String account, long expected) throws InterruptedException {
        for (int i = 0; i < 100 && balance(dynamoDb, account) != expected; i++) {
            Thread.sleep(5);
        }
        assertTrue(balance(dynamoDb, account) == expected, "the first transaction never ran");
    }
}
