package com.example.contracts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;

/**
 * A JSON Schema (2020-12) as {@link SchemaCompatibility} compares it: every local {@code $ref}
 * replaced by what it points at, and the annotations ({@code description}, {@code title},
 * {@code examples}, ...) and {@code $defs} left out, since they accept or refuse nothing. Two
 * schemas whose forms are equal accept the same values.
 */
final class SchemaForm {

    /** Keywords that annotate and never refuse a value. */
    private static final Set<String> ANNOTATIONS = Set.of("$schema", "$id", "$comment", "$anchor", "title",
            "description", "examples", "default", "deprecated", "readOnly", "writeOnly", "$defs", "definitions");
    /** Keywords whose value is one subschema. */
    private static final Set<String> ONE_SCHEMA = Set.of("additionalProperties", "items", "not", "if", "then", "else",
            "contains", "propertyNames", "unevaluatedProperties", "unevaluatedItems", "contentSchema");
    /** Keywords whose value is an array of subschemas. */
    private static final Set<String> SCHEMA_ARRAYS = Set.of("anyOf", "allOf", "oneOf", "prefixItems");
    /** Keywords whose value maps names to subschemas. */
    private static final Set<String> SCHEMA_MAPS = Set.of("properties", "patternProperties", "dependentSchemas");
    /** A reference chain longer than this is taken for a recursive schema, which no rule here judges. */
    private static final int MOST_REFERENCES = 32;

    private SchemaForm() {
    }

    /**
     * {@code document}'s form.
     *
     * @throws IllegalArgumentException for a reference that is not local ({@code #/...}) or that
     *                                  points at nothing, and for a recursive schema
     */
    static JsonNode of(JsonNode document) {
        return form(document, document, 0);
    }

    private static JsonNode form(JsonNode schema, JsonNode document, int references) {
        if (!schema.isObject()) {
            return schema.deepCopy();
        }
        JsonNode ref = schema.get("$ref");
        if (ref != null) {
            return referenced(schema, ref.asText(), document, references);
        }
        ObjectNode form = JsonNodeFactory.instance.objectNode();
        schema.properties().forEach(entry -> {
            String keyword = entry.getKey();
            JsonNode value = entry.getValue();
            if (ANNOTATIONS.contains(keyword)) {
                return;
            }
            if (ONE_SCHEMA.contains(keyword)) {
                form.set(keyword, form(value, document, references));
            } else if (SCHEMA_ARRAYS.contains(keyword)) {
                ArrayNode each = form.putArray(keyword);
                value.forEach(sub -> each.add(form(sub, document, references)));
            } else if (SCHEMA_MAPS.contains(keyword)) {
                ObjectNode each = form.putObject(keyword);
                value.properties().forEach(named -> each.set(named.getKey(), form(named.getValue(), document, references)));
            } else {
                form.set(keyword, value.deepCopy());
            }
        });
        return form;
    }

    /** A {@code $ref}'s target; with other constraints beside it, both, as an {@code allOf}. */
    private static JsonNode referenced(JsonNode schema, String ref, JsonNode document, int references) {
        if (references >= MOST_REFERENCES) {
            throw new IllegalArgumentException("a reference chain longer than " + MOST_REFERENCES
                    + " (a recursive schema): no rule here judges one");
        }
        if (!ref.startsWith("#")) {
            throw new IllegalArgumentException("a reference outside the document cannot be judged: " + ref);
        }
        JsonNode target = document.at(ref.substring(1));
        if (target.isMissingNode()) {
            throw new IllegalArgumentException("the reference " + ref + " points at nothing");
        }
        JsonNode resolved = form(target, document, references + 1);
        ObjectNode besides = ((ObjectNode) schema.deepCopy());
        besides.remove("$ref");
        JsonNode rest = form(besides, document, references);
        if (rest.isEmpty()) {
            return resolved;
        }
        ObjectNode both = JsonNodeFactory.instance.objectNode();
        both.putArray("allOf").add(resolved).add(rest);
        return both;
    }
}
