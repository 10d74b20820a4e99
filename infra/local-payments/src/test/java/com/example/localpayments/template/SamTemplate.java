package com.example.localpayments.template;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code template.yaml} as the invariants test reads it: its resources and parameters, and the
 * few resolutions the checks need (a reference to its target, a number to the range of values
 * it can take, a node to the comment above it). Nothing here evaluates conditions: a check
 * holds for every resource and statement, conditional or not.
 */
final class SamTemplate {

    /**
     * The values a number of the template can take: a literal is one value; a parameter is any
     * value of its AllowedValues, or between its MinValue and MaxValue (unbounded where it has
     * none), {@code byDefault} when the deployer gives none.
     */
    record Range(long min, long byDefault, long max) {

        static Range of(long value) {
            return new Range(value, value, value);
        }
    }

    /** A policy statement, and the resource whose policy it is part of. */
    record Statement(String resource, JsonNode node) {

        boolean allows() {
            return "Allow".equals(node.path("Effect").asText());
        }
    }

    private final CloudFormationYaml.Document document;

    private SamTemplate(CloudFormationYaml.Document document) {
        this.document = document;
    }

    /** Reads one template's text. */
    static SamTemplate of(String yaml) throws IOException {
        return new SamTemplate(CloudFormationYaml.read(yaml));
    }

    JsonNode root() {
        return document.root();
    }

    /** The resources of {@code type}, by logical id, in template order. */
    Map<String, JsonNode> resourcesOfType(String type) {
        Map<String, JsonNode> found = new LinkedHashMap<>();
        root().path("Resources").properties().forEach(entry -> {
            if (type.equals(entry.getValue().path("Type").asText())) {
                found.put(entry.getKey(), entry.getValue());
            }
        });
        return found;
    }

    JsonNode resource(String logicalId) {
        JsonNode resource = root().path("Resources").path(logicalId);
        if (resource.isMissingNode()) {
            throw new IllegalArgumentException("no resource " + logicalId);
        }
        return resource;
    }

    /**
     * A function's property as SAM applies {@code Globals.Function}: the function's own, else the
     * global one; two maps merged member by member, the function's winning ("Globals section of
     * the AWS SAM template", https://docs.aws.amazon.com/serverless-application-model/latest/developerguide/sam-specification-template-anatomy-globals.html).
     */
    JsonNode functionProperty(JsonNode function, String name) {
        return merged(root().path("Globals").path("Function").path(name), function.path("Properties").path(name));
    }

    private static JsonNode merged(JsonNode global, JsonNode own) {
        if (own.isMissingNode()) {
            return global;
        }
        if (!global.isObject() || !own.isObject()) {
            return own;
        }
        ObjectNode both = ((ObjectNode) global).deepCopy();
        own.properties().forEach(member -> both.set(member.getKey(), merged(both.path(member.getKey()), member.getValue())));
        return both;
    }

    /** The logical id that {@code {"Ref": id}} or {@code {"Fn::GetAtt": [id, attribute]}} names. */
    String target(JsonNode reference) {
        if (reference.has("Ref")) {
            return reference.get("Ref").asText();
        }
        JsonNode getAtt = reference.path("Fn::GetAtt");
        if (getAtt.isArray() && !getAtt.isEmpty()) {
            return getAtt.get(0).asText();
        }
        throw new IllegalArgumentException("not a Ref or Fn::GetAtt: " + reference);
    }

    /**
     * The values {@code value} can take: a literal number, or a reference to a Number parameter.
     * A missing value is AWS's default {@code absent}.
     */
    Range number(JsonNode value, long absent) {
        if (value.isMissingNode()) {
            return Range.of(absent);
        }
        if (value.isNumber() || value.isTextual()) {
            return Range.of(Long.parseLong(value.asText()));
        }
        JsonNode parameter = root().path("Parameters").path(value.path("Ref").asText());
        if (!value.has("Ref") || parameter.isMissingNode()) {
            throw new IllegalArgumentException("neither a number nor a parameter reference: " + value);
        }
        long byDefault = Long.parseLong(parameter.path("Default").asText());
        List<Long> allowed = allowedValues(parameter).stream().map(Long::parseLong).toList();
        if (!allowed.isEmpty()) {
            return new Range(allowed.stream().min(Long::compare).orElseThrow(), byDefault,
                    allowed.stream().max(Long::compare).orElseThrow());
        }
        return new Range(
                parameter.has("MinValue") ? parameter.get("MinValue").asLong() : Long.MIN_VALUE,
                byDefault,
                parameter.has("MaxValue") ? parameter.get("MaxValue").asLong() : Long.MAX_VALUE);
    }

    /** A parameter's definition ({@code Type}, {@code Default}, constraints); missing when there is none. */
    JsonNode parameter(String name) {
        return root().path("Parameters").path(name);
    }

    /** The {@code AllowedValues} of a parameter's definition, as text; empty when it lists none. */
    static List<String> allowedValues(JsonNode parameter) {
        List<String> values = new ArrayList<>();
        parameter.path("AllowedValues").forEach(value -> values.add(value.asText()));
        return values;
    }

    /**
     * Every policy statement of the template (role policies, key, topic and queue policies,
     * trust policies, inside {@code Fn::If} or not): every object with an {@code Effect}.
     */
    List<Statement> statements() {
        List<Statement> statements = new ArrayList<>();
        root().path("Resources").properties()
                .forEach(entry -> collectStatements(entry.getKey(), entry.getValue(), statements));
        return statements;
    }

    private static void collectStatements(String resource, JsonNode node, List<Statement> into) {
        if (node.isObject() && node.has("Effect")) {
            into.add(new Statement(resource, node));
            return;
        }
        node.forEach(child -> collectStatements(resource, child, into));
    }

    /** The 1-based line of {@code node} in the template. */
    int lineOf(JsonNode node) {
        return document.lineOf(node);
    }

    /**
     * The text of the comment that justifies {@code node}: a comment on its own line, or in the
     * block of comment lines right above it, that starts with {@code marker}; the text after
     * the marker, when it is not blank.
     */
    Optional<String> justification(JsonNode node, String marker) {
        List<String> text = document.text();
        int index = document.lineOf(node) - 1;
        List<String> candidates = new ArrayList<>();
        String own = text.get(index);
        int hash = own.indexOf("# ");
        if (hash >= 0) {
            candidates.add(own.substring(hash));
        }
        for (int above = index - 1; above >= 0 && text.get(above).strip().startsWith("#"); above--) {
            candidates.add(text.get(above).strip());
        }
        return candidates.stream()
                .filter(comment -> comment.startsWith(marker))
                .map(comment -> comment.substring(marker.length()).strip())
                .filter(reason -> !reason.isEmpty())
                .findFirst();
    }
}
