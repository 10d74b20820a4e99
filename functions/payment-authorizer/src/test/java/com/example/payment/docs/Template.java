package com.example.payment.docs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
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
     * The resource an Output names when its value is {@code !Ref <resource>}: the local AWS
     * names each resource after its logical id, so this is also its local name.
     */
    Optional<String> resourceOf(String output) {
        String value = root.path("Outputs").path(output).path("Value").asText("");
        return root.path("Resources").has(value) ? Optional.of(value) : Optional.empty();
    }
}
