package com.example.localpayments.template;

import static com.example.localpayments.template.ProjectTemplate.MODEL;
import static com.example.localpayments.template.ProjectTemplate.breach;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The template's tables expire records on their writers' attribute ({@link TableInvariants}). */
class TableInvariantsTest {

    @Test
    void idempotencyTable_expiresRecordsOnTheAttributeTheReceiverWrites() {
        assertEquals(List.of(), TableInvariants.ttlAttribute(MODEL));
    }

    static Stream<ProjectTemplate.Breach> breaches() {
        return Stream.of(
                breach("TTL on another attribute", "AttributeName: expiresAt", "AttributeName: expires",
                        TableInvariants::ttlAttribute),
                breach("Powertools table expiring on another attribute", "AttributeName: expiration",
                        "AttributeName: expiresAt", TableInvariants::ttlAttribute));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("breaches")
    void aTemplateBreakingAnInvariant_isCaught(ProjectTemplate.Breach breach) {
        breach.assertCaught();
    }
}
