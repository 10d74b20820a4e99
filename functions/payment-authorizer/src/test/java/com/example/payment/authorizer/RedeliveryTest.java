package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.producerRetry;
import static com.example.payment.PaymentMessages.purchase;
import static com.example.payment.authorizer.AuthorizerRig.event;
import static com.example.payment.authorizer.AuthorizerRig.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.LocalAws;
import com.example.localaws.RedisNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Redeliveries and producer retries of one payment, with and without the fast path. */
class RedeliveryTest extends LocalAwsTest {

    RedeliveryTest(LocalAws aws) {
        super(aws);
    }

    @Test
    void messageDeliveredThreeTimes_withRedis_debitsOnce_andDuplicatesMakeNoDynamoDbCall() {
        try (AuthorizerRig rig = AuthorizerRig.withFastPath(aws)) {
            // GIVEN an account with 100.00 EUR
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            String message = purchase("TXN-1", "ACC-1", "25.50", "EUR");
            // WHEN the same message is delivered three times, in three invocations
            SQSBatchResponse first = rig.invoke(event(message));
            rig.calls.reset();
            SQSBatchResponse second = rig.invoke(event(message));
            SQSBatchResponse third = rig.invoke(event(message));
            // THEN one debit, one ledger row, two duplicates from the fast path with no DynamoDB call
            assertEquals(List.of(), failures(first));
            assertEquals(List.of(), failures(second));
            assertEquals(List.of(), failures(third));
            assertEquals(10_000 - 2_550, rig.ledger.balance("ACC-1"));
            assertEquals(1, rig.ledger.entries("ACC-1").size());
            assertEquals(0, rig.calls.total(), "duplicates answered by the fast path alone");
            assertEquals(1, rig.metric("Approved"));
            assertEquals(2, rig.metric("DuplicateFastPath"));
            assertEquals(2, rig.logsOf("DUPLICATE").size());
            assertTrue(rig.logsOf("DUPLICATE").get(0).contains("Duplicate message discarded, txn_id=TXN-1"));
        }
    }

    @Test
    void messageDeliveredThreeTimes_withRedisDown_costsOneDynamoDbCallPerDuplicate() {
        try (AuthorizerRig rig = AuthorizerRig.withFastPath(aws)) {
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            String message = purchase("TXN-1", "ACC-1", "25.50", "EUR");
            // GIVEN redis-server is down
            aws.redis().stop();
            // WHEN delivered three times
            rig.invoke(event(message));
            rig.calls.reset();
            SQSBatchResponse second = rig.invoke(event(message));
            int afterSecond = rig.calls.total();
            SQSBatchResponse third = rig.invoke(event(message));
            // THEN still one debit; each duplicate is recognised by one TransactWriteItems, no read
            assertEquals(List.of(), failures(second));
            assertEquals(List.of(), failures(third));
            assertEquals(1, afterSecond);
            assertEquals(2, rig.calls.total());
            assertEquals(2, rig.calls.of("TransactWriteItems"));
            assertEquals(10_000 - 2_550, rig.ledger.balance("ACC-1"));
            assertEquals(1, rig.ledger.entries("ACC-1").size());
            assertEquals(2, rig.metric("DuplicateStore"));
            assertTrue(rig.metric("FastPathUnavailable") >= 1);
        }
    }

    @Test
    void batchOfTen_costsOneRoundTripOfGetsAndOneOfSets_andTenTransactions() {
        try (AuthorizerRig rig = AuthorizerRig.withFastPath(aws)) {
            rig.ledger.openAccounts(10, 10_000);
            String[] batch = new String[10];
            for (int i = 0; i < batch.length; i++) {
                batch[i] = purchase("TXN-B-" + i, "ACC-" + i, "1.00", "EUR");
            }
            rig.invoke(event(purchase("TXN-B-WARM", "ACC-0", "0.01", "EUR"))); // the client learns the slot map
            RedisNode node = aws.redis().node(0);
            node.resetStats();
            rig.calls.reset();
            // WHEN a batch of 10 new payments runs, then the same batch again
            rig.invoke(event(batch));
            long roundTripsNew = node.roundTrips();
            long getNew = node.calls("get");
            long setexNew = node.calls("setex");
            int dynamoNew = rig.calls.total();
            rig.calls.reset();
            node.resetStats();
            rig.invoke(event(batch));
            // THEN new: ten GETs in one pipeline, ten SETEX in another (two round trips, read from
            // the server's own INFO stats), one TransactWriteItems each;
            // duplicates: one round trip of ten GETs, nothing written, no DynamoDB call
            assertEquals(2, roundTripsNew);
            assertEquals(10, getNew);
            assertEquals(10, setexNew);
            assertEquals(10, dynamoNew);
            assertEquals(1, node.roundTrips());
            assertEquals(10, node.calls("get"));
            assertEquals(0, node.calls("setex"));
            assertEquals(0, rig.calls.total());
        }
    }

    @Test
    void producerRetry_withNewMessageIdAndTimestamp_isDuplicate() {
        try (AuthorizerRig rig = AuthorizerRig.withoutFastPath(aws)) {
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            String original = purchase("TXN-1", "ACC-1", "25.50", "EUR");
            rig.invoke(event(original));
            // WHEN the producer re-sends the operation with a new message id and timestamp
            SQSBatchResponse retry = rig.invoke(event(producerRetry(original)));
            // THEN it is a duplicate of the store: acknowledged, nothing written
            assertEquals(List.of(), failures(retry));
            assertEquals(1, rig.metric("DuplicateStore"));
            assertEquals(10_000 - 2_550, rig.ledger.balance("ACC-1"));
        }
    }

    @Test
    void sameTransactionWithDifferentAmount_isConflict_failed_andWritesNothing() {
        try (AuthorizerRig rig = AuthorizerRig.withoutFastPath(aws)) {
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            rig.invoke(event(purchase("TXN-1", "ACC-1", "25.50", "EUR")));
            String recordBefore = rig.ledger.record("TXN-1").orElseThrow().toString();
            // WHEN the same transaction id arrives with another amount
            SQSEvent conflicting = event(purchase("TXN-1", "ACC-1", "99.99", "EUR"));
            SQSBatchResponse response = rig.invoke(conflicting);
            // THEN it is a batch item failure (it will end in the DLQ), and nothing changed
            assertEquals(List.of(conflicting.getRecords().get(0).getMessageId()), failures(response));
            assertEquals(1, rig.metric("Conflict"));
            assertEquals(10_000 - 2_550, rig.ledger.balance("ACC-1"));
            assertEquals(1, rig.ledger.entries("ACC-1").size());
            assertEquals(recordBefore, rig.ledger.record("TXN-1").orElseThrow().toString());
            String warn = rig.logsOf("CONFLICT").get(0);
            assertTrue(warn.contains("\"level\":\"WARN\"") && warn.contains("stored_fingerprint")
                    && warn.contains("received_fingerprint"), warn);
        }
    }

    @Test
    void sameTransactionTwiceInOneBatch_isOneDecisionAndOneDuplicate() {
        try (AuthorizerRig rig = AuthorizerRig.withFastPath(aws)) {
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            String message = purchase("TXN-1", "ACC-1", "25.50", "EUR");
            SQSBatchResponse response = rig.invoke(event(message, producerRetry(message)));
            assertEquals(List.of(), failures(response));
            assertEquals(1, rig.calls.of("TransactWriteItems"));
            assertEquals(1, rig.metric("Approved"));
            assertEquals(1, rig.metric("DuplicateInBatch"));
            assertEquals(10_000 - 2_550, rig.ledger.balance("ACC-1"));
        }
    }
}
