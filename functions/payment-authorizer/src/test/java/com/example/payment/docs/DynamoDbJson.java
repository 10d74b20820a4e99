package com.example.payment.docs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * DynamoDB JSON as {@code aws dynamodb put-item --item} and {@code get-item --key} take it: an
 * object of attributes, each an object with exactly one type descriptor. The types read are
 * those the docs use, {@code S} and {@code N}; any other is reported, to be added here when a
 * doc needs it.
 */
final class DynamoDbJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private DynamoDbJson() {
    }

    /**
     * The item {@code json} describes.
     *
     * @throws IllegalArgumentException saying which attribute is wrong, and how
     */
    static Map<String, AttributeValue> item(String json) {
        JsonNode node;
        try {
            node = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("is not JSON: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject() || node.isEmpty()) {
            throw new IllegalArgumentException("is not a JSON object of attributes");
        }
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        node.properties().forEach(attribute -> item.put(attribute.getKey(), value(attribute.getKey(), attribute.getValue())));
        return item;
    }

    private static AttributeValue value(String name, JsonNode typed) {
        if (!typed.isObject() || typed.size() != 1) {
            throw new IllegalArgumentException("attribute " + name + " must be one {\"<type>\": value}, e.g. {\"S\": \"text\"}");
        }
        String type = typed.fieldNames().next();
        JsonNode value = typed.get(type);
        if (!value.isTextual()) {
            throw new IllegalArgumentException("attribute " + name + " must be given as a JSON string (N too: {\"N\": \"100\"})");
        }
        return switch (type) {
            case "S" -> AttributeValue.fromS(value.textValue());
            case "N" -> AttributeValue.fromN(number(name, value.textValue()));
            default -> throw new IllegalArgumentException("attribute " + name + ": " + type
                    + " is not a type this test reads (S, N): add it to DynamoDbJson");
        };
    }

    private static String number(String name, String text) {
        try {
            new BigDecimal(text);
            return text;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("attribute " + name + ": N must be a number in a string");
        }
    }
}
