package com.example.sim.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The SDK's standard retries in front of the DynamoDB model, and the model's idempotent
 * {@code TransactWriteItems} by {@code ClientRequestToken} (pages cited in {@link SdkRetries} and
 * {@link ClientRequestTokens}): a 500 after the write, retried by the SDK with the same token,
 * debits once.
 */
class SdkRetriesTest {

    /** A world whose DynamoDB answers the scripted faults in turn, then serves; time moves only when the client pauses. */
    private static final class Scripted extends StillWorld {
        final ArrayDeque<Fault> faults = new ArrayDeque<>();
        final List<Duration> pauses = new ArrayList<>();

        Scripted() {
            super(3);
        }

        @Override
        public Fault fault(String service, String operation) {
            return faults.isEmpty() ? Fault.NONE : faults.poll();
        }

        void pause(Duration pause) {
            pauses.add(pause);
            now = now.plus(pause);
        }
    }

    private final Scripted world = new Scripted();

    private DynamoDbModel model(FlawedDynamoDbModel.Flaw flaw) {
        DynamoDbModel dynamoDb = new FlawedDynamoDbModel(world, 4_000, flaw);
        dynamoDb.createTable("accounts", "pk", Optional.empty(), Optional.empty());
        dynamoDb.load("accounts", Map.of("pk", AttributeValue.fromS("A1"), "balance", AttributeValue.fromN("1000")));
        return dynamoDb;
    }

    private SdkRetries client(DynamoDbModel dynamoDb) {
        return new SdkRetries(dynamoDb, () -> world.random, world::pause);
    }

    /** An unconditional debit: only the token keeps a retry of it from debiting twice. */
    private static TransactWriteItem debit(long amount) {
        return TransactWriteItem.builder().update(Update.builder().tableName("accounts")
                .key(Map.of("pk", AttributeValue.fromS("A1")))
                .updateExpression("SET #b = #b - :a").expressionAttributeNames(Map.of("#b", "balance"))
                .expressionAttributeValues(Map.of(":a", AttributeValue.fromN(Long.toString(amount)))).build()).build();
    }

    private static String balance(DynamoDbModel dynamoDb) {
        return dynamoDb.table("accounts").get("A1", Instant.EPOCH.plus(Duration.ofDays(30_000))).orElseThrow().get("balance").n();
    }

    @Test
    void a500AfterTheWrite_retriedByTheSdkWithTheSameToken_debitsOnce() {
        DynamoDbModel dynamoDb = model(FlawedDynamoDbModel.Flaw.NONE);
        world.faults.add(World.Fault.SERVER_ERROR_APPLIED);
        List<DynamoDbModel.Write> writes = new ArrayList<>();
        dynamoDb.observe(writes::add);

        client(dynamoDb).transactWriteItems(request -> request.transactItems(debit(100)));

        assertEquals("900", balance(dynamoDb));
        assertEquals(1, writes.size());
        assertEquals(1, world.pauses.size()); // one retry, after 0-100 ms
    }

    @Test
    void aModelIgnoringTheToken_debitsTwice_soTheTestAboveCanFail() {
        DynamoDbModel dynamoDb = model(FlawedDynamoDbModel.Flaw.CLIENT_REQUEST_TOKENS_IGNORED);
        world.faults.add(World.Fault.SERVER_ERROR_APPLIED);

        client(dynamoDb).transactWriteItems(request -> request.transactItems(debit(100)));

        assertEquals("800", balance(dynamoDb));
    }

    @Test
    void theSameTokenOnAnotherRequest_isAMismatch_andAfterTenMinutesANewRequest() {
        DynamoDbModel dynamoDb = model(FlawedDynamoDbModel.Flaw.NONE);
        dynamoDb.transactWriteItems(TransactWriteItemsRequest.builder().transactItems(debit(100)).clientRequestToken("t-1").build());
        DynamoDbException mismatch = assertThrows(DynamoDbException.class, () -> dynamoDb.transactWriteItems(
                TransactWriteItemsRequest.builder().transactItems(debit(200)).clientRequestToken("t-1").build()));
        assertEquals("IdempotentParameterMismatchException", mismatch.awsErrorDetails().errorCode());
        dynamoDb.transactWriteItems(TransactWriteItemsRequest.builder().transactItems(debit(100)).clientRequestToken("t-1").build());
        assertEquals("900", balance(dynamoDb)); // within the window: success, nothing applied
        world.now = world.now.plus(ClientRequestTokens.WINDOW).plusSeconds(1);
        dynamoDb.transactWriteItems(TransactWriteItemsRequest.builder().transactItems(debit(100)).clientRequestToken("t-1").build());
        assertEquals("800", balance(dynamoDb)); // after it: a new request
    }

    @Test
    void theRetryQuota_emptiedByFiftyFailedCalls_endsTheNextCallAtItsFirstFailure_andASuccessGivesBackOne() {
        DynamoDbModel dynamoDb = model(FlawedDynamoDbModel.Flaw.NONE);
        SdkRetries client = client(dynamoDb);
        for (int i = 0; i < 50 * 3 + 1; i++) {
            world.faults.add(World.Fault.SERVER_ERROR_NOT_APPLIED);
        }
        for (int call = 0; call < 50; call++) { // each: 3 attempts, 2 retries at 5 tokens, nothing given back
            assertThrows(DynamoDbException.class, () -> client.transactWriteItems(request -> request.transactItems(debit(100))));
        }
        assertEquals(100, client.retries());
        assertThrows(DynamoDbException.class, () -> client.transactWriteItems(request -> request.transactItems(debit(100))));
        assertEquals(100, client.retries()); // 0 tokens left: not retried
        client.transactWriteItems(request -> request.transactItems(debit(100))); // a success: 1 token back, still short of 5
        world.faults.add(World.Fault.SERVER_ERROR_NOT_APPLIED);
        assertThrows(DynamoDbException.class, () -> client.transactWriteItems(request -> request.transactItems(debit(100))));
        assertEquals(100, client.retries());
    }

    @Test
    void theSdk_triesThreeTimes_throttlingAfterUpToOneThenTwoSeconds_andNeverRetriesACancellation() {
        DynamoDbModel dynamoDb = model(FlawedDynamoDbModel.Flaw.NONE);
        for (int i = 0; i < 3; i++) {
            world.faults.add(World.Fault.REQUEST_THROTTLED);
        }
        DynamoDbException throttled = assertThrows(DynamoDbException.class,
                () -> client(dynamoDb).transactWriteItems(request -> request.transactItems(debit(100))));
        assertEquals("ThrottlingException", throttled.awsErrorDetails().errorCode());
        assertEquals(2, world.pauses.size());
        assertEquals(true, world.pauses.get(0).toMillis() <= 1_000 && world.pauses.get(1).toMillis() <= 2_000, world.pauses::toString);
        assertEquals("1000", balance(dynamoDb));

        world.faults.add(World.Fault.THROTTLE); // a transaction's ThrottlingError: a cancellation, which the SDK hands back at once
        assertThrows(TransactionCanceledException.class,
                () -> client(dynamoDb).transactWriteItems(request -> request.transactItems(debit(100))));
        assertEquals(2, world.pauses.size());
    }
}
