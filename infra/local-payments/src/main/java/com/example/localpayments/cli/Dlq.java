package com.example.localpayments.cli;

import com.example.localaws.LocalAws;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;

/**
 * {@code make dlq}: the messages of one queue of {@code make up}'s local AWS (a DLQ by default),
 * with their attributes, read without hiding them, as {@code aws sqs receive-message} then
 * {@code aws sqs delete-message} do in AWS (docs/deploy.md, {@code dlq-not-empty}). Options:
 * {@code --queue LOGICAL_ID} (default {@code PaymentsDeadLetterQueue}), {@code --delete ID,...}
 * (the message ids to delete once handled; every other message stays, visible). A
 * {@code CONFLICT} is shown with the idempotency record its {@code txn_id} names
 * ({@code storedRecord}), so what the stored decision holds is seen beside the message's body.
 */
final class Dlq implements Command {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_ROUNDS = 1_000;
    /** The idempotency table, named after its logical id as the local AWS names every resource. */
    private static final String IDEMPOTENCY_TABLE = "IdempotencyTable";

    @Override
    public JsonNode run(Options options, Console console) {
        RunState state = RunState.require(console.stateDir());
        String queue = options.get("queue").orElse("PaymentsDeadLetterQueue");
        Set<String> delete = new LinkedHashSet<>(options.get("delete").map(ids -> Arrays.asList(ids.split(",")))
                .orElse(List.of()));
        try (LocalAws aws = LocalAws.attach(state.motoEndpoint(), state.redisPort()); SqsClient sqs = aws.sqs()) {
            String url = state.queue(queue);
            List<String> deleted = delete.isEmpty() ? List.of() : delete(sqs, url, delete);
            Set<String> missing = new LinkedHashSet<>(delete);
            deleted.forEach(missing::remove);
            if (!missing.isEmpty()) {
                throw new CliException("no message " + missing + " in " + queue + " (make dlq QUEUE=" + queue
                        + " lists its message ids); deleted " + deleted);
            }
            ArrayNode messages = new StateDocument.DeadLetterSection(queue, sqs, url).items();
            try (DynamoDbClient dynamoDb = aws.dynamoDb()) {
                messages.forEach(message -> storedRecordOfConflict(dynamoDb, (ObjectNode) message));
            }
            console.progress("%s: %d messages%s", queue, messages.size(), deleted.isEmpty() ? "" : ", " + deleted.size() + " deleted");
            ObjectNode document = JSON.createObjectNode();
            document.put("queue", queue);
            document.set("deleted", JSON.valueToTree(deleted));
            document.set("messages", messages);
            return document;
        }
    }

    /** Puts the idempotency record a {@code CONFLICT}'s {@code txn_id} names beside it. */
    private static void storedRecordOfConflict(DynamoDbClient dynamoDb, ObjectNode message) {
        JsonNode attributes = message.path("attributes");
        String txn = attributes.path("txn_id").asText("");
        if (!"CONFLICT".equals(attributes.path("outcome").asText()) || txn.isEmpty()) {
            return;
        }
        Map<String, AttributeValue> item = dynamoDb.getItem(request -> request.tableName(IDEMPOTENCY_TABLE).consistentRead(true)
                .key(Map.of("pk", AttributeValue.fromS("PAYMENT#" + txn)))).item();
        message.set("storedRecord", item == null || item.isEmpty() ? null : StateDocument.json(item));
    }

    /** Deletes the messages of {@code ids} it finds; every other message read is made visible again. */
    private static List<String> delete(SqsClient sqs, String url, Set<String> ids) {
        List<String> deleted = new ArrayList<>();
        List<Message> kept = new ArrayList<>();
        for (int round = 0; round < MAX_ROUNDS && deleted.size() < ids.size(); round++) {
            List<Message> got = sqs.receiveMessage(request -> request.queueUrl(url).maxNumberOfMessages(10)
                    .visibilityTimeout(60)).messages();
            if (got.isEmpty()) {
                break;
            }
            for (Message message : got) {
                if (ids.contains(message.messageId())) {
                    sqs.deleteMessage(request -> request.queueUrl(url).receiptHandle(message.receiptHandle()));
                    deleted.add(message.messageId());
                } else {
                    kept.add(message);
                }
            }
        }
        for (Message message : kept) {
            sqs.changeMessageVisibility(request -> request.queueUrl(url).receiptHandle(message.receiptHandle())
                    .visibilityTimeout(0));
        }
        return deleted;
    }
}
