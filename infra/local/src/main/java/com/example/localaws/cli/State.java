package com.example.localaws.cli;

import com.example.localaws.LocalAws;
import com.fasterxml.jackson.databind.JsonNode;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * {@code make state}: accounts, ledger rows, idempotency records, dead letters, the notifications
 * the push API delivered, the notifier's DLQ and the publisher's on-failure queue of the running
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
            return StateDocument.payments(dynamoDb, sqs, dlq, new StateDocument.Downstream(state.pushApiBaseUrl(),
                    state.queue("NotificationsDeadLetterQueue"), state.queue(Drain.STREAM_FAILURE_QUEUE))).read();
        }
    }
}
