package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.producerRetry;
import static com.example.payment.PaymentMessages.purchase;
import static com.example.payment.authorizer.AuthorizerRig.event;
import static com.example.payment.authorizer.AuthorizerRig.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.example.localaws.LocalAws;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Redeliveries and producer retries of one payment: its WARN line names the transaction, and a
 * producer's retry (a new message id and timestamp in the headers) is a duplicate. What redelivery
 * costs with the cache up or down, in-batch duplicates and conflicts are the library's, tested in
 * libs/receiver ({@code RedeliveryTest} there).
 */
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
}
