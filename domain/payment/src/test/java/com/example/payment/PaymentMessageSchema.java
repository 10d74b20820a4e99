package com.example.payment;

import com.example.localaws.ProjectRoot;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.networknt.schema.Error;
import com.networknt.schema.OutputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.regex.JDKRegularExpressionFactory;
import com.networknt.schema.regex.JoniRegularExpressionFactory;
import com.networknt.schema.regex.RegularExpressionFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The producers' JSON Schema, {@value #FILE}, applied as a producer's validator applies it: the
 * message read as any JSON text (RFC 8259, numbers exact, no limit of depth or length, a
 * duplicated key's last value kept, as most readers do), then validated under JSON Schema
 * 2020-12 by com.networknt:json-schema-validator, once with the JDK's regular expressions and
 * once with ECMA-262's (Joni), the dialect JSON Schema names for {@code pattern}: the schema
 * must mean the same under both.
 */
public final class PaymentMessageSchema {

    /** Where the schema is, from the project's root. */
    public static final String FILE = "docs/payment-message.schema.json";

    private static final ObjectMapper READER = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(Integer.MAX_VALUE)
                            .maxNumberLength(Integer.MAX_VALUE)
                            .build())
                    .build())
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    /** How a message fares against the schema. */
    public enum Kind {
        /** Read as JSON and valid against the schema. */
        CONFORMS,
        /** Read as JSON, and the schema refuses it. */
        REFUSED,
        /** Not a JSON text: no schema can accept it. */
        NOT_JSON,
        /**
         * Valid JSON holding a number whose exponent java.math.BigDecimal cannot hold (RFC 8259
         * bounds none), so no exact Java reader can hand it to the schema.
         */
        NUMBER_OUT_OF_RANGE
    }

    /**
     * The schema's verdict on one message.
     *
     * @param kind   the verdict
     * @param detail what the reader said of a message that is not JSON; for the schema's errors, see {@link #explain}
     */
    public record Verdict(Kind kind, String detail) {
        public Verdict {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(detail, "detail");
        }

        public boolean conforms() {
            return kind == Kind.CONFORMS;
        }
    }

    private final JsonNode document;
    private final Schema withJdkRegex;
    private final Schema withEcmaRegex;

    private PaymentMessageSchema(JsonNode document) {
        this.document = document;
        this.withJdkRegex = load(document, JDKRegularExpressionFactory.getInstance());
        this.withEcmaRegex = load(document, JoniRegularExpressionFactory.getInstance());
    }

    /** The schema of this project's docs. */
    public static PaymentMessageSchema ofThisProject() {
        Path file = ProjectRoot.find().resolve(FILE);
        try {
            return new PaymentMessageSchema(READER.readTree(Files.readString(file)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** The schema document itself. */
    public JsonNode document() {
        return document;
    }

    /**
     * The verdict on {@code message}, the same under both regular expression dialects.
     *
     * @throws AssertionError if the dialects disagree: a pattern of the schema is not portable
     */
    public Verdict verdict(String message) {
        JsonNode instance;
        try {
            instance = READER.readTree(message);
        } catch (JsonProcessingException e) {
            return new Verdict(Kind.NOT_JSON, e.getOriginalMessage());
        } catch (NumberFormatException e) {
            return new Verdict(Kind.NUMBER_OUT_OF_RANGE, "a number's exponent is beyond java.math.BigDecimal");
        }
        if (instance == null || instance.isMissingNode()) {
            return new Verdict(Kind.NOT_JSON, "no JSON value");
        }
        return verdict(instance);
    }

    /** The verdict on a JSON value already read, the same under both regular expression dialects. */
    public Verdict verdict(JsonNode instance) {
        // OutputFormat.BOOLEAN stops at the first error: the errors are listed only for a failure's message
        boolean jdk = withJdkRegex.validate(instance, OutputFormat.BOOLEAN);
        boolean ecma = withEcmaRegex.validate(instance, OutputFormat.BOOLEAN);
        if (jdk != ecma) {
            throw new AssertionError("the schema's patterns mean different things in the JDK's dialect "
                    + withJdkRegex.validate(instance) + " and in ECMA-262's " + withEcmaRegex.validate(instance));
        }
        return jdk ? new Verdict(Kind.CONFORMS, "") : new Verdict(Kind.REFUSED, "refused");
    }

    /** What the schema says of {@code message}, for a failure's message. */
    public String explain(String message) {
        try {
            List<Error> errors = withJdkRegex.validate(READER.readTree(message));
            return errors.isEmpty() ? "conforms" : errors.toString();
        } catch (JsonProcessingException e) {
            return "not JSON: " + e.getOriginalMessage();
        } catch (NumberFormatException e) {
            return "a number's exponent is beyond java.math.BigDecimal";
        }
    }

    /**
     * The text of {@code field} ({@code body.merchant}, {@code headers.timestamp}, ...) in
     * {@code message} as the schema's reader reads it, if it is a string there.
     */
    static Optional<String> text(String message, String field) {
        try {
            JsonNode node = READER.readTree(message).path(field.substring(0, field.indexOf('.')))
                    .path(field.substring(field.indexOf('.') + 1));
            return node.isTextual() ? Optional.of(node.textValue()) : Optional.empty();
        } catch (JsonProcessingException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static Schema load(JsonNode document, RegularExpressionFactory regex) {
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12, builder -> builder
                .schemaRegistryConfig(SchemaRegistryConfig.builder().regularExpressionFactory(regex).build()));
        return registry.getSchema(document);
    }
}
