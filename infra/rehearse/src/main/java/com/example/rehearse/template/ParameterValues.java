package com.example.rehearse.template;

import com.example.template.Parameter;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The value of each of a template's parameters for one deployment: the one given, else its
 * {@code Default}; a {@code CommaDelimitedList} split into a list, as {@code Ref} of it gives.
 */
final class ParameterValues {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final Map<String, JsonNode> values = new HashMap<>();

    /** {@code given} over the Defaults of {@code template}'s parameters; one with neither fails. */
    ParameterValues(Template template, Map<String, String> given) {
        for (Parameter parameter : template.parameters().values()) {
            String name = parameter.name();
            String value = given.containsKey(name) ? given.get(name) : parameter.byDefault().orElse(null);
            if (value == null) {
                throw new IllegalArgumentException("parameter " + name + " has no value and no Default");
            }
            values.put(name, parameter.isList() ? list(value) : JSON.textNode(value));
        }
    }

    boolean has(String name) {
        return values.containsKey(name);
    }

    /** What {@code Ref} of the parameter gives: a text, or a list for a CommaDelimitedList. */
    JsonNode ref(String name) {
        return values.get(name);
    }

    /** The value as a string (a list joined with commas). */
    String text(String name) {
        JsonNode value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException("no parameter " + name);
        }
        if (value.isArray()) {
            List<String> items = new ArrayList<>();
            value.forEach(item -> items.add(item.asText()));
            return String.join(",", items);
        }
        return value.asText();
    }

    private static ArrayNode list(String value) {
        ArrayNode items = JSON.arrayNode();
        for (String item : value.split(",", -1)) {
            items.add(item.strip());
        }
        return items;
    }
}
