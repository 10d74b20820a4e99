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
    void rules_refuseARecordThatAPaymentYoungEnoughToBeDecidedOutlives_naming_theRule() {
        // GIVEN payments decided up to 29 days old WHEN the record TTL is 21 days
        // THEN the change set is refused
        assertEquals(List.of("IdempotencyTtlSeconds must exceed MaxPaymentAgeSeconds (2505600) + 60 s of clock skew "
                + "(2505660), so that every payment young enough to be decided finds its record."), MODEL.rules().refusals(
                Map.of("MaxPaymentAgeSeconds", "2505600", "IdempotencyTtlSeconds", "1814400", "QueueRetentionSeconds", "345600",
                        "FastPathTtlSeconds", "86400", "MaxReceiveCount", "15")));
        // AND the defaults pass, and so do 13 days of queue with a 21-day record: the queues no longer bound it
        assertEquals(List.of(), MODEL.rules().refusals(Map.of("MaxPaymentAgeSeconds", "1555200",
                "QueueRetentionSeconds", "345600", "IdempotencyTtlSeconds", "2592000", "FastPathTtlSeconds", "86400",
                "MaxReceiveCount", "15")));
        assertEquals(List.of(), MODEL.rules().refusals(Map.of("MaxPaymentAgeSeconds", "1555200",
                "QueueRetentionSeconds", "1123200", "IdempotencyTtlSeconds", "1814400", "FastPathTtlSeconds", "86400",
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
                breach("the function told a copy of the age bound", "MAX_MESSAGE_AGE_SECONDS: !Ref MaxPaymentAgeSeconds",
                        "MAX_MESSAGE_AGE_SECONDS: \"1555200\"", WindowInvariants::idempotencyWindows),
                breach("a record TTL default not above the age bound", "    Default: 1555200", "    Default: 2592000",
                        WindowInvariants::idempotencyWindows),
                breach("an age rule refusing a TTL that outlives the bound",
                        "MaxPaymentAgeSeconds, \"2505600\"]\n    Assertions:\n      - Assert: !Contains [[\"2592000\", ",
                        "MaxPaymentAgeSeconds, \"2505600\"]\n    Assertions:\n      - Assert: !Contains [[", WindowInvariants::windowRules),
                noRuleFor("MaxPaymentAgeSeconds", "2505600"),
                noRuleFor("MaxPaymentAgeSeconds", "5097600"),
                noRuleFor("MaxPaymentAgeSeconds", "7689600"),
                noRuleFor("MaxPaymentAgeSeconds", "15465600"),
                noRuleFor("MaxPaymentAgeSeconds", "31449600"),
                noRuleFor("MaxReceiveCount", "50"),
                breach("a cache TTL allowed beyond the shortest record",
                        "AllowedValues: [300, 3600, 21600, 43200, 86400, 172800, 259200, 604800]",
                        "AllowedValues: [300, 3600, 21600, 43200, 86400, 172800, 259200, 604800, 2592000]",
                        WindowInvariants::windowRules));
    }

    /** The Rule for {@code parameter}'s allowed {@code value} conditioned on a value it never takes. */
    private static ProjectTemplate.Breach noRuleFor(String parameter, String value) {
        return breach("no rule for " + parameter + " " + value, "    RuleCondition: !Equals [!Ref " + parameter + ", \"" + value + "\"]",
                "    RuleCondition: !Equals [!Ref " + parameter + ", \"0\"]", WindowInvariants::windowRules);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("breaches")
    void aTemplateBreakingAnInvariant_isCaught(ProjectTemplate.Breach breach) {
        breach.assertCaught();
    }
}
