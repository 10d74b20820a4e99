package org.example.wallets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.receiver.MessageResult;
import com.example.receiver.Outcome;
import com.example.receiver.testkit.DynamoDbCallCounter;
import com.example.receiver.testkit.LocalAwsKit;
import com.example.receiver.testkit.TableSpec;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Wallet transfers on the receiver, tested on the local AWS of receiver-testkit alone. */
class WalletTransfersTest {

    @RegisterExtension
    static final LocalAwsKit AWS = LocalAwsKit.withTables(
            TableSpec.idempotencyRecords("TransferRecords"),
            TableSpec.named("Wallets").partitionKey("wallet_id"),
            TableSpec.named("Transfers").partitionKey("transfer_id"));

    private final DynamoDbClient admin = AWS.dynamoDb();
    private final DynamoDbCallCounter calls = new DynamoDbCallCounter();
    private TransferFunction function;

    @BeforeEach
    void wallets() {
        wallet("W-A", 10_000);
        wallet("W-B", 0);
        function = new TransferFunction(Map.of("IDEMPOTENCY_TABLE", "TransferRecords", "WALLETS_TABLE", "Wallets",
                "TRANSFERS_TABLE", "Transfers", "QUEUE_RETENTION_SECONDS", "345600", "SOON_REDELIVERY", "false"),
                AWS.dynamoDb(calls), new PrintStream(OutputStream.nullOutputStream()));
    }

    @AfterEach
    void close() {
        function.close();
        admin.close();
    }

    @Test
    void aTransferDeliveredTwiceAndRetriedByItsProducer_movesTheMoneyOnce() {
        // GIVEN W-A holds 100.00 and W-B nothing
        // WHEN one batch carries T-1 twice and T-2, then the producer sends T-1 again under a new message id
        List<MessageResult> first = decide(transfer("T-1", 2_500), transfer("T-1", 2_500), transfer("T-2", 1_000));
        List<MessageResult> retried = decide(transfer("T-1", 2_500));
        // THEN T-1 and T-2 are approved once, every other copy is a duplicate
        assertInstanceOf(Outcome.Approved.class, first.get(0).outcome());
        assertInstanceOf(Outcome.Duplicate.class, first.get(1).outcome());
        assertInstanceOf(Outcome.Approved.class, first.get(2).outcome());
        assertInstanceOf(Outcome.Duplicate.class, retried.get(0).outcome());
        // AND the money moved once: 35.00 from W-A to W-B
        assertEquals(6_500, balance("W-A"));
        assertEquals(3_500, balance("W-B"));
        assertEquals(2, admin.scan(scan -> scan.tableName("Transfers")).count());
    }

    @Test
    void aTransferBeyondTheBalance_isDeclined_andTheDeclineReplayed() {
        // GIVEN W-A holds 100.00
        // WHEN T-3 asks for 150.00, and is delivered again after W-A was topped up
        List<MessageResult> first = decide(transfer("T-3", 15_000));
        wallet("W-A", 20_000);
        List<MessageResult> again = decide(transfer("T-3", 15_000));
        // THEN it is declined, and the decline replayed: no money moved
        assertEquals(new Outcome.Declined("INSUFFICIENT_FUNDS"), first.get(0).outcome());
        assertInstanceOf(Outcome.Duplicate.class, again.get(0).outcome());
        assertEquals(20_000, balance("W-A"));
        assertEquals(0, balance("W-B"));
    }

    @Test
    void theSameTransferIdWithAnotherAmount_isAConflict_andCostsOneCall() {
        // GIVEN T-4 approved
        decide(transfer("T-4", 1_000));
        calls.reset();
        // WHEN T-4 comes again for another amount
        List<MessageResult> conflicting = decide(transfer("T-4", 9_000));
        // THEN it is a conflict, told by the record of one cancelled transaction, and nothing moved twice
        assertInstanceOf(Outcome.Conflict.class, conflicting.get(0).outcome());
        assertEquals(Map.of("TransactWriteItems", 1), calls.byOperation());
        assertEquals(9_000, balance("W-A"));
        assertEquals(1_000, balance("W-B"));
    }

    private List<MessageResult> decide(String... bodies) {
        SQSEvent event = new SQSEvent();
        event.setRecords(java.util.Arrays.stream(bodies).map(WalletTransfersTest::delivery).toList());
        return function.decide(event).results();
    }

    private static String transfer(String id, long amountMinor) {
        return "{\"transfer_id\":\"" + id + "\",\"from\":\"W-A\",\"to\":\"W-B\",\"amount_minor\":" + amountMinor + "}";
    }

    private static SQSEvent.SQSMessage delivery(String body) {
        SQSEvent.SQSMessage message = new SQSEvent.SQSMessage();
        message.setMessageId(UUID.randomUUID().toString());
        message.setBody(body);
        message.setEventSource("aws:sqs");
        message.setAttributes(Map.of("ApproximateReceiveCount", "1"));
        return message;
    }

    private void wallet(String id, long balanceMinor) {
        admin.putItem(put -> put.tableName("Wallets").item(Map.of("wallet_id", AttributeValue.fromS(id),
                "balance", AttributeValue.fromN(Long.toString(balanceMinor)))));
    }

    private long balance(String id) {
        return Long.parseLong(admin.getItem(get -> get.tableName("Wallets")
                .key(Map.of("wallet_id", AttributeValue.fromS(id)))).item().get("balance").n());
    }
}
