package org.example.wallets;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.receiver.BatchResult;
import com.example.receiver.lambda.IdempotentReceiver;
import java.io.PrintStream;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The wallet transfers' SQS-triggered function: the whole wiring is the builder's chain. */
public final class TransferFunction implements RequestHandler<SQSEvent, SQSBatchResponse>, AutoCloseable {

    private final IdempotentReceiver<Transfer> receiver;

    public TransferFunction(Map<String, String> variables, DynamoDbClient dynamoDb, PrintStream out) {
        this.receiver = IdempotentReceiver.builder(new TransferParser(),
                        new WalletTransfers(variables.get("WALLETS_TABLE"), variables.get("TRANSFERS_TABLE")))
                .service("wallet-transfers").keyPrefix("TRANSFER").keyField("transfer_id")
                .environment(variables).dynamoDb(dynamoDb).out(out)
                .build();
    }

    @Override
    public SQSBatchResponse handleRequest(SQSEvent event, Context context) {
        return receiver.handle(event, context);
    }

    /** The batch's decisions as values, for a caller that acts on them (and its tests). */
    public BatchResult decide(SQSEvent event) {
        return receiver.decide(event, null);
    }

    @Override
    public void close() {
        receiver.close();
    }
}
