package com.example.template;

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
public final class Rules {

    private final List<Rule> rules;

    Rules(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** Every rule, in template order. */
    public List<Rule> all() {
        return rules;
    }

    /**
     * The {@code AssertDescription}s of the assertions {@code values} break, among the rules that
     * refer to no parameter outside {@code values}. A value is a String, or a List of Strings for
     * a {@code CommaDelimitedList} parameter.
     */
    public List<String> refusals(Map<String, ?> values) {
        List<String> refusals = new ArrayList<>();
        for (Rule rule : rules) {
            if (!values.keySet().containsAll(references(rule))) {
                continue;
            }
            if (rule.condition().isPresent() && !truth(evaluate(rule.condition().get(), values))) {
                continue;
            }
            for (Rule.Assertion assertion : rule.assertions()) {
                if (!truth(evaluate(assertion.test(), values))) {
                    refusals.add(assertion.description());
                }
            }
        }
        return refusals;
    }

    private static Set<String> references(Rule rule) {
        Set<String> names = new HashSet<>();
        rule.condition().ifPresent(condition -> names.addAll(references(condition)));
        rule.assertions().forEach(assertion -> names.addAll(references(assertion.test())));
        return names;
    }

    private static Set<String> references(JsonNode node) {
        Set<String> names = new HashSet<>();
        Intrinsic.ref(node).ifPresent(names::add);
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
        Intrinsic intrinsic = Intrinsic.of(node)
                .orElseThrow(() -> new IllegalArgumentException("a rule function this evaluator does not know: " + node));
        if (intrinsic instanceof Intrinsic.Ref ref) {
            return values.get(ref.name());
        }
        if (!(intrinsic instanceof Intrinsic.Call call)) {
            throw new IllegalArgumentException("a rule function this evaluator does not know: " + node);
        }
        JsonNode arguments = call.arguments();
        return switch (call.name()) {
            case "Equals" -> evaluate(arguments.get(0), values).equals(evaluate(arguments.get(1), values));
            case "Contains" -> ((List<?>) evaluate(arguments.get(0), values)).contains(evaluate(arguments.get(1), values));
            case "Not" -> !truth(evaluate(arguments.get(0), values));
            case "And" -> {
                boolean all = true;
                for (JsonNode condition : arguments) {
                    all &= truth(evaluate(condition, values));
                }
                yield all;
            }
            case "Or" -> {
                boolean any = false;
                for (JsonNode condition : arguments) {
                    any |= truth(evaluate(condition, values));
                }
                yield any;
            }
            default -> throw new IllegalArgumentException("a rule function this evaluator does not know: " + node);
        };
    }

    private static boolean truth(Object value) {
        if (value instanceof Boolean bool) {
            return bool;
        }
        throw new IllegalArgumentException("not a condition: " + value);
    }
}
