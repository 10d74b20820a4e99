package com.example.localaws.cli;

import com.example.localaws.LocalAws;
import com.fasterxml.jackson.databind.JsonNode;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * {@code make state}: accounts, ledger rows, idempotency records and dead letters of the running
 * local AWS as one JSON document with totals ({@link StateDocument}). Option:
 * {@code --dlq LOGICAL_ID} (default {@code PaymentsDeadLetterQueue}).
 */
final class State implements Command {

    @Override
    public JsonNode run(Options options, Console console) {
        RunState state = RunState.require(console.stateDir());
        String dlq = state.queue(options.get("dlq").orElse("PaymentsDeadLetterQueue"));
        try (LocalAws aws = LocalAws.attach(state.motoEndpoint(), state.redisPort());
             DynamoDbClient dynamoDb = aws.dynamoDb();
             SqsClient sqs = aws.sqs()) {
            return StateDocument.payments(dynamoDb, sqs, dlq).read();
        }
    }
}
