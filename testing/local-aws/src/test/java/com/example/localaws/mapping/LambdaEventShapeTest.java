package com.example.localaws.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;

/**
 * The events the local mappings build, as a function under the runtime emulator receives them
 * (written by the runtime's own LambdaEventSerializers), have the shape of Lambda's: compared field
 * by field with what {@code sam local generate-event} writes (src/test/resources/sam-generate-event,
 * whose README says how they were made). Every field of the sample is there with the same JSON
 * type; a field the sample lacks is one Lambda documents as present only sometimes.
 */
@ExtendWith(LocalAwsExtension.class)
class LambdaEventShapeTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Record fields Lambda sends only with some messages: md5OfMessageAttributes with message
     * attributes, and the system attributes of FIFO queues, traced or redriven messages
     * ("Using Lambda with Amazon SQS", https://docs.aws.amazon.com/lambda/latest/dg/with-sqs.html).
     */
    private static final Set<String> SQS_SOMETIMES = Set.of("md5OfMessageAttributes", "AWSTraceHeader", "SequenceNumber",
            "MessageGroupId", "MessageDeduplicationId", "DeadLetterQueueSourceArn");

    /** The fields of one message attribute in Lambda's SQS event (the page above). */
    private static final Set<String> MESSAGE_ATTRIBUTE_FIELDS = Set.of("stringValue", "stringListValues",
            "binaryListValues", "dataType");

    private final LocalAws aws;

    LambdaEventShapeTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void sqsEvent_hasTheShapeOfSamsSample_andCarriesTheMessageAttributesSent() throws Exception {
        try (SqsClient sqs = aws.sqs()) {
            // GIVEN a message sent with two message attributes, as a producer sends it
            String queueUrl = sqs.createQueue(r -> r.queueName("shape-" + UUID.randomUUID().toString().substring(0, 8))).queueUrl();
            sqs.sendMessage(r -> r.queueUrl(queueUrl).messageBody("{\"a\":1}").messageAttributes(Map.of(
                    "source", MessageAttributeValue.builder().dataType("String").stringValue("payment-network-gateway").build(),
                    "priority", MessageAttributeValue.builder().dataType("Number").stringValue("5").build())));
            List<SQSEvent> events = new ArrayList<>();
            SqsEventSourceMapping mapping = new SqsEventSourceMapping(sqs, queueUrl, LocalAws.REGION.id(), 10, Duration.ZERO,
                    event -> {
                        events.add(event);
                        return new SQSBatchResponse(List.of());
                    });

            // WHEN the local mapping delivers it, written as the function receives it
            assertEquals(1, mapping.pollOnce().received());
            JsonNode local = JSON.readTree(SqsEventJson.event(events.get(0))).path("Records").get(0);

            // THEN it has every field of sam's sample, with the same JSON types
            JsonNode sample = sample("sqs-receive-message.json").path("Records").get(0);
            assertEquals(List.of(), differences("Records[0]", sample, local, SQS_SOMETIMES));
            // AND the message attributes, each in Lambda's shape
            JsonNode source = local.path("messageAttributes").path("source");
            assertEquals("payment-network-gateway", source.path("stringValue").asText());
            assertEquals("String", source.path("dataType").asText());
            assertEquals(MESSAGE_ATTRIBUTE_FIELDS, fields(source));
            assertEquals("5", local.path("messageAttributes").path("priority").path("stringValue").asText());
            assertEquals("Number", local.path("messageAttributes").path("priority").path("dataType").asText());
            assertTrue(local.path("md5OfMessageAttributes").isTextual(), "md5OfMessageAttributes with attributes");
        }
    }

    @Test
    void streamEvent_hasTheShapeOfSamsSample() throws Exception {
        aws.resetTables();
        try (DynamoDbClient dynamoDb = aws.dynamoDb(); DynamoDbStreamsClient streams = aws.dynamoDbStreams(); SqsClient sqs = aws.sqs()) {
            // GIVEN an item inserted into the idempotency table (a NEW_IMAGE stream)
            dynamoDb.putItem(r -> r.tableName("IdempotencyTable").item(Map.of("pk", AttributeValue.fromS("PAYMENT#TXN-1"),
                    "result", AttributeValue.fromM(Map.of("amountMinor", AttributeValue.fromN("12550"))))));
            String onFailure = sqs.createQueue(r -> r.queueName("shape-failures-" + UUID.randomUUID().toString().substring(0, 8))).queueUrl();
            List<DynamodbEvent> events = new ArrayList<>();
            DynamoDbStreamsEventSourceMapping mapping = new DynamoDbStreamsEventSourceMapping(streams, sqs,
                    DynamoDbStreamsEventSourceMapping.streamArnOf(dynamoDb, "IdempotencyTable"), LocalAws.REGION.id(),
                    new DynamoDbStreamsEventSourceMapping.Settings(100, 1, true, onFailure), event -> {
                        events.add(event);
                        return new StreamsEventResponse(List.of());
                    }, Clock.systemUTC());

            // WHEN the local mapping delivers it, written as the function receives it
            assertEquals(1, mapping.pollOnce().delivered());
            JsonNode local = JSON.readTree(StreamEventJson.event(events.get(0))).path("Records").get(0);

            // THEN it has every field of sam's sample INSERT, with the same JSON types, and no other
            JsonNode sample = sample("dynamodb-update.json").path("Records").get(0);
            assertEquals(List.of(), differences("Records[0]", sample, local, Set.of()));
            assertEquals(fields(sample), fields(local));
            assertEquals(fields(sample.path("dynamodb")), fields(local.path("dynamodb")));
            assertEquals("12550", local.path("dynamodb").path("NewImage").path("result").path("M").path("amountMinor").path("N").asText());
        }
    }

    /**
     * Where {@code local} differs from {@code sample}: a field of the sample missing or of another
     * JSON type, or a field the sample lacks and {@code sometimes} does not allow. The values of
     * items, attributes and message attributes (names the data chooses) are compared as maps.
     */
    private static List<String> differences(String path, JsonNode sample, JsonNode local, Set<String> sometimes) {
        List<String> differences = new ArrayList<>();
        if (!kind(sample).equals(kind(local))) {
            differences.add(path + ": " + kind(local) + " where Lambda has " + kind(sample));
            return differences;
        }
        if (!sample.isObject() || path.endsWith("messageAttributes") || path.endsWith("Image") || path.endsWith("Keys")) {
            return differences;
        }
        sample.properties().forEach(field -> {
            if (!local.has(field.getKey())) {
                differences.add(path + "." + field.getKey() + ": missing");
            } else {
                differences.addAll(differences(path + "." + field.getKey(), field.getValue(), local.get(field.getKey()), sometimes));
            }
        });
        local.fieldNames().forEachRemaining(name -> {
            if (!sample.has(name) && !sometimes.contains(name)) {
                differences.add(path + "." + name + ": not in Lambda's event");
            }
        });
        return differences;
    }

    private static String kind(JsonNode node) {
        return node.isNumber() ? "number" : node.getNodeType().name().toLowerCase();
    }

    private static Set<String> fields(JsonNode node) {
        Set<String> names = new TreeSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static JsonNode sample(String name) {
        try (InputStream in = LambdaEventShapeTest.class.getResourceAsStream("/sam-generate-event/" + name)) {
            return JSON.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
