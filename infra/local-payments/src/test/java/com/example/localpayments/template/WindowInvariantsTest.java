package com.example.localpayments.template;

import static com.example.localpayments.template.ProjectTemplate.MODEL;
import static com.example.localpayments.template.ProjectTemplate.breach;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The template keeps the idempotency windows ({@link WindowInvariants}) and its Rules refuse what breaks them. */
class WindowInvariantsTest {

    @Test
    void idempotencyRecords_outliveTheQueueRetention_andTheCacheOutlivesNoRecord_byDefault() {
        assertEquals(List.of(), WindowInvariants.idempotencyWindows(MODEL));
    }

    @Test
    void rules_refuseEveryForbiddenWindowCombination_andOnlyThose() {
        assertEquals(List.of(), WindowInvariants.windowRules(MODEL));
    }

    @Test
    void rules_refuseARecordThatARedrivenCopyOutlives_naming_theRule() {
        // GIVEN a retention of 4 days WHEN the record TTL is 21 days (4 + 4 + 14 days and an hour do not fit)
        // THEN the change set is refused
        assertEquals(List.of("IdempotencyTtlSeconds must exceed 2 x QueueRetentionSeconds (345600) + the DLQ's 1209600 "
                + "+ 3660 (1904460), so that a copy redriven from the DLQ finds its record."), MODEL.rules().refusals(
                Map.of("QueueRetentionSeconds", "345600", "IdempotencyTtlSeconds", "1814400",
                        "FastPathTtlSeconds", "86400", "MaxReceiveCount", "15")));
        // AND the defaults pass
        assertEquals(List.of(), MODEL.rules().refusals(Map.of(
                "QueueRetentionSeconds", "345600", "IdempotencyTtlSeconds", "2592000", "FastPathTtlSeconds", "86400",
                "MaxReceiveCount", "15")));
    }

    @Test
    void rules_refuseMoreReceivesThanTheRetentionFits_naming_theRule() {
        assertEquals(List.of("QueueRetentionSeconds must exceed MaxReceiveCount (30) x 931 s (27930), so that a payment "
                + "failing every receive reaches the DLQ before its retention ends it."), MODEL.rules().refusals(
                Map.of("QueueRetentionSeconds", "21600", "IdempotencyTtlSeconds", "2592000",
                        "FastPathTtlSeconds", "86400", "MaxReceiveCount", "30")));
    }

    static Stream<ProjectTemplate.Breach> breaches() {
        return Stream.of(
                breach("record TTL default that a redriven copy outlives", "Default: 2592000", "Default: 1814400",
                        WindowInvariants::idempotencyWindows),
                breach("DLQ retention told to the function as another", "DEAD_LETTER_RETENTION_SECONDS: \"1209600\"",
                        "DEAD_LETTER_RETENTION_SECONDS: \"345600\"", WindowInvariants::idempotencyWindows),
                breach("DLQ size told to the function as another", "DEAD_LETTER_QUEUE_MAX_MESSAGE_BYTES: \"1048576\"",
                        "DEAD_LETTER_QUEUE_MAX_MESSAGE_BYTES: \"262144\"", WindowInvariants::idempotencyWindows),
                breach("payments as large as their dead letters", "MaximumMessageSize: 262144", "MaximumMessageSize: 1048576",
                        WindowInvariants::idempotencyWindows),
                breach("retention passed to the function as a copy",
                        "QUEUE_RETENTION_SECONDS: !Ref QueueRetentionSeconds", "QUEUE_RETENTION_SECONDS: \"345600\"",
                        WindowInvariants::idempotencyWindows),
                breach("cache TTL beyond the record TTL", "Default: 86400", "Default: 3000000",
                        WindowInvariants::idempotencyWindows),
                breach("notifier records shorter than its queue's retention",
                        "          IDEMPOTENCY_TTL_SECONDS: !Ref IdempotencyTtlSeconds\n          QUEUE_RETENTION_SECONDS: !Ref QueueRetentionSeconds\n          NOTIFIER_DLQ_URL",
                        "          IDEMPOTENCY_TTL_SECONDS: \"60\"\n          QUEUE_RETENTION_SECONDS: !Ref QueueRetentionSeconds\n          NOTIFIER_DLQ_URL",
                        WindowInvariants::idempotencyWindows),
                breach("a redrive rule refusing a TTL that outlives it",
                        "QueueRetentionSeconds, \"345600\"]\n    Assertions:\n      - Assert: !Contains [[\"2592000\", ",
                        "QueueRetentionSeconds, \"345600\"]\n    Assertions:\n      - Assert: !Contains [[", WindowInvariants::windowRules),
                breach("no redrive rule for a retention of 13 days",
                        "    RuleCondition: !Equals [!Ref QueueRetentionSeconds, \"1123200\"]",
                        "    RuleCondition: !Equals [!Ref QueueRetentionSeconds, \"0\"]", WindowInvariants::windowRules),
                breach("no rule for 50 receives", "    RuleCondition: !Equals [!Ref MaxReceiveCount, \"50\"]",
                        "    RuleCondition: !Equals [!Ref MaxReceiveCount, \"0\"]", WindowInvariants::windowRules),
                breach("a cache TTL allowed beyond the shortest record",
                        "AllowedValues: [300, 3600, 21600, 43200, 86400, 172800, 259200, 604800]",
                        "AllowedValues: [300, 3600, 21600, 43200, 86400, 172800, 259200, 604800, 2592000]",
                        WindowInvariants::windowRules));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("breaches")
    void aTemplateBreakingAnInvariant_isCaught(ProjectTemplate.Breach breach) {
        breach.assertCaught();
    }
}
