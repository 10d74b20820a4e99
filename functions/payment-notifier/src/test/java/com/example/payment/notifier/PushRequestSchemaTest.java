package com.example.payment.notifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.example.contracts.MessageContract;
import com.example.localaws.ProjectRoot;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the notifier sends the push API against {@code docs/push-request.schema.json}, so the
 * schema cannot drift from the code, and against the last release's schema (a push API built on
 * the release takes every request this version sends: docs/deploy.md, "Changing a format").
 */
class PushRequestSchemaTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SCHEMA = "docs/push-request.schema.json";
    private static final String LONGEST_ID = "A" + "9._:-".repeat(25) + "xy";

    private final MessageContract contract = MessageContract.of(SCHEMA);

    @Test
    void everyRequestTheNotifierSends_conformsHere_andToTheReleasedSchema() throws Exception {
        for (String decision : approvals()) {
            String request = Notification.fromEvent(decision).orElseThrow().toRequestBody();
            assertEquals(List.of(), contract.errors(request), request);
        }
    }

    @Test
    void aRequestWithoutItsTemplate_orWithAMajorUnitAmount_isRefused() {
        String request = new Notification("TXN-1", "ACC-1", 12550, "EUR").toRequestBody();

        assertFalse(contract.tree().errors(request.replace(",\"template\":\"payment-approved\"", "")).isEmpty(), "no template");
        assertFalse(contract.tree().errors(request.replace("12550", "125.5")).isEmpty(), "an amount that is not in minor units");
    }

    /** The sample's approval (events/payment-notifier) and approvals at the bounds of amounts and ids, as the topic carries them. */
    private static List<String> approvals() throws Exception {
        List<String> approvals = new ArrayList<>();
        approvals.add(JSON.readTree(Files.readString(ProjectRoot.find().resolve("events/payment-notifier/sns-raw-approval.json")))
                .path("Records").get(0).path("body").asText());
        approvals.add(approval("TXN-VISA-1", "ACC-44821", 1, "EUR"));
        approvals.add(approval(LONGEST_ID, LONGEST_ID, 10_000_000_000L, "JPY"));
        approvals.add(approval("9", "a", 7, "BHD"));
        return approvals;
    }

    private static String approval(String transactionId, String accountId, long amountMinor, String currency) {
        return JSON.createObjectNode().put("event_type", "PaymentAuthorized").put("transaction_id", transactionId)
                .put("decision", "APPROVED").put("account_id", accountId).put("amount_minor", amountMinor)
                .put("currency", currency).put("authorization_type", "PURCHASE").put("decided_at", "2026-04-07T14:32:16.120Z")
                .toString();
    }
}
