package com.example.rehearse.stack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The CloudFormation registry schemas of the resource types, as cfn-lint ships them in its Python
 * package (the SAM tools virtualenv has it; no network): per type, the IAM permissions each
 * handler needs ({@code handlers.create|update|delete.permissions},
 * https://docs.aws.amazon.com/cloudformation-cli/latest/userguide/resource-type-schema.html).
 */
public final class ResourceSchemas {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The handlers a deploy, an update and a delete (or a rollback) run. */
    public static final List<String> HANDLERS = List.of("create", "update", "delete");

    private final Path schemas;
    private final JsonNode index;
    private final Map<String, Optional<JsonNode>> loaded = new HashMap<>();

    private ResourceSchemas(Path schemas) {
        this.schemas = schemas;
        this.index = read(schemas.resolve("providers/us-east-1.json"));
    }

    /** The schemas of cfn-lint in the SAM tools virtualenv of the project at {@code root}. */
    public static ResourceSchemas of(Path root) {
        Path lib = root.resolve(".tools/sam/lib");
        try (Stream<Path> pythons = Files.isDirectory(lib) ? Files.list(lib) : Stream.empty()) {
            Path schemas = pythons.map(python -> python.resolve("site-packages/cfnlint/data/schemas"))
                    .filter(Files::isDirectory).findFirst()
                    .orElseThrow(() -> new IllegalStateException("cfn-lint's resource schemas are missing under " + lib
                            + ": run infra/rehearse/setup-rehearse-tools.sh (make rehearse and make test do)"));
            return new ResourceSchemas(schemas);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The schema of {@code type}, if the registry has one. */
    public Optional<JsonNode> schema(String type) {
        return loaded.computeIfAbsent(type, t -> {
            String file = index.path(t).asText("");
            return file.isEmpty() ? Optional.empty() : Optional.of(read(schemas.resolve("resources/" + file + ".json")));
        });
    }

    /** The permissions of one handler of {@code type}, as its schema lists them (empty without one). */
    public List<String> permissions(String type, String handler) {
        List<String> permissions = new ArrayList<>();
        schema(type).ifPresent(schema -> schema.path("handlers").path(handler).path("permissions")
                .forEach(permission -> permissions.add(permission.asText())));
        return permissions;
    }

    private static JsonNode read(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
