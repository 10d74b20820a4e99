package com.example.sim.models;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What DynamoDB refuses of a {@code TransactWriteItems} before it runs, with a
 * {@code ValidationException} and nothing written ("TransactWriteItems", Amazon DynamoDB API
 * Reference, https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html;
 * "Amazon DynamoDB transactions", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html):
 * <ul>
 *   <li>"TransactItems": "Array Members: Minimum number of 1 item. Maximum number of 100 items";</li>
 *   <li>"You can't target the same item with multiple operations within the same transaction";</li>
 *   <li>"The aggregate size of the items in the transaction cannot exceed 4 MB" (the model counts
 *       each item as it would be after the action, the larger reading of an update).</li>
 * </ul>
 * The local AWS (moto) refuses the first two with the same error code, which
 * {@code ConformanceTest} checks; it does not bound the size.
 */
final class TransactionLimits {

    static final int MAX_ACTIONS = 100;
    static final long MAX_BYTES = 4L * 1024 * 1024;

    private TransactionLimits() {
    }

    /** Throws DynamoDB's {@code ValidationException} if {@code actions} break a limit; nothing is written then. */
    static void check(List<WriteAction> actions, Instant now) {
        if (actions.isEmpty() || actions.size() > MAX_ACTIONS) {
            throw DynamoDbErrors.error(400, "ValidationException", "1 validation error detected: Value at 'transactItems' "
                    + "failed to satisfy constraint: Member must have length less than or equal to " + MAX_ACTIONS);
        }
        Set<String> items = new HashSet<>();
        long bytes = 0;
        for (WriteAction action : actions) {
            if (!items.add(action.lock())) {
                throw DynamoDbErrors.error(400, "ValidationException",
                        "Transaction request cannot include multiple operations on one item");
            }
            bytes += size(action.after(action.before(now)));
        }
        if (bytes > MAX_BYTES) {
            throw DynamoDbErrors.error(400, "ValidationException",
                    "Transaction request cannot be larger than 4 MB (" + bytes + " bytes)");
        }
    }

    /**
     * An item's size as DynamoDB counts it ("Item sizes and formats", Developer Guide,
     * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html):
     * each attribute's name in UTF-8 bytes plus its value's size.
     */
    static long size(Map<String, AttributeValue> item) {
        long bytes = 0;
        for (Map.Entry<String, AttributeValue> attribute : item.entrySet()) {
            bytes += utf8(attribute.getKey()) + size(attribute.getValue());
        }
        return bytes;
    }

    /** A value's size: strings and binaries by their bytes, a number up to 21 bytes, maps and lists 3 bytes plus 1 an element. */
    private static long size(AttributeValue value) {
        if (value.s() != null) {
            return utf8(value.s());
        }
        if (value.n() != null) {
            return 1 + (value.n().replaceAll("[^0-9]", "").length() + 1) / 2;
        }
        if (value.b() != null) {
            return value.b().asByteArray().length;
        }
        if (value.hasM()) {
            return 3 + value.m().size() + size(value.m());
        }
        if (value.hasL()) {
            return 3 + value.l().stream().mapToLong(element -> 1 + size(element)).sum();
        }
        if (value.hasSs()) {
            return value.ss().stream().mapToLong(TransactionLimits::utf8).sum();
        }
        if (value.hasNs()) {
            return value.ns().stream().mapToLong(n -> 1 + (n.length() + 1) / 2).sum();
        }
        if (value.hasBs()) {
            return value.bs().stream().mapToLong(bytes -> bytes.asByteArray().length).sum();
        }
        return 1; // BOOL, NULL
    }

    private static long utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
