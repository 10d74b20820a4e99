package com.example.localaws.observability;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * A CloudWatch metric math expression, the part template.yaml's alarms use: numbers, metric ids,
 * {@code + - * /}, the comparisons {@code > < >= <= ==}, {@code IF(condition, then, else)} and
 * {@code FILL(id, value)} ("Using metric math", Amazon CloudWatch User Guide,
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/using-metric-math.html). A
 * period without a metric's datapoint is {@link Double#NaN} (no datapoint): {@code FILL} gives it
 * a value, any other use leaves the result without one. Anything else is refused, naming it.
 */
final class MetricExpression {

    private final String text;
    private final List<String> tokens;
    private int next;

    private MetricExpression(String text) {
        this.text = Objects.requireNonNull(text, "text");
        this.tokens = tokens(text);
    }

    /** The value of {@code text} in one period, each metric id's value given by {@code values} (NaN: none). */
    static double evaluate(String text, Map<String, Double> values) {
        MetricExpression expression = new MetricExpression(text);
        double result = expression.comparison(id -> {
            Double value = values.get(id);
            if (value == null) {
                throw new IllegalArgumentException("metric math '" + text + "' names " + id + ", which the alarm does not define");
            }
            return value;
        });
        if (expression.next != expression.tokens.size()) {
            throw expression.unexpected();
        }
        return result;
    }

    private double comparison(ToDoubleFunction<String> values) {
        double left = sum(values);
        if (next < tokens.size() && List.of(">", "<", ">=", "<=", "==").contains(tokens.get(next))) {
            String operator = tokens.get(next++);
            double right = sum(values);
            if (Double.isNaN(left) || Double.isNaN(right)) {
                return Double.NaN;
            }
            boolean holds = switch (operator) {
                case ">" -> left > right;
                case "<" -> left < right;
                case ">=" -> left >= right;
                case "<=" -> left <= right;
                default -> left == right;
            };
            return holds ? 1 : 0;
        }
        return left;
    }

    private double sum(ToDoubleFunction<String> values) {
        double value = product(values);
        while (next < tokens.size() && (tokens.get(next).equals("+") || tokens.get(next).equals("-"))) {
            value = tokens.get(next++).equals("+") ? value + product(values) : value - product(values);
        }
        return value;
    }

    private double product(ToDoubleFunction<String> values) {
        double value = operand(values);
        while (next < tokens.size() && (tokens.get(next).equals("*") || tokens.get(next).equals("/"))) {
            value = tokens.get(next++).equals("*") ? value * operand(values) : value / operand(values);
        }
        return value;
    }

    private double operand(ToDoubleFunction<String> values) {
        if (next >= tokens.size()) {
            throw unexpected();
        }
        String token = tokens.get(next++);
        if (token.equals("(")) {
            double value = comparison(values);
            expect(")");
            return value;
        }
        if (Character.isDigit(token.charAt(0))) {
            return Double.parseDouble(token);
        }
        if (next < tokens.size() && tokens.get(next).equals("(")) {
            next++;
            return function(token, values);
        }
        if (!Character.isLetter(token.charAt(0))) {
            next--;
            throw unexpected();
        }
        return values.applyAsDouble(token);
    }

    private double function(String name, ToDoubleFunction<String> values) {
        List<Double> arguments = new ArrayList<>();
        arguments.add(comparison(values));
        while (next < tokens.size() && tokens.get(next).equals(",")) {
            next++;
            arguments.add(comparison(values));
        }
        expect(")");
        if (name.equals("IF") && arguments.size() == 3) {
            double condition = arguments.get(0);
            return Double.isNaN(condition) ? Double.NaN : condition != 0 ? arguments.get(1) : arguments.get(2);
        }
        if (name.equals("FILL") && arguments.size() == 2) {
            return Double.isNaN(arguments.get(0)) ? arguments.get(1) : arguments.get(0);
        }
        throw new IllegalArgumentException("metric math '" + text + "': " + name + " with " + arguments.size()
                + " arguments is not one this evaluator knows (IF with 3, FILL with 2)");
    }

    private void expect(String token) {
        if (next >= tokens.size() || !tokens.get(next).equals(token)) {
            throw unexpected();
        }
        next++;
    }

    private IllegalArgumentException unexpected() {
        return new IllegalArgumentException("metric math '" + text + "': unexpected "
                + (next < tokens.size() ? "'" + tokens.get(next) + "'" : "end") + " at token " + next);
    }

    private static List<String> tokens(String text) {
        List<String> tokens = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (Character.isLetterOrDigit(c) || c == '.' || c == '_') {
                int start = i;
                while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '.' || text.charAt(i) == '_')) {
                    i++;
                }
                tokens.add(text.substring(start, i));
            } else if ((c == '>' || c == '<' || c == '=') && i + 1 < text.length() && text.charAt(i + 1) == '=') {
                tokens.add(text.substring(i, i + 2));
                i += 2;
            } else if ("+-*/(),<>".indexOf(c) >= 0) {
                tokens.add(String.valueOf(c));
                i++;
            } else {
                throw new IllegalArgumentException("metric math '" + text + "': unexpected character '" + c + "' at " + i);
            }
        }
        return tokens;
    }
}
