package com.example.rehearse.template;

import com.example.template.Intrinsic;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The template's {@code Conditions} decided for one deployment, each once: {@code Condition},
 * {@code Fn::Equals} (of resolved values), {@code Fn::Not}, {@code Fn::And}, {@code Fn::Or}.
 */
final class ConditionValues {

    private final Map<String, JsonNode> definitions;
    private final UnaryOperator<JsonNode> resolve;
    private final Map<String, Boolean> decided = new HashMap<>();

    /** The conditions {@code definitions}, comparing values as {@code resolve} resolves them. */
    ConditionValues(Map<String, JsonNode> definitions, UnaryOperator<JsonNode> resolve) {
        this.definitions = definitions;
        this.resolve = resolve;
    }

    /** Whether condition {@code name} holds. */
    boolean holds(String name) {
        Boolean known = decided.get(name);
        if (known == null) {
            JsonNode definition = definitions.get(name);
            if (definition == null) {
                throw new IllegalArgumentException("no condition " + name);
            }
            known = truth(definition);
            decided.put(name, known);
        }
        return known;
    }

    private boolean truth(JsonNode node) {
        Intrinsic intrinsic = Intrinsic.of(node).orElseThrow(() -> new IllegalArgumentException("not a condition: " + node));
        if (intrinsic instanceof Intrinsic.ConditionRef condition) {
            return holds(condition.name());
        }
        if (!(intrinsic instanceof Intrinsic.Call call)) {
            throw new IllegalArgumentException("not a condition: " + node);
        }
        JsonNode arguments = call.arguments();
        return switch (call.name()) {
            case "Equals" -> resolve.apply(arguments.get(0)).equals(resolve.apply(arguments.get(1)));
            case "Not" -> !truth(arguments.get(0));
            case "And" -> {
                boolean all = true;
                for (JsonNode term : arguments) {
                    all &= truth(term);
                }
                yield all;
            }
            case "Or" -> {
                boolean any = false;
                for (JsonNode term : arguments) {
                    any |= truth(term);
                }
                yield any;
            }
            default -> throw new IllegalArgumentException("not a condition: " + node);
        };
    }
}
