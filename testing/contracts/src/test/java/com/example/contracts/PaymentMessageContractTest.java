package com.example.contracts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The payment message's schema against the last release's (docs/deploy.md, "Changing a
 * format"): every message the released schema accepts, the tree's accepts, so no producer that
 * conformed before is refused now. Judged twice: from the two schemas
 * ({@link SchemaCompatibility}), and on the repository's messages with a JSON Schema validator.
 * Both are shown failing on the two changes a producer would feel: a new required field and a
 * narrowed currency pattern.
 */
class PaymentMessageContractTest {

    private static final String SCHEMA = "docs/payment-message.schema.json";
    /** A floor on the examples the released schema accepts, so that the example check is never empty. */
    private static final int AT_LEAST = 100;

    private final JsonNode released = LastRelease.ofThisCheckout().schema(SCHEMA);
    private final JsonNode tree = MessageSchema.inThisTree(SCHEMA).document();

    @Test
    void theTreesSchema_acceptsEverythingTheReleasedOneAccepts_byItsRules() {
        assertEquals(List.of(), SchemaCompatibility.breaks(released, tree));
    }

    @Test
    void everyRepositoryMessageTheReleasedSchemaAccepts_theTreesSchemaAccepts() {
        List<String> refused = refusedByTheNew(tree);
        assertEquals(List.of(), refused);
    }

    @Test
    void aNewRequiredField_failsBothChecks() {
        // GIVEN the tree's schema with body.merchant_city added and required
        ObjectNode changed = (ObjectNode) tree.deepCopy();
        ObjectNode body = (ObjectNode) changed.path("properties").path("body");
        ((ObjectNode) body.path("properties")).putObject("merchant_city").put("type", "string");
        ((ArrayNode) body.path("required")).add("merchant_city");

        // THEN the rules name the field (required now, and constrained where any value was let through),
        // and the released schema's messages are refused
        assertEquals(List.of("/properties/body: property merchant_city now required",
                        "/properties/body/properties/merchant_city: accepted any value, now constrained by {\"type\":\"string\"}"),
                SchemaCompatibility.breaks(released, changed));
        assertTrue(refusedByTheNew(changed).size() >= AT_LEAST, "every payment lacks merchant_city");
    }

    @Test
    void aNarrowedCurrencyPattern_failsBothChecks() {
        // GIVEN the tree's schema taking only USD and GBP
        ObjectNode changed = (ObjectNode) tree.deepCopy();
        ((ObjectNode) changed.path("properties").path("body").path("properties").path("currency")).put("pattern", "^(USD|GBP)");

        // THEN the rules refuse the changed pattern, and the released schema's EUR payments are refused
        List<String> breaks = SchemaCompatibility.breaks(released, changed);
        assertEquals(1, breaks.size(), breaks.toString());
        assertTrue(breaks.get(0).startsWith("/properties/body/properties/currency: pattern changed from \"^[A-Z]{3}\" to \"^(USD|GBP)\""),
                breaks.get(0));
        assertTrue(refusedByTheNew(changed).size() >= AT_LEAST, "the repository's payments are in EUR");
    }

    /** The repository's messages the released schema accepts and {@code schema} refuses, each with why. */
    private List<String> refusedByTheNew(JsonNode schema) {
        MessageSchema before = MessageSchema.of(released);
        MessageSchema after = MessageSchema.of(schema);
        List<String> accepted = PaymentExamples.all(tree).stream().filter(message -> before.errors(message).isEmpty()).toList();
        assertTrue(accepted.size() >= AT_LEAST, "the released schema accepts " + accepted.size() + " examples");
        return accepted.stream().filter(message -> !after.errors(message).isEmpty())
                .map(message -> message + " " + after.errors(message)).toList();
    }
}
