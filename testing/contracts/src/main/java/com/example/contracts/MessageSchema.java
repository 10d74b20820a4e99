package com.example.contracts;

import com.example.localaws.ProjectRoot;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A message's JSON Schema as a consumer's validator applies it: JSON Schema 2020-12 by
 * com.networknt:json-schema-validator, numbers read exactly.
 */
public final class MessageSchema {

    /** How schemas and messages are read: numbers exact, nothing after the value. */
    static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private final JsonNode document;
    private final Schema schema;

    private MessageSchema(JsonNode document) {
        this.document = document;
        this.schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(document);
    }

    /** The schema {@code document} states. */
    public static MessageSchema of(JsonNode document) {
        return new MessageSchema(document);
    }

    /** The schema file at {@code path} from the project's root, as the working tree has it. */
    public static MessageSchema inThisTree(String path) {
        Path file = ProjectRoot.find().resolve(path);
        try {
            return of(JSON.readTree(Files.readString(file)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** The schema document. */
    public JsonNode document() {
        return document.deepCopy();
    }

    /** Why the schema refuses {@code message}; empty when it accepts it. */
    public List<String> errors(String message) {
        JsonNode instance;
        try {
            instance = JSON.readTree(message);
        } catch (JsonProcessingException e) {
            return List.of("not JSON: " + e.getOriginalMessage());
        }
        if (instance == null || instance.isMissingNode()) {
            return List.of("no JSON value");
        }
        return schema.validate(instance).stream().map(Error::toString).toList();
    }
}
