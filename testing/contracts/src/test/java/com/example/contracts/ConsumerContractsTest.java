package com.example.contracts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The messages the project writes for others, the decision message on the topic and the push
 * API's request, against the last release's (docs/deploy.md, "Changing a format"): forward
 * compatible, every message the tree's schema allows the released consumer's schema accepts, so
 * a subscriber or push API built on the release reads what the new version writes. The functions'
 * own tests check that what their code writes conforms to the tree's schema and to the released
 * one ({@code DecisionMessageSchemaTest}, {@code PushRequestSchemaTest}).
 */
class ConsumerContractsTest {

    private static final String DECISION = "docs/decision-message.schema.json";
    private static final String PUSH = "docs/push-request.schema.json";

    private final LastRelease release = LastRelease.ofThisCheckout();

    @Test
    void theReleasedDecisionSchema_acceptsEveryDecisionTheTreesAllows() {
        assertEquals(List.of(), SchemaCompatibility.breaks(MessageSchema.inThisTree(DECISION).document(), release.schema(DECISION)));
    }

    @Test
    void theReleasedPushSchema_acceptsEveryRequestTheTreesAllows() {
        assertEquals(List.of(), SchemaCompatibility.breaks(MessageSchema.inThisTree(PUSH).document(), release.schema(PUSH)));
    }

    @Test
    void aNewDeclineReason_isOneTheReleasedSubscribersDoNotKnow() {
        // GIVEN the tree's decision schema with a reason the release never wrote
        JsonNode changed = MessageSchema.inThisTree(DECISION).document();
        ((ArrayNode) changed.path("properties").path("reason").path("enum")).add("CARD_EXPIRED");

        // THEN the released consumer's schema refuses it
        assertEquals(List.of("/properties/reason: value \"CARD_EXPIRED\" no longer accepted"),
                SchemaCompatibility.breaks(changed, release.schema(DECISION)));
    }

    @Test
    void aRenamedPushField_breaksTheReleasedPushApi() {
        // GIVEN the tree's push schema with amount_minor renamed amount_cents (required in its place)
        ObjectNode changed = (ObjectNode) MessageSchema.inThisTree(PUSH).document();
        ObjectNode properties = (ObjectNode) changed.path("properties");
        properties.set("amount_cents", properties.remove("amount_minor"));
        ArrayNode required = changed.putArray("required");
        List.of("transaction_id", "account_id", "amount_cents", "currency", "template").forEach(required::add);

        // THEN a request lacks what the released push API requires, and a value there was not constrained before
        assertEquals(List.of("/: property amount_minor now required",
                        "/properties/amount_minor: accepted any value, now constrained by {\"type\":\"integer\",\"minimum\":1,\"maximum\":10000000000}"),
                SchemaCompatibility.breaks(changed, release.schema(PUSH)).stream().sorted().toList());
    }
}
