package com.example.localpayments.cli;

import com.example.localaws.LocalAws;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
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
 * read without hiding them, as docs/deploy.md's one DLQ read ({@code aws sqs receive-message})
 * then {@code aws sqs delete-message} do in AWS. Each message with the columns of that read:
 * {@code messageId}, {@code txnId} (its {@code txn_id} or {@code transaction_id} attribute, else
 * the body's transaction id), {@code outcome}, {@code reason}, {@code field}, {@code rule},
 * {@code receiveCount} (SQS's, reads included), {@code ageSeconds} since it was sent, its
 * attributes, and its body when asked ({@code --body true}). Beside them, how many messages are
 * in flight or delayed, and why none of those is listed ({@link QueueCounts}). Options:
 * {@code --queue LOGICAL_ID} (default {@code PaymentsDeadLetterQueue}), {@code --delete ID,...}
 * (the message ids to delete once handled; every other message stays, visible), {@code --body}.
 * A {@code CONFLICT} is shown with the idempotency record its {@code txn_id} names
 * ({@code storedRecord}), so what the stored decision holds is seen beside the message's body.
 */
final class Dlq implements Command {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_ROUNDS = 1_000;
    /** The idempotency table, named after its logical id as the local AWS names every resource. */
    private static final String IDEMPOTENCY_TABLE = "IdempotencyTable";

    private final Clock clock;

    Dlq() {
        this(Clock.systemUTC());
    }

    Dlq(Clock clock) {
        this.clock = clock;
    }

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
            boolean body = options.get("body").map(Boolean::parseBoolean).orElse(false);
            ArrayNode messages = JSON.createArrayNode();
            new StateDocument.DeadLetterSection(queue, sqs, url).items()
                    .forEach(item -> messages.add(columns((ObjectNode) item, body)));
            try (DynamoDbClient dynamoDb = aws.dynamoDb()) {
                messages.forEach(message -> storedRecordOfConflict(dynamoDb, (ObjectNode) message));
            }
            QueueCounts counts = QueueCounts.of(sqs, url);
            console.progress("%s: %d messages listed, %d in flight, %d delayed%s%s", queue, messages.size(), counts.inFlight(),
                    counts.delayed(), deleted.isEmpty() ? "" : ", " + deleted.size() + " deleted",
                    counts.hidden() ? ": " + counts.why() : "");
            ObjectNode document = JSON.createObjectNode();
            document.put("queue", queue);
            document.set("deleted", JSON.valueToTree(deleted));
            document.put("listed", messages.size());
            counts.addTo(document);
            document.set("messages", messages);
            return document;
        }
    }

    /** The read's columns of one dead letter ({@link StateDocument.DeadLetterSection}'s item), its body only when asked. */
    private ObjectNode columns(ObjectNode item, boolean withBody) {
        JsonNode attributes = item.path("attributes");
        ObjectNode message = JSON.createObjectNode();
        message.put("messageId", item.path("messageId").asText());
        message.put("txnId", transactionId(attributes, item.path("body").asText("")));
        for (String column : new String[] {"outcome", "reason", "field", "rule"}) {
            message.put(column, attributes.path(column).asText(""));
        }
        message.put("receiveCount", item.path("receiveCount").asInt());
        long sent = Long.parseLong(item.path("sentTimestamp").asText("0"));
        message.put("ageSeconds", Math.max(0, (clock.millis() - sent) / 1000));
        message.set("attributes", attributes.isMissingNode() ? JSON.createObjectNode() : attributes);
        if (withBody) {
            message.put("body", item.path("body").asText());
        }
        return message;
    }

    /**
     * The transaction a dead letter is about: its {@code txn_id} attribute (what the functions set),
     * its {@code transaction_id} attribute (the publisher's, on a notification SQS moved), else the
     * body's ({@code body.transaction_id} of a payment, {@code transaction_id} of a decision event);
     * empty when none says (a body that is not JSON).
     */
    static String transactionId(JsonNode attributes, String body) {
        for (String name : new String[] {"txn_id", "transaction_id"}) {
            if (!attributes.path(name).asText("").isEmpty()) {
                return attributes.path(name).asText();
            }
        }
        try {
            JsonNode json = JSON.readTree(body);
            return json.path("body").path("transaction_id").asText(json.path("transaction_id").asText(""));
        } catch (java.io.IOException notJson) {
            return "";
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
