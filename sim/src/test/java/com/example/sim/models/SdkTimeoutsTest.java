package com.example.sim.models;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.sim.faults.FaultSchedule;
import com.example.sim.runtime.Scheduler;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The SDK's attempt and call timeouts on the virtual clock ({@link SdkRetries}, {@link FiberDeadlines})
 * and DynamoDB's answers to the retries they cause ({@link ClientRequestTokens}): a timed-out attempt
 * goes on and may be applied, its retry carries the same token and meets it in progress, and the
 * debit is applied once.
 */
class SdkTimeoutsTest {

    private static final long MS = 1_000;

    /** A world on a scheduler whose calls take the scripted times each way (1 ms once the script is done). */
    private static final class Timed extends StillWorld {
        final Scheduler scheduler = new Scheduler(7);
        final ArrayDeque<Long> there = new ArrayDeque<>();
        final ArrayDeque<Long> back = new ArrayDeque<>();

        @Override
        public Instant instant() {
            return scheduler.instant();
        }

        @Override
        public void toService(String service, String operation) {
            scheduler.sleep(there.isEmpty() ? MS : there.poll());
        }

        @Override
        public void fromService(String service, String operation) {
            scheduler.sleep(back.isEmpty() ? MS : back.poll());
        }
    }

    /** Each attempt's answer as DynamoDB gave it, heard by the client or not, with when it was given. */
    private record Answers(DynamoDbClient model, List<String> log, Scheduler scheduler) implements DynamoDbClient {
        @Override
        public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
            try {
                TransactWriteItemsResponse response = model.transactWriteItems(request);
                log.add("OK at " + scheduler.now() / MS + " ms");
                return response;
            } catch (DynamoDbException e) {
                log.add(e.awsErrorDetails().errorCode() + " at " + scheduler.now() / MS + " ms");
                throw e;
            }
        }

        @Override
        public String serviceName() {
            return "dynamodb";
        }

        @Override
        public void close() {
        }
    }

    private record Call(String result, List<String> attempts, String balance) {
    }

    /** GIVEN an account of 1000 and a debit of 100 whose first attempt's answer takes 2.5 s back; WHEN the client calls it. */
    private static Call aDebitWhoseFirstAnswerIsSlow(boolean withTimeouts) {
        Timed world = new Timed();
        world.back.add(2_500 * MS);
        return call(world, withTimeouts);
    }

    private static Call call(Timed world, boolean withTimeouts) {
        DynamoDbModel dynamoDb = new DynamoDbModel(world, 4_000);
        dynamoDb.createTable("accounts", "pk", Optional.empty(), Optional.empty());
        dynamoDb.load("accounts", Map.of("pk", AttributeValue.fromS("A1"), "balance", AttributeValue.fromN("1000")));
        List<String> attempts = new ArrayList<>();
        Answers logged = new Answers(dynamoDb, attempts, world.scheduler);
        SplittableRandom random = new SplittableRandom(3);
        SdkRetries client = withTimeouts
                ? new SdkRetries(logged, () -> random, pause -> world.scheduler.sleep(Scheduler.micros(pause)),
                        new FiberDeadlines(world.scheduler, slowAlways()))
                : new SdkRetries(logged, () -> random, pause -> world.scheduler.sleep(Scheduler.micros(pause)));
        String[] result = new String[1];
        world.scheduler.spawn(new Object(), () -> {
            try {
                client.transactWriteItems(request -> request.transactItems(debit()));
                result[0] = "OK at " + world.scheduler.now() / MS + " ms";
            } catch (SdkException e) {
                result[0] = e.getClass().getSimpleName() + " at " + world.scheduler.now() / MS + " ms";
            }
        });
        world.scheduler.runUntil(Scheduler.micros(Duration.ofMinutes(1)));
        String balance = dynamoDb.table("accounts").get("A1", world.scheduler.instant()).orElseThrow().get("balance").n();
        return new Call(result[0], attempts, balance);
    }

    /** A fault schedule slow throughout, so that every call may time out (its latencies are the world's script). */
    private static FaultSchedule slowAlways() {
        return new FaultSchedule(List.of(new FaultSchedule.Window(0, FaultSchedule.Kind.SLOW, 0, Long.MAX_VALUE / 2)), 0, 0, 0, 0);
    }

    private static TransactWriteItem debit() {
        return TransactWriteItem.builder().update(Update.builder().tableName("accounts")
                .key(Map.of("pk", AttributeValue.fromS("A1")))
                .updateExpression("SET #b = #b - :a").expressionAttributeNames(Map.of("#b", "balance"))
                .expressionAttributeValues(Map.of(":a", AttributeValue.fromN("100"))).build()).build();
    }

    @Test
    void aTimedOutAttempt_isRetriedWithItsToken_meetsItselfInProgress_thenSucceedsWithNothingAppliedAgain() {
        Call call = aDebitWhoseFirstAnswerIsSlow(true);
        // THEN the first attempt, applied at 1 ms, answers at 2.5 s, after the client gave up on it at 2 s;
        // the retry meets it in progress; a later one is told success, nothing applied again
        assertEquals(List.of("TransactionInProgressException at 2049 ms", "OK at 2501 ms", "OK at 3949 ms"), call.attempts());
        assertEquals("OK at 3949 ms", call.result());
        assertEquals("900", call.balance());
    }

    @Test
    void withoutTimeouts_theSlowAnswerIsWaitedFor_soTheTestAboveCanFail() {
        Call call = aDebitWhoseFirstAnswerIsSlow(false);
        assertEquals(List.of("OK at 2501 ms"), call.attempts());
        assertEquals("OK at 2501 ms", call.result());
        assertEquals("900", call.balance());
    }

    @Test
    void attemptsThatNeverArriveInTime_endTheCallAtFiveSeconds_andTheFirstIsAppliedWhenItArrives() {
        Timed world = new Timed();
        world.there.add(7_000 * MS);
        world.there.add(7_000 * MS);
        world.there.add(7_000 * MS);
        Call call = call(world, true);
        assertEquals("ApiCallTimeoutException at 5000 ms", call.result());
        // each attempt, sent again with the same token, arrives after the client gave up: the first applied, the others told so
        assertEquals(List.of("OK at 7001 ms", "OK at 9048 ms", "OK at 11053 ms"), call.attempts());
        assertEquals("900", call.balance());
    }
}
