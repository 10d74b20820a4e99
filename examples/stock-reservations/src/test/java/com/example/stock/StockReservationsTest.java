package com.example.stock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdakit.config.ConfigurationException;
import com.example.receiver.testkit.DynamoDbCallCounter;
import com.example.receiver.testkit.LocalAwsKit;
import com.example.receiver.testkit.TableSpec;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A second business on the receiver, against the local AWS: stock reservations, written only
 * against the library's public API (no payment class is on this module's classpath). Reserving is
 * a conditional decrement of a SKU's stock in the same {@code TransactWriteItems} as the
 * idempotency record ("TransactWriteItems", Amazon DynamoDB API Reference,
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html); SQS
 * delivers at least once, so a redelivery and a producer's retry must change no stock ("Amazon SQS
 * at-least-once delivery", Amazon SQS Developer Guide,
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/standard-queues-at-least-once-delivery.html).
 */
class StockReservationsTest {

    private static final String RECORDS = "StockRecords";
    private static final String STOCK = "Stock";
    private static final String RESERVATIONS = "StockReservations";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The local AWS from the test kit, as another repository's tests get it: made afresh before each test. */
    @RegisterExtension
    static final LocalAwsKit AWS = LocalAwsKit.withTables(
            // The records expire by DynamoDB's TTL on expiresAt, which the receiver checks at init.
            TableSpec.idempotencyRecords(RECORDS),
            TableSpec.named(STOCK).partitionKey("sku"),
            TableSpec.named(RESERVATIONS).partitionKey("reservation_id"));

    private final DynamoDbClient admin = AWS.dynamoDb();
    private final DynamoDbCallCounter calls = new DynamoDbCallCounter();
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private StockFunction function;

    @BeforeEach
    void freshTables() {
        stock("SKU-HOT", 10);
        stock("SKU-COLD", 5);
        function = new StockFunction(environment(), AWS.dynamoDb(calls), new PrintStream(output, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void closeFunction() {
        function.close();
        admin.close();
    }

    @Test
    void redeliveriesProducerRetriesAndAHotSku_decideEachReservationOnce_andStockIsExact() {
        // GIVEN SKU-HOT with 10 units and SKU-COLD with 5
        // WHEN one batch reserves 1 unit eight times on SKU-HOT (one reservation delivered twice) and 5 on SKU-COLD
        List<SQSEvent.SQSMessage> first = new ArrayList<>();
        for (int i = 1; i <= 8; i++) {
            first.add(delivery(reservation("RSV-" + i, "SKU-HOT", 1)));
        }
        first.add(delivery(reservation("RSV-4", "SKU-HOT", 1)));
        first.add(delivery(reservation("RSV-9", "SKU-COLD", 5)));
        Map<String, String> firstOutcomes = run(first, List.of());
        // THEN every reservation is approved once, the second delivery of RSV-4 replays it
        assertEquals(9, count(firstOutcomes, "APPROVED"), firstOutcomes.toString());
        assertEquals(1, count(firstOutcomes, "DUPLICATE"), firstOutcomes.toString());
        // AND the hot SKU's eight reservations were committed in one transaction, the cold one's in another
        assertEquals(2, calls.of("TransactWriteItems"));
        assertEquals(2, available("SKU-HOT"));
        assertEquals(0, available("SKU-COLD"));

        // WHEN SQS redelivers three of them, a producer retries two with new message ids, RSV-10 asks
        // for 3 of the 2 left, RSV-11 for the last 2, and RSV-1 comes again with another quantity
        List<SQSEvent.SQSMessage> second = new ArrayList<>(List.of(first.get(0), first.get(5), first.get(9)));
        second.add(delivery(reservation("RSV-2", "SKU-HOT", 1)));
        second.add(delivery(reservation("RSV-9", "SKU-COLD", 5)));
        SQSEvent.SQSMessage shortOfStock = delivery(reservation("RSV-10", "SKU-HOT", 3));
        second.add(shortOfStock);
        second.add(delivery(reservation("RSV-11", "SKU-HOT", 2)));
        SQSEvent.SQSMessage conflicting = delivery(reservation("RSV-1", "SKU-HOT", 5));
        second.add(conflicting);
        Map<String, String> secondOutcomes = run(second, List.of(conflicting.getMessageId()));
        // THEN the five are duplicates, RSV-10 is declined, RSV-11 approved, and the conflict fails to the DLQ's path
        assertEquals(5, count(secondOutcomes, "DUPLICATE"), secondOutcomes.toString());
        assertEquals("DECLINED", secondOutcomes.get(shortOfStock.getMessageId()));
        assertEquals(1, count(secondOutcomes, "APPROVED"), secondOutcomes.toString());
        assertEquals("CONFLICT", secondOutcomes.get(conflicting.getMessageId()));

        // WHEN the declined reservation is delivered again
        Map<String, String> thirdOutcomes = run(List.of(shortOfStock), List.of());
        // THEN its decline is replayed, not decided again
        assertEquals("DUPLICATE", thirdOutcomes.get(shortOfStock.getMessageId()));
        // AND the stock is exactly what the eleven decisions took: every unit of both SKUs, no more
        assertEquals(0, available("SKU-HOT"));
        assertEquals(0, available("SKU-COLD"));
        // AND one reservation row per approved reservation, one idempotency record per decided one
        assertEquals(10, admin.scan(scan -> scan.tableName(RESERVATIONS)).count());
        assertEquals(11, admin.scan(scan -> scan.tableName(RECORDS)).count());
    }

    @Test
    void aHotSkusBatchRedeliveredWithoutACache_costsOneTransaction_decidedFromItsRecords() {
        // GIVEN ten reservations of the hot SKU, committed together
        List<SQSEvent.SQSMessage> batch = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            batch.add(delivery(reservation("RSV-H" + i, "SKU-HOT", 1)));
        }
        assertEquals(10, count(run(batch, List.of()), "APPROVED"));
        calls.reset();
        // WHEN SQS delivers the whole batch again (no cache in this function): the group's records
        // fail their conditions, and so do the reservation rows of these very reservations
        Map<String, String> again = run(batch, List.of());
        // THEN ten duplicates, told by the records of one cancelled transaction, and no stock taken twice
        assertEquals(10, count(again, "DUPLICATE"), again.toString());
        assertEquals(Map.of("TransactWriteItems", 1), calls.byOperation());
        assertEquals(0, available("SKU-HOT"));
    }

    @Test
    void aRecordsTableWithoutTtl_isRefusedAtInit_namingTheSetting() {
        // GIVEN a records table created without TTL: its records would never expire
        AWS.createTable(TableSpec.named("StockRecordsForEver"));
        Map<String, String> variables = new HashMap<>(environment());
        variables.put("IDEMPOTENCY_TABLE", "StockRecordsForEver");
        // WHEN the function is built on it
        ConfigurationException refused = assertThrows(ConfigurationException.class,
                () -> new StockFunction(variables, admin, new PrintStream(OutputStream.nullOutputStream())));
        // THEN it refuses to start, naming the setting and what DynamoDB says of the table's TTL
        assertEquals("IDEMPOTENCY_TABLE", refused.setting());
        assertTrue(refused.getMessage().contains("DISABLED"), refused.getMessage());
    }

    @Test
    void builderWithoutAnSqsClient_refusesSoonRedelivery_namingTheSetting() {
        // GIVEN the function's settings with soon redelivery left on (its default)
        Map<String, String> variables = new HashMap<>(environment());
        variables.remove("SOON_REDELIVERY");
        // WHEN the function is built without an SQS client
        ConfigurationException refused = assertThrows(ConfigurationException.class,
                () -> new StockFunction(variables, admin, new PrintStream(OutputStream.nullOutputStream())));
        // THEN it refuses to start, naming the setting that needs one
        assertEquals("SOON_REDELIVERY", refused.setting());
    }

    private static Map<String, String> environment() {
        return Map.of("IDEMPOTENCY_TABLE", RECORDS, "STOCK_TABLE", STOCK, "RESERVATIONS_TABLE", RESERVATIONS,
                "QUEUE_RETENTION_SECONDS", "345600", "SOON_REDELIVERY", "false", "METRICS_NAMESPACE", "StockTest");
    }

    /** Runs one batch; checks its failures; answers each message's outcome from the log lines it wrote. */
    private Map<String, String> run(List<SQSEvent.SQSMessage> messages, List<String> failures) {
        int from = output.size();
        SQSEvent event = new SQSEvent();
        event.setRecords(messages);
        SQSBatchResponse response = function.handleRequest(event, null);
        assertEquals(failures, response.getBatchItemFailures().stream()
                .map(SQSBatchResponse.BatchItemFailure::getItemIdentifier).toList());
        Map<String, String> outcomes = new LinkedHashMap<>();
        for (String line : output.toString(StandardCharsets.UTF_8).substring(from).split("\n")) {
            JsonNode json = parse(line);
            if (json.has("outcome")) {
                outcomes.put(json.path("message_id").asText(), json.path("outcome").asText());
            }
        }
        assertEquals(messages.size(), outcomes.size(), outcomes.toString());
        return outcomes;
    }

    private static long count(Map<String, String> outcomes, String outcome) {
        return outcomes.values().stream().filter(outcome::equals).count();
    }

    private static JsonNode parse(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException(line, e);
        }
    }

    private static String reservation(String id, String sku, int quantity) {
        return "{\"reservation_id\":\"" + id + "\",\"sku\":\"" + sku + "\",\"quantity\":" + quantity + "}";
    }

    private static SQSEvent.SQSMessage delivery(String body) {
        SQSEvent.SQSMessage message = new SQSEvent.SQSMessage();
        message.setMessageId(UUID.randomUUID().toString());
        message.setBody(body);
        message.setEventSource("aws:sqs");
        message.setAttributes(Map.of("ApproximateReceiveCount", "1"));
        return message;
    }

    private long available(String sku) {
        return Long.parseLong(admin.getItem(get -> get.tableName(STOCK).key(Map.of("sku", AttributeValue.fromS(sku))))
                .item().get("available").n());
    }

    private void stock(String sku, long units) {
        admin.putItem(put -> put.tableName(STOCK).item(Map.of("sku", AttributeValue.fromS(sku),
                "available", AttributeValue.fromN(Long.toString(units)))));
    }
}
