package com.example.payment.docs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What template.yaml declares that the docs name: its Outputs, Parameters and functions. Read
 * with a plain YAML reader, which keeps an intrinsic's argument and drops its tag
 * ({@code !Ref PaymentsQueue} reads as {@code PaymentsQueue}).
 */
final class Template {

    private final JsonNode root;

    private Template(JsonNode root) {
        this.root = root;
    }

    static Template read(Path projectRoot) {
        try {
            return new Template(new ObjectMapper(new YAMLFactory()).readTree(projectRoot.resolve("template.yaml").toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read template.yaml", e);
        }
    }

    boolean hasOutput(String name) {
        return root.path("Outputs").has(name);
    }

    boolean hasParameter(String name) {
        return root.path("Parameters").has(name);
    }

    /**
     * The {@code maxReceiveCount} of every queue's {@code RedrivePolicy}, a {@code !Ref} to a parameter read as that
     * parameter's {@code Default}.
     */
    Set<Integer> maxReceiveCounts() {
        Set<Integer> counts = new TreeSet<>();
        for (JsonNode resource : root.path("Resources")) {
            JsonNode count = resource.path("Properties").path("RedrivePolicy").path("maxReceiveCount");
            if (!count.isMissingNode()) {
                JsonNode parameter = root.path("Parameters").path(count.asText());
                counts.add((parameter.isMissingNode() ? count : parameter.path("Default")).asInt());
            }
        }
        return counts;
    }

    boolean hasFunction(String logicalId) {
        return "AWS::Serverless::Function".equals(root.path("Resources").path(logicalId).path("Type").asText());
    }

    /** The {@code Type}s of the function's {@code Events} ({@code SQS}, {@code DynamoDB}, {@code Schedule}, ...). */
    Set<String> eventTypes(String function) {
        Set<String> types = new TreeSet<>();
        root.path("Resources").path(function).path("Properties").path("Events")
                .forEach(event -> types.add(event.path("Type").asText()));
        return types;
    }

    /**
     * A CloudWatch alarm of the template.
     *
     * @param logicalId   its logical id
     * @param name        its {@code AlarmName} with the stack's name taken off ({@code conflict})
     * @param description its {@code AlarmDescription}
     */
    record Alarm(String logicalId, String name, String description) {
    }

    private static final String STACK_PREFIX = "${AWS::StackName}-";

    /** Every {@code AWS::CloudWatch::Alarm} of the template, in the template's order. */
    List<Alarm> alarms() {
        List<Alarm> alarms = new ArrayList<>();
        for (Map.Entry<String, JsonNode> resource : root.path("Resources").properties()) {
            if (!"AWS::CloudWatch::Alarm".equals(resource.getValue().path("Type").asText())) {
                continue;
            }
            JsonNode properties = resource.getValue().path("Properties");
            String name = properties.path("AlarmName").asText("");
            if (!name.startsWith(STACK_PREFIX)) {
                throw new AssertionError("template.yaml: " + resource.getKey() + "'s AlarmName must be !Sub \"" + STACK_PREFIX
                        + "<name>\", was '" + name + "'");
            }
            alarms.add(new Alarm(resource.getKey(), name.substring(STACK_PREFIX.length()),
                    properties.path("AlarmDescription").asText("").strip()));
        }
        return alarms;
    }

    /**
     * The resource an Output names when its value is {@code !Ref <resource>}: the local AWS
     * names each resource after its logical id, so this is also its local name.
     */
    Optional<String> resourceOf(String output) {
        String value = root.path("Outputs").path(output).path("Value").asText("");
        return root.path("Resources").has(value) ? Optional.of(value) : Optional.empty();
    }
}
