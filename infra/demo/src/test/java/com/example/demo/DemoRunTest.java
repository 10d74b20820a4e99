package com.example.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small {@code make demo} (its own local AWS, the real handlers, the same faults and three
 * phases): its checks hold, notifications delivered included, the state document it writes (what {@code make state} prints) has
 * totals equal to the report's counts, and its HTML page is self-contained.
 */
class DemoRunTest {

    @Test
    void smallDemo_passes_andItsStateTotalsEqualTheReportsCounts(@TempDir Path output) throws IOException {
        // GIVEN 150 unique payments with duplicates of every kind, conflicts, poison, payments too
        // old and retries sent after the records' TTL, each stamped when sent
        // WHEN the demo runs them through the local AWS, the publisher and the notifier
        DemoRun.Result result = DemoRun.run(150, 42, output);
        Report report = result.report();

        // THEN every check of the report held, late-after-TTL duplicates included
        assertTrue(report.passed(), report::text);
        assertTrue(report.outcomes().getOrDefault("DUPLICATE(LATE)", 0L) > 0, report::text);
        // AND the function ran with the template's age bound: the payments issued longer ago are in the DLQ as too old
        assertEquals(DemoTraffic.TOO_OLD, report.tooOld(), report::text);
        // AND the state document's totals are the report's counts
        JsonNode totals = result.state().path("totals");
        long approved = report.outcomes().get("APPROVED");
        assertEquals(approved, totals.path("ledgerRows").asLong());
        assertEquals(report.ledgerRows(), totals.path("ledgerRows").asLong());
        assertEquals(approved, totals.path("recordsByStatus").path("APPROVED").asLong());
        assertEquals(report.deadLetters(), totals.path("deadLetters").asInt());
        assertEquals(report.balanceTotal(), totals.path("balanceMinor").path("EUR").asLong());
        assertEquals(DemoTraffic.RICH_ACCOUNTS + DemoTraffic.POOR_ACCOUNTS, totals.path("accounts").asInt());
        // AND one notification was delivered per unique approved payment (the report checked it
        // against the generated input), and the state lists exactly those, none dead-lettered
        assertEquals(approved, report.notificationsDelivered(), report::text);
        assertEquals(report.notificationsDelivered(), totals.path("notificationsDelivered").asLong());
        Set<String> notified = new TreeSet<>();
        result.state().path("notifications").forEach(item -> notified.add(item.path("transactionId").asText()));
        Set<String> ledgerTransactions = new TreeSet<>();
        result.state().path("ledger").forEach(row -> ledgerTransactions.add(row.path("sk").asText()));
        assertEquals(ledgerTransactions, notified);
        assertEquals(0, totals.path("notificationDeadLetters").asInt());
        assertEquals(0, totals.path("streamFailures").asInt());
        // AND the files were written: the state as JSON, the HTML page with its chart and nothing external
        assertEquals(totals.toString(), new ObjectMapper().readTree(result.stateFile().toFile()).path("totals").toString());
        String html = Files.readString(result.html());
        assertTrue(html.contains("<svg") && html.contains("<polyline") && html.contains("phase 3"), "chart with its markers");
        assertTrue(html.contains("notified (" + approved + ")"), "the notifications' series");
        assertFalse(html.contains("<script") || html.contains("src=") || html.contains("href="), "no external resource");
    }
}
