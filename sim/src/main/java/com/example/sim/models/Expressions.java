package com.example.sim.models;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The part of DynamoDB's expression language the receiver and the payment domain write, evaluated
 * as DynamoDB does ("Condition and filter expressions, operators, and functions" and "Update
 * expressions", Amazon DynamoDB Developer Guide,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.OperatorsAndFunctions.html,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.UpdateExpressions.html):
 * conditions of {@code attribute_exists}, {@code attribute_not_exists}, the comparators
 * {@code = <> < <= > >=} (a missing attribute or values of different types compare false; N by
 * number, S by code point), {@code a BETWEEN b AND c} ({@code a >= b AND a <= c}),
 * {@code begins_with(path, :prefix)} of strings, {@code AND}, {@code OR}, {@code NOT} and
 * parentheses (the replay's Scan filter uses the last two); updates of
 * {@code SET a = operand [+|- operand], ...}. Anything else is refused, as a ValidationException
 * would be, so that the model never quietly accepts what it does not evaluate.
 */
final class Expressions {

    /** A condition over an item, given the request's names and values. */
    interface Condition {
        boolean holds(Map<String, AttributeValue> item, Map<String, String> names, Map<String, AttributeValue> values);
    }

    private static final Map<String, Condition> CONDITIONS = new ConcurrentHashMap<>();
    private static final Map<String, List<String[]>> UPDATES = new ConcurrentHashMap<>();

    private Expressions() {
    }

    static boolean holds(String expression, Map<String, AttributeValue> item, Map<String, String> names,
                         Map<String, AttributeValue> values) {
        if (expression == null) {
            return true;
        }
        return CONDITIONS.computeIfAbsent(expression, text -> new Parser(text).condition()).holds(item, names, values);
    }

    /** {@code item} (absent: only the key) after {@code expression}. */
    static Map<String, AttributeValue> update(String expression, Map<String, AttributeValue> item,
                                              Map<String, String> names, Map<String, AttributeValue> values) {
        Map<String, AttributeValue> next = new HashMap<>(item);
        for (String[] set : UPDATES.computeIfAbsent(expression, Expressions::parseSets)) {
            String target = name(set[0], names);
            AttributeValue left = operand(set[1], item, names, values);
            AttributeValue result = left;
            if (set.length == 4) {
                AttributeValue right = operand(set[3], item, names, values);
                if (left == null || right == null || left.n() == null || right.n() == null) {
                    throw new IllegalArgumentException("ValidationException: an operand in the update expression has an incorrect data type");
                }
                BigDecimal a = new BigDecimal(left.n());
                BigDecimal b = new BigDecimal(right.n());
                result = AttributeValue.fromN((set[2].equals("+") ? a.add(b) : a.subtract(b)).toPlainString());
            }
            if (result == null) {
                throw new IllegalArgumentException("ValidationException: the provided expression refers to an attribute that does not exist in the item");
            }
            next.put(target, result);
        }
        return next;
    }

    private static List<String[]> parseSets(String expression) {
        String text = expression.strip();
        if (!text.startsWith("SET ")) {
            throw new IllegalArgumentException("the model evaluates SET updates only: " + expression);
        }
        List<String[]> sets = new ArrayList<>();
        for (String clause : text.substring(4).split(",")) {
            String[] sides = clause.split("=", 2);
            String[] right = sides[1].strip().split("\\s+");
            sets.add(right.length == 1 ? new String[] {sides[0].strip(), right[0]}
                    : new String[] {sides[0].strip(), right[0], right[1], right[2]});
        }
        return sets;
    }

    private static String name(String token, Map<String, String> names) {
        if (token.startsWith("#")) {
            String name = names.get(token);
            if (name == null) {
                throw new IllegalArgumentException("ValidationException: an expression attribute name used in the document path is not defined: " + token);
            }
            return name;
        }
        return token;
    }

    private static AttributeValue operand(String token, Map<String, AttributeValue> item, Map<String, String> names,
                                          Map<String, AttributeValue> values) {
        if (token.startsWith(":")) {
            AttributeValue value = values.get(token);
            if (value == null) {
                throw new IllegalArgumentException("ValidationException: an expression attribute value used in expression is not defined: " + token);
            }
            return value;
        }
        return item.get(name(token, names));
    }

    private static int compare(AttributeValue a, AttributeValue b) {
        if (a.n() != null && b.n() != null) {
            return new BigDecimal(a.n()).compareTo(new BigDecimal(b.n()));
        }
        return a.s().compareTo(b.s());
    }

    private static boolean comparable(AttributeValue a, AttributeValue b) {
        return a != null && b != null && ((a.n() != null && b.n() != null) || (a.s() != null && b.s() != null));
    }

    /** A recursive-descent parser: or := and (OR and)*; and := not (AND not)*; not := NOT not | primary. */
    private static final class Parser {
        private final List<String> tokens = new ArrayList<>();
        private int at;

        Parser(String text) {
            java.util.regex.Matcher m = java.util.regex.Pattern
                    .compile("\\s*(<>|<=|>=|[()=<>,]|[#:]?[A-Za-z0-9_]+)").matcher(text);
            int end = 0;
            while (m.find() && m.start() == end) {
                tokens.add(m.group(1));
                end = m.end();
            }
            if (!text.substring(end).isBlank()) {
                throw new IllegalArgumentException("the model cannot read this condition: " + text);
            }
        }

        Condition condition() {
            Condition result = or();
            if (at != tokens.size()) {
                throw new IllegalArgumentException("unexpected " + tokens.get(at));
            }
            return result;
        }

        private Condition or() {
            Condition left = and();
            while (at < tokens.size() && tokens.get(at).equals("OR")) {
                at++;
                Condition a = left;
                Condition b = and();
                left = (item, n, v) -> a.holds(item, n, v) || b.holds(item, n, v);
            }
            return left;
        }

        private Condition and() {
            Condition left = not();
            while (at < tokens.size() && tokens.get(at).equals("AND")) {
                at++;
                Condition a = left;
                Condition b = not();
                left = (item, n, v) -> a.holds(item, n, v) && b.holds(item, n, v);
            }
            return left;
        }

        private Condition not() {
            if (tokens.get(at).equals("NOT")) {
                at++;
                Condition inner = not();
                return (item, n, v) -> !inner.holds(item, n, v);
            }
            return primary();
        }

        private Condition primary() {
            String token = tokens.get(at++);
            if (token.equals("(")) {
                Condition inner = or();
                expect(")");
                return inner;
            }
            if (token.equals("attribute_exists") || token.equals("attribute_not_exists")) {
                expect("(");
                String path = tokens.get(at++);
                expect(")");
                boolean exists = token.equals("attribute_exists");
                return (item, n, v) -> item.containsKey(name(path, n)) == exists;
            }
            if (token.equals("begins_with")) {
                expect("(");
                String path = tokens.get(at++);
                expect(",");
                String prefix = tokens.get(at++);
                expect(")");
                return (item, n, v) -> {
                    AttributeValue a = operand(path, item, n, v);
                    AttributeValue b = operand(prefix, item, n, v);
                    return a != null && b != null && a.s() != null && b.s() != null && a.s().startsWith(b.s());
                };
            }
            String comparator = tokens.get(at++);
            if (comparator.equals("BETWEEN")) {
                String low = tokens.get(at++);
                expect("AND");
                String high = tokens.get(at++);
                return (item, n, v) -> {
                    AttributeValue a = operand(token, item, n, v);
                    AttributeValue lower = operand(low, item, n, v);
                    AttributeValue upper = operand(high, item, n, v);
                    return comparable(a, lower) && comparable(a, upper) && compare(a, lower) >= 0 && compare(a, upper) <= 0;
                };
            }
            String right = tokens.get(at++);
            return (item, n, v) -> {
                AttributeValue a = operand(token, item, n, v);
                AttributeValue b = operand(right, item, n, v);
                if (!comparable(a, b)) {
                    return comparator.equals("<>") && a != null && b != null;
                }
                int c = compare(a, b);
                return switch (comparator) {
                    case "=" -> c == 0;
                    case "<>" -> c != 0;
                    case "<" -> c < 0;
                    case "<=" -> c <= 0;
                    case ">" -> c > 0;
                    case ">=" -> c >= 0;
                    default -> throw new IllegalArgumentException("comparator " + comparator);
                };
            };
        }

        private void expect(String token) {
            if (!tokens.get(at++).equals(token)) {
                throw new IllegalArgumentException("expected " + token);
            }
        }
    }
}
