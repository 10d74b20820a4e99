package com.example.localpayments.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.example.localaws.push.PushApiRequests;
import com.example.localaws.push.PushRequest;
import java.math.BigDecimal;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.ChangeMessageVisibilityBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;

/**
 * What the local AWS holds, as one JSON document ({@code make state}, and the demo's
 * {@code state.json}): {@code accounts}, {@code ledger}, {@code idempotencyRecords},
 * {@code deadLetters}, {@code notifications} (one item per transaction the push API delivered,
 * with the requests it received for that key), {@code notificationDeadLetters} (the notifier's
 * DLQ), {@code streamFailures} (the publisher's on-failure queue) and {@code unpublishable} (the
 * records the publisher set aside), each a list of items, and {@code totals} over all of them:
 * <pre>{@code
 * "totals": {"accounts": 3, "balanceMinor": {"EUR": 299000}, "ledgerRows": 1,
 *            "ledgerAmountMinor": {"EUR": -12550}, "idempotencyRecords": 2,
 *            "recordsByStatus": {"APPROVED": 1, "DECLINED": 1}, "deadLetters": 1,
 *            "notificationsDelivered": 1, "notificationDeadLetters": 0,
 *            "streamFailures": 0, "unpublishable": 0}
 * }</pre>
 * Items carry the stored attributes under their stored names (numbers as numbers). Queue
 * messages are read and made visible again at once, so reading the state leaves every queue as
 * it was (but for the messages' receive counts).
 */
public final class StateDocument {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<StateSection> sections;

    public StateDocument(List<StateSection> sections) {
        this.sections = List.copyOf(sections);
    }

    /**
     * Where the downstream part of the state is read.
     *
     * @param pushApi                the push API's base URL ({@code GET /notifications})
     * @param notificationsDlqUrl    the notifier's DLQ
     * @param streamFailuresQueueUrl the publisher's on-failure queue
     * @param unpublishableQueueUrl  the queue of the records the publisher set aside
     */
    public record Downstream(URI pushApi, String notificationsDlqUrl, String streamFailuresQueueUrl,
                             String unpublishableQueueUrl) {
        public Downstream {
            Objects.requireNonNull(pushApi, "pushApi");
            Objects.requireNonNull(notificationsDlqUrl, "notificationsDlqUrl");
            Objects.requireNonNull(streamFailuresQueueUrl, "streamFailuresQueueUrl");
            Objects.requireNonNull(unpublishableQueueUrl, "unpublishableQueueUrl");
        }
    }

    /**
     * The payment tables (named after their logical ids, as the local AWS creates them), the DLQ
     * at {@code dlqUrl}, and the notifications and downstream queues of {@code downstream}.
     */
    public static StateDocument payments(DynamoDbClient dynamoDb, SqsClient sqs, String dlqUrl, Downstream downstream) {
        return new StateDocument(List.of(
                new TableSection("accounts", dynamoDb, "AccountsTable", (items, totals) -> {
                    totals.put("accounts", items.size());
                    totals.set("balanceMinor", sumByCurrency(items, "balanceMinor"));
                }),
                new TableSection("ledger", dynamoDb, "LedgerTable", (items, totals) -> {
                    totals.put("ledgerRows", items.size());
                    totals.set("ledgerAmountMinor", sumByCurrency(items, "amountMinor"));
                }),
                new TableSection("idempotencyRecords", dynamoDb, "IdempotencyTable", (items, totals) -> {
                    totals.put("idempotencyRecords", items.size());
                    ObjectNode byStatus = totals.putObject("recordsByStatus");
                    items.forEach(item -> byStatus.put(item.path("status").asText(),
                            byStatus.path(item.path("status").asText()).asLong() + 1));
                }),
                new DeadLetterSection("deadLetters", sqs, dlqUrl),
                new NotificationsSection(downstream.pushApi()),
                new DeadLetterSection("notificationDeadLetters", sqs, downstream.notificationsDlqUrl()),
                new DeadLetterSection("streamFailures", sqs, downstream.streamFailuresQueueUrl()),
                new DeadLetterSection("unpublishable", sqs, downstream.unpublishableQueueUrl())));
    }

    /** Reads every section now. */
    public ObjectNode read() {
        ObjectNode document = JSON.createObjectNode();
        ObjectNode totals = JSON.createObjectNode();
        for (StateSection section : sections) {
            ArrayNode items = section.items();
            document.set(section.name(), items);
            section.addTotals(items, totals);
        }
        document.set("totals", totals);
        return document;
    }

    private static ObjectNode sumByCurrency(ArrayNode items, String amount) {
        ObjectNode sums = JSON.createObjectNode();
        items.forEach(item -> {
            String currency = item.path("currency").asText("?");
            sums.put(currency, sums.path(currency).asLong() + item.path(amount).asLong());
        });
        return sums;
    }

    /** Every item of a table, in scan order, read consistently. */
    private record TableSection(String name, DynamoDbClient dynamoDb, String table, Totals totals) implements StateSection {

        @Override
        public ArrayNode items() {
            ArrayNode items = JSON.createArrayNode();
            dynamoDb.scanPaginator(request -> request.tableName(table).consistentRead(true)).items()
                    .forEach(item -> items.add(json(item)));
            return items;
        }

        @Override
        public void addTotals(ArrayNode items, ObjectNode totals) {
            this.totals.add(items, totals);
        }
    }

    private interface Totals {
        void add(ArrayNode items, ObjectNode totals);
    }

    /**
     * The notifications the push API delivered, one item per transaction (its idempotency key):
     * {@code transactionId}, {@code status} (the delivering answer) and {@code requests} (how many
     * requests carried that key: retries and replays included).
     */
    private record NotificationsSection(URI pushApi) implements StateSection {

        @Override
        public String name() {
            return "notifications";
        }

        @Override
        public ArrayNode items() {
            List<PushRequest> requests = PushApiRequests.read(pushApi);
            Map<String, Long> perKey = new TreeMap<>();
            requests.forEach(request -> perKey.merge(request.idempotencyKey(), 1L, Long::sum));
            ArrayNode items = JSON.createArrayNode();
            for (PushRequest request : requests) {
                if (request.delivered()) {
                    items.addObject().put("transactionId", request.idempotencyKey()).put("status", request.status())
                            .put("requests", perKey.get(request.idempotencyKey()));
                }
            }
            return items;
        }

        @Override
        public void addTotals(ArrayNode items, ObjectNode totals) {
            totals.put("notificationsDelivered", items.size());
        }
    }

    /** A dead-letter (or on-failure) queue's messages: each read, then made visible again; the total is named after the section. */
    record DeadLetterSection(String name, SqsClient sqs, String queueUrl) implements StateSection {

        private static final int MAX_ROUNDS = 1_000;

        @Override
        public ArrayNode items() {
            List<Message> read = new ArrayList<>();
            for (int round = 0; round < MAX_ROUNDS; round++) {
                List<Message> got = sqs.receiveMessage(request -> request.queueUrl(queueUrl).maxNumberOfMessages(10)
                        .visibilityTimeout(60).messageSystemAttributeNames(MessageSystemAttributeName.ALL)
                        .messageAttributeNames("All")).messages();
                if (got.isEmpty()) {
                    break;
                }
                read.addAll(got);
            }
            ArrayNode items = JSON.createArrayNode();
            for (Message message : read) {
                ObjectNode item = items.addObject();
                item.put("messageId", message.messageId());
                item.put("body", message.body());
                item.put("sentTimestamp", message.attributesAsStrings().get("SentTimestamp"));
                item.put("receiveCount", Integer.parseInt(message.attributesAsStrings().getOrDefault("ApproximateReceiveCount", "0")));
                if (message.hasMessageAttributes() && !message.messageAttributes().isEmpty()) {
                    ObjectNode attributes = item.putObject("attributes");
                    new TreeMap<>(message.messageAttributes()).forEach((key, value) -> attributes.put(key, value.stringValue()));
                }
            }
            for (int from = 0; from < read.size(); from += 10) {
                List<ChangeMessageVisibilityBatchRequestEntry> entries = read.subList(from, Math.min(read.size(), from + 10)).stream()
                        .map(message -> ChangeMessageVisibilityBatchRequestEntry.builder()
                                .id(message.messageId()).receiptHandle(message.receiptHandle()).visibilityTimeout(0).build())
                        .toList();
                sqs.changeMessageVisibilityBatch(request -> request.queueUrl(queueUrl).entries(entries));
            }
            return items;
        }

        @Override
        public void addTotals(ArrayNode items, ObjectNode totals) {
            totals.put(name, items.size());
        }
    }

    /** A DynamoDB item as JSON, its attributes under their stored names. */
    static ObjectNode json(Map<String, AttributeValue> item) {
        ObjectNode node = JSON.createObjectNode();
        new TreeMap<>(item).forEach((name, value) -> node.set(name, json(value)));
        return node;
    }

    /** Strings, numbers (integers as integers), booleans, maps and lists as JSON; other types as their description. */
    private static JsonNode json(AttributeValue value) {
        if (value.s() != null) {
            return JSON.getNodeFactory().textNode(value.s());
        }
        if (value.n() != null) {
            BigDecimal number = new BigDecimal(value.n());
            return number.scale() <= 0 && number.toBigInteger().bitLength() < 63
                    ? JSON.getNodeFactory().numberNode(number.longValueExact())
                    : JSON.getNodeFactory().numberNode(number);
        }
        if (value.bool() != null) {
            return JSON.getNodeFactory().booleanNode(value.bool());
        }
        if (value.hasM()) {
            return json(value.m());
        }
        if (value.hasL()) {
            ArrayNode list = JSON.createArrayNode();
            value.l().forEach(element -> list.add(json(element)));
            return list;
        }
        return JSON.getNodeFactory().textNode(value.toString());
    }
}
