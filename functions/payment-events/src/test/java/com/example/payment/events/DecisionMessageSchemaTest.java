package com.example.payment.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.example.contracts.MessageContract;
import com.example.localaws.ProjectRoot;
import com.example.payment.DeclineReason;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What the publisher writes on the topic against {@code docs/decision-message.schema.json}, so the
 * schema cannot drift from the code, and against the last release's schema (a subscriber built on
 * the release reads every decision this version publishes: docs/deploy.md, "Changing a format").
 */
class DecisionMessageSchemaTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SCHEMA = "docs/decision-message.schema.json";
    private static final String LONGEST_ID = "A" + "9._:-".repeat(25) + "xy";

    private final MessageContract contract = MessageContract.of(SCHEMA);

    @Test
    void everyKindOfDecisionThePublisherWrites_conformsHere_andToTheReleasedSchema() {
        for (DecisionEvent decision : decisions()) {
            String body = SnsDecisionPublisher.body(decision);
            assertEquals(List.of(), contract.errors(body), body);
        }
    }

    @Test
    void theSampleStreamRecordsDecision_asPublished_andTheNotifiersSampleMessage_conform() throws Exception {
        // GIVEN the INSERT of events/payment-events' sample, read as the publisher reads an item
        JsonNode sample = JSON.readTree(Files.readString(ProjectRoot.find().resolve("events/payment-events/stream-insert-and-remove.json")));
        String published = SnsDecisionPublisher.body(DecisionImages.read(item(sample.path("Records").get(0).path("dynamodb").path("NewImage"))));
        // AND the decision events/payment-notifier's sample delivers
        String delivered = JSON.readTree(Files.readString(ProjectRoot.find().resolve("events/payment-notifier/sns-raw-approval.json")))
                .path("Records").get(0).path("body").asText();

        for (String body : List.of(published, delivered)) {
            assertEquals(List.of(), contract.errors(body), body);
        }
    }

    @Test
    void aDeclineWithoutItsReason_andAnApprovalWithOne_areRefused() {
        String approval = SnsDecisionPublisher.body(decision("APPROVED", Optional.empty(), 12550, "PURCHASE"));
        String decline = SnsDecisionPublisher.body(decision("DECLINED", Optional.of("INSUFFICIENT_FUNDS"), 12550, "PURCHASE"));

        assertFalse(contract.tree().errors(decline.replace(",\"reason\":\"INSUFFICIENT_FUNDS\"", "")).isEmpty(), "a decline without its reason");
        assertFalse(contract.tree().errors(approval.replace("\"decision\":\"APPROVED\"", "\"decision\":\"APPROVED\",\"reason\":\"X\"")).isEmpty(),
                "an approval with a reason");
        assertFalse(contract.tree().errors(approval.replace("12550", "125.5")).isEmpty(), "an amount that is not in minor units");
    }

    /** Approvals and declines of every reason, both authorization types, the smallest and largest amounts and ids. */
    private static List<DecisionEvent> decisions() {
        List<DecisionEvent> decisions = new ArrayList<>();
        for (String type : List.of("PURCHASE", "REFUND")) {
            decisions.add(decision("APPROVED", Optional.empty(), 1, type));
            decisions.add(decision("APPROVED", Optional.empty(), 10_000_000_000L, type));
            for (DeclineReason reason : DeclineReason.values()) {
                decisions.add(decision("DECLINED", Optional.of(reason.name()), 98000, type));
            }
        }
        decisions.add(new DecisionEvent(LONGEST_ID, "APPROVED", Optional.empty(), LONGEST_ID, 500, "JPY", "PURCHASE",
                "2026-04-07T14:32:16Z"));
        decisions.add(new DecisionEvent("9", "APPROVED", Optional.empty(), "a", 7, "BHD", "REFUND", "2026-04-07T14:32:16.123456789Z"));
        return decisions;
    }

    private static DecisionEvent decision(String status, Optional<String> reason, long amountMinor, String type) {
        return new DecisionEvent("TXN-VISA-8847291", status, reason, "ACC-44821", amountMinor, "EUR", type, "2026-04-07T14:32:16.120Z");
    }

    /** A stream image's DynamoDB JSON as the SDK's item (the attribute types the idempotency record holds). */
    private static Map<String, AttributeValue> item(JsonNode image) {
        Map<String, AttributeValue> item = new HashMap<>();
        image.properties().forEach(attribute -> {
            JsonNode value = attribute.getValue();
            item.put(attribute.getKey(), value.has("M") ? AttributeValue.fromM(item(value.get("M")))
                    : value.has("N") ? AttributeValue.fromN(value.get("N").asText()) : AttributeValue.fromS(value.get("S").asText()));
        });
        return item;
    }
}
