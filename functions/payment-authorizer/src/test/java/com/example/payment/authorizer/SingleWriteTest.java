package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static com.example.payment.PaymentMessages.refund;
import static com.example.payment.authorizer.AuthorizerRig.event;
import static com.example.payment.authorizer.AuthorizerRig.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.LocalAws;
import com.example.payment.AccountAttributes;
import com.example.payment.Payment;
import com.example.receiver.dynamodb.SingleWriteAttributes;
import com.example.receiver.lambda.IdempotentReceiver;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.receiver.testkit.Fault;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * The authorizer with {@code COMMIT_MODE=single-write} on the local AWS: each payment decided on
 * its account by one conditional write, its ledger entry and record derived after; a copy that
 * finds the decision on the account completes what the first copy did not write.
 */
class SingleWriteTest extends LocalAwsTest {

    static final String REGION = "eu-west-1";

    SingleWriteTest(LocalAws aws) {
        super(aws);
    }

    private AuthorizerRig rig() {
        Map<String, String> env = new HashMap<>(AuthorizerRig.environment(aws, false));
        env.put(ReceiverVariables.COMMIT_MODE, "single-write");
        env.put("AWS_REGION", REGION);
        return AuthorizerRig.with(aws, env, Clock.systemUTC());
    }

    @Test
    void aPurchase_isDecidedOnce_andACopyAfterTheCommitIsADuplicate() {
        try (AuthorizerRig rig = rig()) {
            // GIVEN 100.00 EUR
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            String message = purchase("TXN-1", "ACC-1", "25.00", "EUR");
            // WHEN the purchase is delivered: two strongly consistent reads, the account's write, the two derived puts
            SQSBatchResponse first = rig.invoke(event(message));
            assertEquals(Map.of("GetItem", 2, "UpdateItem", 1, "PutItem", 2), rig.calls.byOperation());
            // AND delivered again: the record's read alone
            rig.calls.reset();
            SQSBatchResponse copy = rig.invoke(event(message));
            assertEquals(Map.of("GetItem", 1), rig.calls.byOperation());
            // THEN debited once, one ledger entry, the record with its Region and time of writing
            assertEquals(List.of(), failures(first));
            assertEquals(List.of(), failures(copy));
            assertEquals(7_500, rig.ledger.balance("ACC-1"));
            assertEquals(1, rig.ledger.entries("ACC-1").size());
            Map<String, AttributeValue> record = rig.ledger.record("TXN-1").orElseThrow();
            assertEquals("APPROVED", record.get(IdempotencyRecordAttributes.STATUS).s());
            assertEquals(REGION, record.get(IdempotencyRecordAttributes.REGION).s());
            assertTrue(record.containsKey(IdempotencyRecordAttributes.RECORDED_AT), record::toString);
            // AND every attribute a record had before single-write, for the publisher, the notifier and older readers
            assertTrue(record.keySet().containsAll(List.of(IdempotencyRecordAttributes.PK, IdempotencyRecordAttributes.STATUS,
                    IdempotencyRecordAttributes.FINGERPRINT, IdempotencyRecordAttributes.RESULT,
                    IdempotencyRecordAttributes.PROCESSED_AT, IdempotencyRecordAttributes.EXPIRES_AT)), record::toString);
            // AND the account holds the decision once, at version 1
            Map<String, AttributeValue> account = account(rig, "ACC-1");
            assertEquals("1", account.get(SingleWriteAttributes.VERSION).n());
            assertEquals("APPROVED", applied(account, "TXN-1").get(IdempotencyRecordAttributes.STATUS).s());
            assertEquals(REGION, applied(account, "TXN-1").get(IdempotencyRecordAttributes.REGION).s());
            assertEquals(List.of("APPROVED", "DUPLICATE"), outcomes(rig));
        }
    }

    @Test
    void aCopyWithAnotherFingerprint_isAConflict_andNothingMoves() {
        try (AuthorizerRig rig = rig()) {
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            rig.invoke(event(purchase("TXN-1", "ACC-1", "25.00", "EUR")));
            rig.invoke(event(purchase("TXN-1", "ACC-1", "30.00", "EUR")));
            assertEquals(7_500, rig.ledger.balance("ACC-1"));
            assertEquals(List.of("APPROVED", "CONFLICT"), outcomes(rig));
        }
    }

    @Test
    void eachDeclineReason_isDecidedFromTheAccountAsRead_andWrittenOnIt() {
        try (AuthorizerRig rig = rig()) {
            // GIVEN a blocked account, a USD account and one with 1.00 EUR
            rig.ledger.openAccount("ACC-BLOCKED", 100_000, "EUR", AccountAttributes.BLOCKED);
            rig.ledger.openAccount("ACC-USD", 100_000, "USD");
            rig.ledger.openAccount("ACC-POOR", 100, "EUR");
            rig.invoke(event(purchase("TXN-1", "ACC-NONE", "1.00", "EUR"),
                    purchase("TXN-2", "ACC-BLOCKED", "1.00", "EUR"),
                    purchase("TXN-3", "ACC-USD", "1.00", "EUR"),
                    purchase("TXN-4", "ACC-POOR", "1.01", "EUR")));
            assertEquals("UNKNOWN_ACCOUNT", rig.ledger.record("TXN-1").orElseThrow().get("reason").s());
            assertEquals("ACCOUNT_BLOCKED", rig.ledger.record("TXN-2").orElseThrow().get("reason").s());
            assertEquals("CURRENCY_MISMATCH", rig.ledger.record("TXN-3").orElseThrow().get("reason").s());
            assertEquals("INSUFFICIENT_FUNDS", rig.ledger.record("TXN-4").orElseThrow().get("reason").s());
            assertEquals(4, rig.metric("Declined"));
            // THEN no balance moved, no ledger entry, no account made up for the unknown one
            assertEquals(100, rig.ledger.balance("ACC-POOR"));
            assertEquals(100_000, rig.ledger.balance("ACC-USD"));
            assertEquals(0, rig.ledger.allEntries());
            assertTrue(account(rig, "ACC-NONE").isEmpty());
            // AND a decline on an account is written on it, with its reason
            Map<String, AttributeValue> poor = applied(account(rig, "ACC-POOR"), "TXN-4");
            assertEquals("DECLINED", poor.get(IdempotencyRecordAttributes.STATUS).s());
            assertEquals("INSUFFICIENT_FUNDS", poor.get(IdempotencyRecordAttributes.REASON).s());
        }
    }

    @Test
    void aRefund_creditsTheAccount_withoutAFundsCheck() {
        try (AuthorizerRig rig = rig()) {
            rig.ledger.openAccount("ACC-1", 0, "EUR");
            rig.invoke(event(refund("TXN-R", "ACC-1", "12.34", "EUR")));
            assertEquals(1_234, rig.ledger.balance("ACC-1"));
            assertEquals(1_234, Long.parseLong(rig.ledger.entries("ACC-1").get(0).get("amountMinor").n()));
        }
    }

    @Test
    void anUnknownAccountTwice_isDeclinedThenADuplicate() {
        try (AuthorizerRig rig = rig()) {
            String message = purchase("TXN-1", "ACC-NONE", "1.00", "EUR");
            rig.invoke(event(message));
            rig.invoke(event(message));
            assertEquals(List.of("DECLINED", "DUPLICATE"), outcomes(rig));
            assertTrue(account(rig, "ACC-NONE").isEmpty());
        }
    }

    @ParameterizedTest(name = "{0} put fails")
    @CsvSource({"LedgerTable, 0", "IdempotencyTable, 1"})
    void aCrashBetweenTheAccountsWriteAndADerivedWrite_isARetry_andTheCopyThatComesBackCompletesThemAsADuplicate(
            String failing, int entriesAfterCrash) {
        try (AuthorizerRig rig = rig()) {
            // GIVEN the put of the ledger entry, or of the record, failing (every attempt of the SDK's)
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            aws.moto().inject(Fault.internalError("PutItem", failing, 100));
            String message = purchase("TXN-1", "ACC-1", "25.00", "EUR");
            SQSBatchResponse crashed = rig.invoke(event(message));
            // THEN a retry: the account holds the decision, the ledger entry exists only when written
            // before the failing put (it comes first), the record does not
            assertEquals(1, failures(crashed).size());
            assertEquals(7_500, rig.ledger.balance("ACC-1"));
            assertEquals(entriesAfterCrash, rig.ledger.entries("ACC-1").size());
            assertTrue(rig.ledger.record("TXN-1").isEmpty());
            // WHEN the copy comes back
            aws.moto().clearFaults();
            SQSBatchResponse back = rig.invoke(event(message));
            // THEN it completes the entry and the record, debits nothing more, and is a duplicate
            assertEquals(List.of(), failures(back));
            assertEquals(7_500, rig.ledger.balance("ACC-1"));
            assertEquals(1, rig.ledger.entries("ACC-1").size());
            assertEquals("APPROVED", rig.ledger.record("TXN-1").orElseThrow().get("status").s());
            assertEquals(List.of("RETRY", "DUPLICATE"), outcomes(rig));
        }
    }

    @Test
    void aReplicatedWriteConflict_isAContentionRetry_andNothingIsWritten() {
        try (AuthorizerRig rig = rig()) {
            // GIVEN the account's write refused as MRSC refuses one while another Region writes the
            // item (the moto launcher answers the error code, which the local AWS cannot raise)
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            aws.moto().inject(new Fault("UpdateItem", "AccountsTable", 400, "ReplicatedWriteConflictException", 100));
            String message = purchase("TXN-1", "ACC-1", "25.00", "EUR");
            SQSBatchResponse refused = rig.invoke(event(message));
            // THEN a retry for contention, brought back soon; the account untouched
            assertEquals(1, failures(refused).size());
            JsonNode retry = rig.output().logs().stream().filter(line -> "RETRY".equals(line.path("outcome").asText()))
                    .findFirst().orElseThrow();
            assertEquals("CONTENTION", retry.path("cause").asText(), retry::toString);
            assertTrue(retry.path("detail").asText().contains("ReplicatedWriteConflictException"), retry::toString);
            assertEquals(10_000, rig.ledger.balance("ACC-1"));
            assertFalse(account(rig, "ACC-1").containsKey(SingleWriteAttributes.APPLIED));
            // AND the copy that comes back is decided
            aws.moto().clearFaults();
            assertEquals(List.of(), failures(rig.invoke(event(message))));
            assertEquals(7_500, rig.ledger.balance("ACC-1"));
        }
    }

    @Test
    void twoEnvironmentsDecidingOneAccountAtOnce_decideEveryPaymentOnce() throws Exception {
        try (AuthorizerRig left = rig(); AuthorizerRig right = rig()) {
            // GIVEN 100.00 EUR and 20 purchases of 1.00, half to each execution environment
            left.ledger.openAccount("ACC-1", 10_000, "EUR");
            List<String> leftMessages = new ArrayList<>();
            List<String> rightMessages = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                (i % 2 == 0 ? leftMessages : rightMessages).add(purchase("TXN-" + i, "ACC-1", "1.00", "EUR"));
            }
            // WHEN both decide at once, each redelivering what it was told to retry
            CompletableFuture<Void> one = CompletableFuture.runAsync(() -> untilDecided(left, leftMessages));
            CompletableFuture<Void> two = CompletableFuture.runAsync(() -> untilDecided(right, rightMessages));
            one.get();
            two.get();
            // THEN the balance is the sum, every payment approved once, one ledger entry each
            assertEquals(8_000, left.ledger.balance("ACC-1"));
            assertEquals(20, left.ledger.entries("ACC-1").size());
            assertEquals(20, left.metric("Approved") + right.metric("Approved"));
            assertEquals("20", account(left, "ACC-1").get(SingleWriteAttributes.VERSION).n());
        }
    }

    @Test
    void aWriteBetweenTheReadAndTheUpdate_failsTheUpdate_andThePaymentIsDecidedAgainOnTheAccountAsItIsThen() throws Exception {
        // GIVEN an environment whose read of the account is held until another has debited it
        CountDownLatch read = new CountDownLatch(1);
        CountDownLatch resume = new CountDownLatch(1);
        ExecutionInterceptor holdAfterAccountRead = new ExecutionInterceptor() {
            @Override
            public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
                if (context.request() instanceof GetItemRequest get && Ledger.ACCOUNTS.equals(get.tableName())
                        && read.getCount() > 0) {
                    read.countDown();
                    try {
                        assertTrue(resume.await(30, TimeUnit.SECONDS), "the other environment never debited");
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
        };
        Map<String, String> env = new HashMap<>(AuthorizerRig.environment(aws, false));
        env.put(ReceiverVariables.COMMIT_MODE, "single-write");
        env.put("AWS_REGION", REGION);
        try (AuthorizerRig other = rig();
             DynamoDbClient held = aws.dynamoDb(holdAfterAccountRead);
             IdempotentReceiver<Payment> receiver = PaymentAuthorizer.create(env, held, aws::secretString,
                     Clock.systemUTC(), new PrintStream(OutputStream.nullOutputStream()))) {
            other.ledger.openAccount("ACC-1", 10_000, "EUR");
            PaymentAuthorizerHandler first = new PaymentAuthorizerHandler(receiver);
            // WHEN the first reads the account, the other debits 20.00, then the first writes its 10.00
            CompletableFuture<SQSBatchResponse> firstDone = CompletableFuture.supplyAsync(() ->
                    first.handleRequest(event(purchase("TXN-FIRST", "ACC-1", "10.00", "EUR")), null));
            assertTrue(read.await(30, TimeUnit.SECONDS), "the first environment never read the account");
            assertEquals(List.of(), failures(other.invoke(event(purchase("TXN-OTHER", "ACC-1", "20.00", "EUR")))));
            resume.countDown();
            // THEN both are debited: the first's write failed on the version, and it decided again
            assertEquals(List.of(), failures(firstDone.get(60, TimeUnit.SECONDS)));
            assertEquals(7_000, other.ledger.balance("ACC-1"));
            assertEquals("2", account(other, "ACC-1").get(SingleWriteAttributes.VERSION).n());
            assertEquals(2, other.ledger.entries("ACC-1").size());
        }
    }

    /** Invokes {@code rig} with {@code messages}, then with those it failed, until none fails (20 rounds at most). */
    private static void untilDecided(AuthorizerRig rig, List<String> messages) {
        SQSEvent batch = event(messages.toArray(String[]::new));
        for (int round = 0; round < 20 && !batch.getRecords().isEmpty(); round++) {
            List<String> failed = failures(rig.invoke(batch));
            List<String> again = batch.getRecords().stream().filter(record -> failed.contains(record.getMessageId()))
                    .map(SQSEvent.SQSMessage::getBody).toList();
            batch = event(again.toArray(String[]::new));
        }
        assertTrue(batch.getRecords().isEmpty(), "still failing after 20 rounds: " + batch.getRecords().size());
    }

    private static List<String> outcomes(AuthorizerRig rig) {
        return rig.output().logs().stream().map(line -> line.path("outcome").asText()).filter(outcome -> !outcome.isEmpty())
                .toList();
    }

    private static Map<String, AttributeValue> account(AuthorizerRig rig, String id) {
        Map<String, AttributeValue> item = rig.dynamoDb.getItem(request -> request.tableName(Ledger.ACCOUNTS)
                .key(Map.of(AccountAttributes.PK, AttributeValue.fromS(id))).consistentRead(true)).item();
        return item == null ? Map.of() : item;
    }

    private static Map<String, AttributeValue> applied(Map<String, AttributeValue> account, String txn) {
        return account.get(SingleWriteAttributes.APPLIED).m().get(txn).m();
    }
}
