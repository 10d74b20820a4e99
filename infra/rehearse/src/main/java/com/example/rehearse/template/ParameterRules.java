package com.example.rehearse.template;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The template's {@code Rules} evaluated as CloudFormation evaluates them when it creates a change
 * set, for given parameter values: a rule applies when its {@code RuleCondition} holds (or it has
 * none), and refuses the values when one of its {@code Assertions} is false. Covers the rule
 * functions the template uses ({@code Ref}, {@code Fn::Equals}, {@code Fn::Contains},
 * {@code Fn::Not}, {@code Fn::And}, {@code Fn::Or}); string comparison, as CloudFormation's.
 * The template invariants test and {@code make rehearse} both judge the Rules with it.
 */
public final class ParameterRules {

    private ParameterRules() {
    }

    /**
     * The {@code AssertDescription}s of the assertions {@code values} break, among the
     * {@code rules} (a template's {@code Rules} section) that refer to no parameter outside
     * {@code values}. A value is a String, or a List of Strings for a {@code CommaDelimitedList}
     * parameter.
     */
    public static List<String> refusals(JsonNode rules, Map<String, ?> values) {
        List<String> refusals = new ArrayList<>();
        rules.forEach(rule -> {
            if (!values.keySet().containsAll(references(rule))) {
                return;
            }
            if (rule.has("RuleCondition") && !truth(evaluate(rule.get("RuleCondition"), values))) {
                return;
            }
            rule.path("Assertions").forEach(assertion -> {
                if (!truth(evaluate(assertion.path("Assert"), values))) {
                    refusals.add(assertion.path("AssertDescription").asText());
                }
            });
        });
        return refusals;
    }

    private static Set<String> references(JsonNode node) {
        Set<String> names = new HashSet<>();
        if (node.isObject() && node.has("Ref")) {
            names.add(node.get("Ref").asText());
        }
        node.forEach(child -> names.addAll(references(child)));
        return names;
    }

    private static Object evaluate(JsonNode node, Map<String, ?> values) {
        if (node.isTextual() || node.isNumber()) {
            return node.asText();
        }
        if (node.isArray()) {
            List<Object> list = new ArrayList<>();
            node.forEach(element -> list.add(evaluate(element, values)));
            return list;
        }
        if (node.has("Ref")) {
            return values.get(node.get("Ref").asText());
        }
        if (node.has("Fn::Equals")) {
            JsonNode arguments = node.get("Fn::Equals");
            return evaluate(arguments.get(0), values).equals(evaluate(arguments.get(1), values));
        }
        if (node.has("Fn::Contains")) {
            JsonNode arguments = node.get("Fn::Contains");
            return ((List<?>) evaluate(arguments.get(0), values)).contains(evaluate(arguments.get(1), values));
        }
        if (node.has("Fn::Not")) {
            return !truth(evaluate(node.get("Fn::Not").get(0), values));
        }
        if (node.has("Fn::And")) {
            boolean all = true;
            for (JsonNode condition : node.get("Fn::And")) {
                all &= truth(evaluate(condition, values));
            }
            return all;
        }
        if (node.has("Fn::Or")) {
            boolean any = false;
            for (JsonNode condition : node.get("Fn::Or")) {
                any |= truth(evaluate(condition, values));
            }
            return any;
        }
        throw new IllegalArgumentException("a rule function this evaluator does not know: " + node);
    }

    private static boolean truth(Object value) {
        if (value instanceof Boolean bool) {
            return bool;
        }
        throw new IllegalArgumentException("not a condition: " + value);
    }
}
