package com.example.sim.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The release's readers as the compatibility oracles ask them, loaded from the release's own
 * packages: its record reader and the working tree's read a record alike, and both refuse a status
 * they have no name for; its notifier reads a decision message as the topic carries it, and
 * cannot read one whose field was renamed.
 */
class ReleasedReadersTest {

    private static final String DECISION = "{\"event_type\":\"PaymentAuthorized\",\"transaction_id\":\"TXN-1\","
            + "\"decision\":\"APPROVED\",\"account_id\":\"ACC-1\",\"amount_minor\":1250,\"currency\":\"EUR\","
            + "\"authorization_type\":\"PURCHASE\",\"decided_at\":\"2026-03-02T00:13:24Z\"}";

    private static Path release;

    @BeforeAll
    static void built() throws Exception {
        release = LastRelease.folder();
    }

    @Test
    void aRecord_isReadAlikeByBothVersions_andAStatusNeitherNames_byNeither() {
        // GIVEN both versions' record readers, and a declined payment's record as the store writes it
        RecordReaders readers = RecordReaders.of(ReleasedVersion.in(release));
        Map<String, AttributeValue> record = new HashMap<>(Map.of("pk", AttributeValue.fromS("PAYMENT#TXN-1"),
                "status", AttributeValue.fromS("DECLINED"), "reason", AttributeValue.fromS("INSUFFICIENT_FUNDS"),
                "fingerprint", AttributeValue.fromS("ab".repeat(32)), "processedAt", AttributeValue.fromS("2026-03-02T00:13:24Z"),
                "expiresAt", AttributeValue.fromN("1775000000")));
        // THEN both read its decision and fingerprint, the same
        Map<String, Optional<String>> read = readers.read(record);
        assertEquals(2, read.size(), read::toString);
        assertTrue(read.values().stream().allMatch(Optional::isPresent), read::toString);
        assertEquals(1, read.values().stream().distinct().count(), read::toString);
        // AND a status neither version names is read by neither (the release's reader among them)
        record.put("status", AttributeValue.fromS("REFUSED"));
        assertEquals(Map.of("the working tree", Optional.empty(), ReleasedVersion.in(release).version(), Optional.empty()),
                readers.read(record));
    }

    @Test
    void theReleasedNotifier_readsADecisionMessage_andCannotReadOneWithARenamedField() {
        ReleasedNotifier notifier = ReleasedNotifier.in(release);
        // THEN an approval as the publisher writes it asks to notify its own transaction, a decline nobody
        assertEquals(new ReleasedNotifier.Read.Notifies("TXN-1"), notifier.read(DECISION));
        assertInstanceOf(ReleasedNotifier.Read.NotifiesNobody.class, notifier.read(DECISION
                .replace("PaymentAuthorized", "PaymentDeclined").replace("\"APPROVED\"", "\"DECLINED\"")));
        // AND the same approval with transaction_id renamed is one it cannot read
        assertInstanceOf(ReleasedNotifier.Read.Unreadable.class, notifier.read(DECISION.replace("transaction_id", "transactionId")));
    }
}
