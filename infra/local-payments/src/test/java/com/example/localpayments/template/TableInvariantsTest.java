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

    @Test
    void paymentTables_areWarmedByTheParameter_onlyAboveANewTablesOwnThroughput() {
        assertEquals(List.of(), TableInvariants.warmThroughput(MODEL));
    }

    static Stream<ProjectTemplate.Breach> breaches() {
        return Stream.of(
                breach("the ledger not warmed", "      BillingMode: PAY_PER_REQUEST\n      WarmThroughput: !If\n        - TablesWarmed\n"
                        + "        - WriteUnitsPerSecond: !Ref TablesWarmWriteUnitsPerSecond\n        - !Ref AWS::NoValue\n      AttributeDefinitions:\n"
                        + "        - AttributeName: pk\n          AttributeType: S\n        - AttributeName: sk",
                        "      BillingMode: PAY_PER_REQUEST\n      AttributeDefinitions:\n        - AttributeName: pk\n          AttributeType: S\n"
                        + "        - AttributeName: sk", TableInvariants::warmThroughput),
                breach("warm throughput set at a new table's own", "TablesWarmed: !Not [!Equals [!Ref TablesWarmWriteUnitsPerSecond, \"4000\"]]",
                        "TablesWarmed: !Not [!Equals [!Ref TablesWarmWriteUnitsPerSecond, \"0\"]]", TableInvariants::warmThroughput),
                breach("warm throughput past the table quota", "AllowedValues: [4000, 8000, 12000, 16000, 24000, 32000, 40000]",
                        "AllowedValues: [4000, 8000, 12000, 16000, 24000, 32000, 40000, 80000]", TableInvariants::warmThroughput),
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
