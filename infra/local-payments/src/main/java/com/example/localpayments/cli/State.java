package com.example.localpayments.cli;

import com.example.localaws.LocalAws;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * {@code make state}: accounts, ledger rows, idempotency records, dead letters, the notifications
 * the push API delivered, the notifier's DLQ, the publisher's on-failure and unpublishable queues
 * of the running local AWS as one JSON document with totals ({@link StateDocument}), and
 * {@code queues}: every queue of the stack by logical id, with its visible and in-flight
 * messages. Option: {@code --dlq LOGICAL_ID} (default {@code PaymentsDeadLetterQueue}).
 */
final class State implements Command {

    @Override
    public JsonNode run(Options options, Console console) {
        RunState state = RunState.require(console.stateDir());
        String dlq = state.queue(options.get("dlq").orElse("PaymentsDeadLetterQueue"));
        try (LocalAws aws = LocalAws.attach(state.motoEndpoint(), state.redisPort());
             DynamoDbClient dynamoDb = aws.dynamoDb();
             SqsClient sqs = aws.sqs()) {
            ObjectNode document = StateDocument.payments(dynamoDb, sqs, dlq, new StateDocument.Downstream(state.pushApiBaseUrl(),
                    state.queue("NotificationsDeadLetterQueue"), state.queue(Drain.STREAM_FAILURE_QUEUE),
                    state.queue("PaymentEventsUnpublishableQueue"))).read();
            ObjectNode queues = document.putObject("queues");
            new TreeMap<>(state.queues()).forEach((logicalId, url) -> {
                Map<QueueAttributeName, String> depth = sqs.getQueueAttributes(request -> request.queueUrl(url).attributeNames(
                        QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES,
                        QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE)).attributes();
                ObjectNode queue = queues.putObject(logicalId);
                queue.put("visible", Long.parseLong(depth.getOrDefault(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES, "0")));
                queue.put("inFlight", Long.parseLong(depth.getOrDefault(
                        QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE, "0")));
            });
            return document;
        }
    }
}
