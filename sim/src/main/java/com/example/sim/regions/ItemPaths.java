package com.example.sim.regions;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The expressions design (b) writes on a global table in MRSC, evaluated as DynamoDB does
 * ("Update expressions" and "Condition and filter expressions", Amazon DynamoDB Developer Guide,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.UpdateExpressions.html,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.OperatorsAndFunctions.html),
 * on document paths ({@code applied.#txn.decidedAt}): updates {@code SET path = :value, ...} or
 * {@code REMOVE path}; conditions of clauses joined by {@code AND}, each {@code attribute_exists(path)},
 * {@code attribute_not_exists(path)} or {@code path = :v}, {@code path < :v} (numbers by value).
 * Anything else is refused, so that nothing is quietly accepted that is not evaluated.
 */
final class ItemPaths {

    private ItemPaths() {
    }

    /** Whether {@code condition} (none: true) holds on {@code item} (empty when absent). */
    static boolean holds(String condition, Map<String, AttributeValue> item, Map<String, String> names,
                         Map<String, AttributeValue> values) {
        if (condition == null) {
            return true;
        }
        for (String clause : condition.split(" AND ")) {
            String c = clause.strip();
            if (c.startsWith("attribute_exists(") || c.startsWith("attribute_not_exists(")) {
                boolean exists = at(item, c.substring(c.indexOf('(') + 1, c.length() - 1), names).isPresent();
                if (exists != c.startsWith("attribute_exists(")) {
                    return false;
                }
                continue;
            }
            String[] sides = c.split("\\s+");
            if (sides.length != 3 || !List.of("=", "<").contains(sides[1]) || !values.containsKey(sides[2])) {
                throw new IllegalArgumentException("ValidationException: the model evaluates no condition " + c);
            }
            Optional<AttributeValue> left = at(item, sides[0], names);
            AttributeValue right = values.get(sides[2]);
            if (left.isEmpty() || !compares(left.get(), right, sides[1])) {
                return false;
            }
        }
        return true;
    }

    /** {@code item} after {@code update}: {@code SET path = :value, ...} or {@code REMOVE path}. */
    static Map<String, AttributeValue> update(String update, Map<String, AttributeValue> item, Map<String, String> names,
                                              Map<String, AttributeValue> values) {
        Map<String, AttributeValue> next = new HashMap<>(item);
        String text = update.strip();
        if (text.startsWith("REMOVE ")) {
            return put(next, path(text.substring(7).strip(), names), 0, null);
        }
        if (!text.startsWith("SET ")) {
            throw new IllegalArgumentException("ValidationException: the model evaluates SET and REMOVE only: " + update);
        }
        for (String clause : text.substring(4).split(",")) {
            String[] sides = clause.split("=", 2);
            AttributeValue value = values.get(sides[1].strip());
            if (value == null) {
                throw new IllegalArgumentException("ValidationException: no value for " + sides[1].strip());
            }
            next = put(next, path(sides[0].strip(), names), 0, value);
        }
        return next;
    }

    private static Map<String, AttributeValue> put(Map<String, AttributeValue> map, List<String> path, int at,
                                                   AttributeValue value) {
        Map<String, AttributeValue> next = new HashMap<>(map);
        String name = path.get(at);
        if (at == path.size() - 1) {
            if (value == null) {
                next.remove(name);
            } else {
                next.put(name, value);
            }
            return next;
        }
        AttributeValue inner = map.get(name);
        if (inner == null || !inner.hasM()) {
            if (value == null) {
                return next; // REMOVE of a path that is not there: nothing to do
            }
            throw new IllegalArgumentException("ValidationException: The document path provided in the update expression is invalid for update");
        }
        next.put(name, AttributeValue.fromM(put(inner.m(), path, at + 1, value)));
        return next;
    }

    private static Optional<AttributeValue> at(Map<String, AttributeValue> item, String expression, Map<String, String> names) {
        AttributeValue value = null;
        Map<String, AttributeValue> map = item;
        for (String name : path(expression, names)) {
            if (map == null) {
                return Optional.empty();
            }
            value = map.get(name);
            map = value != null && value.hasM() ? value.m() : null;
            if (value == null) {
                return Optional.empty();
            }
        }
        return Optional.ofNullable(value);
    }

    private static List<String> path(String expression, Map<String, String> names) {
        return java.util.Arrays.stream(expression.strip().split("\\.")).map(token -> {
            if (!token.startsWith("#")) {
                return token;
            }
            String name = names.get(token);
            if (name == null) {
                throw new IllegalArgumentException("ValidationException: no name for " + token);
            }
            return name;
        }).toList();
    }

    private static boolean compares(AttributeValue left, AttributeValue right, String operator) {
        int order;
        if (left.n() != null && right.n() != null) {
            order = new BigDecimal(left.n()).compareTo(new BigDecimal(right.n()));
        } else if (left.s() != null && right.s() != null) {
            order = left.s().compareTo(right.s());
        } else {
            return false;
        }
        return operator.equals("=") ? order == 0 : order < 0;
    }
}
