package com.example.receiver.dynamodb;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item's size as DynamoDB counts it ("Item sizes and formats", Developer Guide,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html):
 * each attribute is its name's UTF-8 length plus its value's; a number is 1 byte per 2
 * significant digits plus 1; a map or list 3 bytes plus 1 per element plus its elements. The
 * receiver holds a transaction to DynamoDB's limits by it; a domain may size its effect's items
 * against the 400 KB item limit, and a harness count the write units DynamoDB would charge.
 */
public final class ItemSize {

    private ItemSize() {
    }

    /**
     * The size of {@code item}, in bytes.
     *
     * @param item the item's attributes
     * @return its size as DynamoDB counts it
     */
    public static long of(Map<String, AttributeValue> item) {
        long bytes = 0;
        for (Map.Entry<String, AttributeValue> attribute : item.entrySet()) {
            bytes += utf8(attribute.getKey()) + value(attribute.getValue());
        }
        return bytes;
    }

    private static long value(AttributeValue value) {
        return switch (value.type()) {
            case S -> utf8(value.s());
            case N -> number(value.n());
            case B -> value.b().asByteArray().length;
            case BOOL, NUL -> 1;
            case SS -> value.ss().stream().mapToLong(ItemSize::utf8).sum();
            case NS -> value.ns().stream().mapToLong(ItemSize::number).sum();
            case BS -> value.bs().stream().map(SdkBytes::asByteArray).mapToLong(bytes -> bytes.length).sum();
            case M -> 3 + of(value.m()) + value.m().size();
            case L -> 3 + value.l().stream().mapToLong(ItemSize::value).sum() + value.l().size();
            case UNKNOWN_TO_SDK_VERSION -> 0;
        };
    }

    private static long number(String text) {
        String digits = text.replace("-", "").replace(".", "").replaceAll("^0+", "").replaceAll("0+$", "");
        return (Math.max(1, digits.length()) + 1) / 2 + 1;
    }

    private static long utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
