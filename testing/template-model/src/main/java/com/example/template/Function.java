package com.example.template;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A SAM function ({@code AWS::Serverless::Function}) with {@code Globals.Function} applied as SAM
 * applies it: the function's own property, else the global one; two maps merged member by member,
 * the function's winning ("Globals section of the AWS SAM template",
 * https://docs.aws.amazon.com/serverless-application-model/latest/developerguide/sam-specification-template-anatomy-globals.html).
 *
 * @param resource the function as written
 * @param globals  the template's {@code Globals.Function} (missing when it has none)
 * @param mappings the template's {@code AWS::Lambda::EventSourceMapping} resources whose
 *                 {@code FunctionName} is this function (a mapping SAM's {@code Events} cannot
 *                 write, such as one with a {@code Condition})
 */
public record Function(Resource resource, JsonNode globals, List<Resource> mappings) {

    public Function {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(globals, "globals");
        mappings = List.copyOf(mappings);
    }

    public String logicalId() {
        return resource.logicalId();
    }

    /** A property with the Globals applied; missing when neither sets it. */
    public JsonNode property(String name) {
        return merged(globals.path(name), resource.property(name));
    }

    /** A property as the function itself writes it, without the Globals. */
    public JsonNode ownProperty(String name) {
        return resource.property(name);
    }

    /** Its environment variables, the Globals' merged under its own: each value as written. */
    public Map<String, JsonNode> environment() {
        Map<String, JsonNode> variables = new LinkedHashMap<>();
        property("Environment").path("Variables").properties()
                .forEach(variable -> variables.put(variable.getKey(), variable.getValue()));
        return variables;
    }

    /** Its {@code Environment.Variables} node, the Globals' merged under its own. */
    public JsonNode environmentNode() {
        return property("Environment").path("Variables");
    }

    /** Its {@code Events}, in template order, then its own {@link #mappings()} ({@link EventSource#ofMapping}). */
    public List<EventSource> events() {
        List<EventSource> events = new ArrayList<>();
        resource.property("Events").properties().forEach(event -> events.add(new EventSource(logicalId(), event.getKey(),
                event.getValue().path("Type").asText(), event.getValue().path("Properties"))));
        mappings.forEach(mapping -> events.add(EventSource.ofMapping(logicalId(), mapping)));
        return events;
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
}
