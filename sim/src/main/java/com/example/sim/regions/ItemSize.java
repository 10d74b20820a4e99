package com.example.sim.regions;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item's size as DynamoDB counts it ("DynamoDB item sizes and formats", Amazon DynamoDB
 * Developer Guide, https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html):
 * each attribute's name in UTF-8 bytes plus its value: a string's UTF-8 bytes, a number's one
 * byte per two significant digits plus one, a null or Boolean one byte, a list or map 3 bytes of
 * overhead plus its elements, each element one byte more. A write is refused above
 * {@value #MAX_BYTES} bytes, the largest item DynamoDB stores ("Items", "Constraints in Amazon
 * DynamoDB", Amazon DynamoDB Developer Guide,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Constraints.html: 400 KB,
 * attribute names and values together, 1 KB being 1 024 bytes).
 */
public final class ItemSize {

    /** 400 KB. */
    public static final long MAX_BYTES = 400L * 1024;

    private ItemSize() {
    }

    /** {@code item}'s size in bytes. */
    public static long bytes(Map<String, AttributeValue> item) {
        long bytes = 0;
        for (Map.Entry<String, AttributeValue> attribute : item.entrySet()) {
            bytes += utf8(attribute.getKey()) + value(attribute.getValue());
        }
        return bytes;
    }

    /** Write units of a write of an item this large: one per KB or part of it. */
    public static long units(long bytes) {
        return Math.max(1, (bytes + 1023) / 1024);
    }

    private static long value(AttributeValue value) {
        if (value.s() != null) {
            return utf8(value.s());
        }
        if (value.n() != null) {
            String digits = new BigDecimal(value.n()).unscaledValue().abs().toString().replaceAll("0+$", "");
            return (Math.max(1, digits.length()) + 1) / 2 + 1;
        }
        if (value.hasM()) {
            long bytes = 3;
            for (Map.Entry<String, AttributeValue> entry : value.m().entrySet()) {
                bytes += 1 + utf8(entry.getKey()) + value(entry.getValue());
            }
            return bytes;
        }
        if (value.hasL()) {
            return 3 + value.l().stream().mapToLong(element -> 1 + value(element)).sum();
        }
        return 1;
    }

    private static long utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
