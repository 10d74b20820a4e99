package com.example.contracts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether a JSON Schema (2020-12) accepts every value another accepts, judged from the two
 * schemas alone: {@code breaks(before, after)} lists where {@code after} may refuse a value
 * {@code before} accepts, empty when it cannot. Backward compatibility of a message's schema
 * (every message the released schema accepts, the new one accepts) is
 * {@code breaks(released, current)}; forward compatibility for its consumers (every message the
 * new producer writes, the released consumer's schema accepts) is {@code breaks(current, released)}.
 *
 * <p>A schema's keywords are constraints that all hold at once, so {@code after} accepts all that
 * {@code before} accepts when each of its constraints is implied by {@code before}'s. The rules,
 * each a sufficient condition, read on the {@link SchemaForm} ({@code $ref}s inlined, annotations
 * left out):
 * <ul>
 *   <li>equal subschemas accept the same; {@code true} or {@code {}} after accepts anything, and
 *       {@code false} before accepts nothing;</li>
 *   <li>{@code type}: no type dropped ({@code integer} within {@code number});</li>
 *   <li>{@code enum}, {@code const}: no value dropped, none added where there was none;</li>
 *   <li>{@code required}: no name added;</li>
 *   <li>{@code properties}, {@code additionalProperties}: each property compared with what
 *       {@code before} said of the same name (its property, else its additionalProperties: a
 *       property added to an open object must accept anything), a property removed compared
 *       with {@code after}'s additionalProperties ({@code false} refuses it);</li>
 *   <li>{@code minLength}, {@code minItems}, {@code minProperties} not raised; their maximums not
 *       lowered; {@code minimum}/{@code exclusiveMinimum} not raised and
 *       {@code maximum}/{@code exclusiveMaximum} not lowered, inclusive and exclusive told apart;
 *       {@code uniqueItems} not added;</li>
 *   <li>{@code items} compared as a subschema;</li>
 *   <li>{@code anyOf}: each of {@code before}'s branches (or {@code before} itself) within one
 *       of {@code after}'s.</li>
 * </ul>
 * What no rule here can judge is refused, never passed: a changed {@code pattern} (whether one
 * regular expression matches all another does is not decided here), a changed {@code format},
 * {@code not}, {@code allOf}, {@code oneOf}, {@code if}/{@code then}/{@code else},
 * {@code patternProperties} or any other keyword, unless it is the same in both.
 */
public final class SchemaCompatibility {

    private static final Set<String> JUDGED = Set.of("type", "enum", "const", "required", "properties",
            "additionalProperties", "items", "anyOf", "minLength", "maxLength", "minItems", "maxItems",
            "minProperties", "maxProperties", "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum",
            "uniqueItems");

    private final List<String> breaks = new ArrayList<>();

    private SchemaCompatibility() {
    }

    /**
     * Where {@code after} may refuse a value {@code before} accepts, each as
     * {@code <JSON pointer>: <what changed>}; empty when every value {@code before} accepts,
     * {@code after} accepts.
     *
     * @throws IllegalArgumentException when a schema's references cannot be followed ({@link SchemaForm})
     */
    public static List<String> breaks(JsonNode before, JsonNode after) {
        SchemaCompatibility check = new SchemaCompatibility();
        check.compare(SchemaForm.of(before), SchemaForm.of(after), "");
        return List.copyOf(check.breaks);
    }

    private void compare(JsonNode before, JsonNode after, String at) {
        if (before.equals(after) || acceptsAnything(after) || BooleanNode.FALSE.equals(before)) {
            return;
        }
        if (acceptsAnything(before)) {
            breaks.add(pointer(at) + ": accepted any value, now constrained by " + after);
            return;
        }
        if (!after.isObject() || !before.isObject()) {
            breaks.add(pointer(at) + ": accepts nothing now");
            return;
        }
        for (Map.Entry<String, JsonNode> constraint : after.properties()) {
            String keyword = constraint.getKey();
            if (!JUDGED.contains(keyword) && !constraint.getValue().equals(before.get(keyword))) {
                breaks.add(pointer(at) + ": " + keyword + " " + (before.has(keyword) ? "changed from " + before.get(keyword)
                        + " to " : "added: ") + constraint.getValue() + " (no rule here judges a changed " + keyword + ")");
            }
        }
        types(before, after, at);
        values(before, after, at);
        required(before, after, at);
        properties(before, after, at);
        Bounds.compare(before, after, pointer(at), breaks);
        if (after.has("items")) {
            compare(before.path("items").isMissingNode() ? BooleanNode.TRUE : before.get("items"), after.get("items"), at + "/items");
        }
        if (after.has("anyOf")) {
            anyOf(before, after.get("anyOf"), at);
        }
    }

    private void types(JsonNode before, JsonNode after, String at) {
        if (!after.has("type")) {
            return;
        }
        Set<String> allowed = names(after.get("type"));
        Set<String> had = before.has("type") ? names(before.get("type")) : valueTypes(before);
        if (had == null) {
            breaks.add(pointer(at) + ": type " + after.get("type") + " added where any type was accepted");
            return;
        }
        for (String type : had) {
            if (!allowed.contains(type) && !("integer".equals(type) && allowed.contains("number"))) {
                breaks.add(pointer(at) + ": type " + type + " no longer accepted (now " + after.get("type") + ")");
            }
        }
    }

    private void values(JsonNode before, JsonNode after, String at) {
        if (!after.has("enum") && !after.has("const")) {
            return;
        }
        Set<JsonNode> allowed = listed(after);
        Set<JsonNode> had = listed(before);
        if (!before.has("enum") && !before.has("const")) {
            breaks.add(pointer(at) + ": values restricted to " + allowed + " where any was accepted");
            return;
        }
        had.stream().filter(value -> !allowed.contains(value))
                .forEach(value -> breaks.add(pointer(at) + ": value " + value + " no longer accepted"));
    }

    private void required(JsonNode before, JsonNode after, String at) {
        Set<String> had = names(before.path("required"));
        names(after.path("required")).stream().filter(name -> !had.contains(name))
                .forEach(name -> breaks.add(pointer(at) + ": property " + name + " now required"));
    }

    private void properties(JsonNode before, JsonNode after, String at) {
        JsonNode otherBefore = before.has("additionalProperties") ? before.get("additionalProperties") : BooleanNode.TRUE;
        after.path("properties").properties().forEach(property -> {
            JsonNode had = before.path("properties").has(property.getKey())
                    ? before.get("properties").get(property.getKey()) : otherBefore;
            compare(had, property.getValue(), at + "/properties/" + escape(property.getKey()));
        });
        if (!after.has("additionalProperties")) {
            return;
        }
        JsonNode other = after.get("additionalProperties");
        before.path("properties").properties().forEach(property -> {
            if (!after.path("properties").has(property.getKey())) {
                compare(property.getValue(), other, at + "/properties/" + escape(property.getKey()) + " (removed)");
            }
        });
        compare(otherBefore, other, at + "/additionalProperties");
    }

    private void anyOf(JsonNode before, JsonNode branches, String at) {
        List<JsonNode> had = new ArrayList<>();
        if (before.has("anyOf")) {
            before.get("anyOf").forEach(had::add);
        } else {
            had.add(before);
        }
        for (int i = 0; i < had.size(); i++) {
            JsonNode branch = had.get(i);
            boolean covered = false;
            for (JsonNode candidate : branches) {
                SchemaCompatibility one = new SchemaCompatibility();
                one.compare(branch, candidate, at);
                covered |= one.breaks.isEmpty();
            }
            if (!covered) {
                breaks.add(at + "/anyOf: " + (before.has("anyOf") ? "branch " + i + " " : "") + branch
                        + " is within none of " + branches);
            }
        }
    }

    private static boolean acceptsAnything(JsonNode schema) {
        return BooleanNode.TRUE.equals(schema) || (schema.isObject() && schema.isEmpty());
    }

    /** The JSON types of {@code schema}'s enum or const values; null when it has neither. */
    private static Set<String> valueTypes(JsonNode schema) {
        if (!schema.has("enum") && !schema.has("const")) {
            return null;
        }
        Set<String> types = new HashSet<>();
        listed(schema).forEach(value -> types.add(switch (value.getNodeType()) {
            case STRING -> "string";
            case NUMBER -> value.isIntegralNumber() ? "integer" : "number";
            case BOOLEAN -> "boolean";
            case NULL -> "null";
            case ARRAY -> "array";
            default -> "object";
        }));
        return types;
    }

    private static Set<JsonNode> listed(JsonNode schema) {
        Set<JsonNode> values = new HashSet<>();
        schema.path("enum").forEach(values::add);
        if (schema.has("const")) {
            values.add(schema.get("const"));
        }
        return values;
    }

    private static Set<String> names(JsonNode textOrArray) {
        Set<String> names = new HashSet<>();
        if (textOrArray.isTextual()) {
            names.add(textOrArray.asText());
        }
        textOrArray.forEach(name -> names.add(name.asText()));
        return names;
    }

    private static String escape(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }

    private static String pointer(String at) {
        return at.isEmpty() ? "/" : at;
    }
}
