package com.example.receiver.dynamodb;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * DynamoDB's limits on one {@code TransactWriteItems}: at most 100 actions, and at most 4 MB in
 * the aggregate size of the items ("Amazon DynamoDB transactions", Developer Guide,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html).
 *
 * <p>Sizes are estimated by DynamoDB's rules ("Item sizes and formats",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html):
 * an attribute is its name's UTF-8 length plus its value's, a number at most 21 bytes, a map
 * or list 3 bytes plus 1 per element; an update counts its key and the values of its
 * expression, which bounds what it can add to the item.
 */
final class TransactionSize {

    static final int MAX_ACTIONS = 100;
    static final long MAX_BYTES = 4L * 1024 * 1024;

    private TransactionSize() {
    }

    /** Whether {@code actions} fit in one transaction. */
    static boolean fits(List<TransactWriteItem> actions) {
        if (actions.size() > MAX_ACTIONS) {
            return false;
        }
        long bytes = 0;
        for (TransactWriteItem action : actions) {
            bytes += bytes(action);
        }
        return bytes <= MAX_BYTES;
    }

    static long bytes(TransactWriteItem action) {
        if (action.put() != null) {
            return attributes(action.put().item());
        }
        if (action.update() != null) {
            return attributes(action.update().key()) + attributes(action.update().expressionAttributeValues());
        }
        if (action.delete() != null) {
            return attributes(action.delete().key());
        }
        return action.conditionCheck() == null ? 0 : attributes(action.conditionCheck().key());
    }

    private static long attributes(Map<String, AttributeValue> attributes) {
        long bytes = 0;
        for (Map.Entry<String, AttributeValue> attribute : attributes.entrySet()) {
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
            case SS -> value.ss().stream().mapToLong(TransactionSize::utf8).sum();
            case NS -> value.ns().stream().mapToLong(TransactionSize::number).sum();
            case BS -> value.bs().stream().map(SdkBytes::asByteArray).mapToLong(bytes -> bytes.length).sum();
            case M -> 3 + attributes(value.m()) + value.m().size();
            case L -> 3 + value.l().stream().mapToLong(TransactionSize::value).sum() + value.l().size();
            case UNKNOWN_TO_SDK_VERSION -> MAX_BYTES;
        };
    }

    private static long utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }

    private static long number(String digits) {
        return Math.min(21, digits.length() / 2 + 2);
    }
}
