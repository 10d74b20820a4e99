package com.example.stock;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdakit.config.Environment;
import com.example.receiver.lambda.IdempotentReceiver;
import java.io.PrintStream;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The stock reservations' SQS-triggered function: the whole wiring is the builder's chain. */
final class StockFunction implements RequestHandler<SQSEvent, SQSBatchResponse>, AutoCloseable {

    private final IdempotentReceiver<Reservation> receiver;

    StockFunction(Map<String, String> variables, DynamoDbClient dynamoDb, PrintStream out) {
        Environment env = new Environment(variables);
        this.receiver = IdempotentReceiver.builder(new ReservationParser(),
                        new StockReservations(env.required("STOCK_TABLE"), env.required("RESERVATIONS_TABLE")))
                .service("stock-reservations").keyPrefix("RESERVATION").keyField("reservation_id")
                .environment(variables).dynamoDb(dynamoDb).out(out)
                .build();
    }

    @Override
    public SQSBatchResponse handleRequest(SQSEvent event, Context context) {
        return receiver.handle(event, context);
    }

    @Override
    public void close() {
        receiver.close();
    }
}
