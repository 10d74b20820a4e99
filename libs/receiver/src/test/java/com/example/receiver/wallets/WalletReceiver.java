package com.example.receiver.wallets;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.receiver.testkit.DynamoDbCallCounter;
import com.example.localaws.LocalAws;
import com.example.receiver.BatchResult;
import com.example.receiver.lambda.IdempotentReceiver;
import com.example.receiver.lambda.ReceiverVariables;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A wallet-transfers function on the library, against the local AWS: wired by the public builder
 * alone, on a DynamoDB client that counts its calls (what a batch costs), with no cache and no SQS
 * (soon redelivery off), its lines dropped.
 */
public final class WalletReceiver implements AutoCloseable {

    /** The calls the receiver made to DynamoDB since it was built (its check of the records table at init left out). */
    public final DynamoDbCallCounter calls = new DynamoDbCallCounter();
    private final DynamoDbClient dynamoDb;
    private final IdempotentReceiver<Transfer> receiver;

    /** A receiver on {@code tables}, grouping a lane's transfers when {@code groupCommit}. */
    public WalletReceiver(LocalAws aws, WalletTables tables, boolean groupCommit) {
        this.dynamoDb = aws.dynamoDb(calls);
        this.receiver = IdempotentReceiver.builder(new TransferParser(), tables.effect())
                .service("wallet-transfers").keyPrefix(WalletTables.KEY_PREFIX).keyField("transfer_id")
                .environment(Map.of(ReceiverVariables.IDEMPOTENCY_TABLE, tables.records(),
                        ReceiverVariables.QUEUE_RETENTION_SECONDS, Long.toString(4 * 24 * 3600),
                        ReceiverVariables.SOON_REDELIVERY, "false",
                        ReceiverVariables.GROUP_COMMIT, Boolean.toString(groupCommit)))
                .dynamoDb(dynamoDb).out(new PrintStream(OutputStream.nullOutputStream()))
                .build();
        calls.reset();
    }

    /** Each message's outcome, as the receiver decided it, in order (no deadline). */
    public BatchResult decide(SQSEvent event) {
        return receiver.decide(event, null);
    }

    @Override
    public void close() {
        receiver.close();
        dynamoDb.close();
    }
}
