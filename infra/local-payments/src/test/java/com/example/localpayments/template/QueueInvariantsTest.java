package com.example.localpayments.template;

import static com.example.localpayments.template.ProjectTemplate.MODEL;
import static com.example.localpayments.template.ProjectTemplate.breach;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The template keeps the SQS event sources' invariants ({@link QueueInvariants}), and each check catches its breach. */
class QueueInvariantsTest {

    @Test
    void template_hasSqsEventSourcesToCheck() {
        // GIVEN the template WHEN its SQS event sources are listed
        List<String> events = QueueInvariants.sqsEventNames(MODEL);
        // THEN the checks below have the payments queue's event source to check
        assertTrue(events.contains("PaymentAuthorizerFunction.Payments"), "SQS event sources: " + events);
        assertTrue(events.contains("PaymentNotifierFunction.Notifications"), "SQS event sources: " + events);
    }

    @Test
    void queueVisibilityTimeout_coversSixFunctionTimeoutsPlusTheBatchingWindow() {
        assertEquals(List.of(), QueueInvariants.visibilityTimeouts(MODEL));
    }

    @Test
    void everySqsEventSource_reportsBatchItemFailures() {
        assertEquals(List.of(), QueueInvariants.batchItemFailures(MODEL));
    }

    @Test
    void everySqsEventSource_redrivesToADeadLetterQueueAfterAtLeastFiveReceives() {
        assertEquals(List.of(), QueueInvariants.redrive(MODEL));
    }

    @Test
    void deadLetterQueue_keepsMessagesLongerThanItsSourceQueue_forEveryAllowedRetention() {
        assertEquals(List.of(), QueueInvariants.deadLetterRetention(MODEL));
    }

    @Test
    void anyFifoEventSource_hasNoBatchingWindow_andBatchesOfAtMostTen() {
        assertEquals(List.of(), QueueInvariants.fifoEventSources(MODEL));
    }

    static Stream<ProjectTemplate.Breach> breaches() {
        return Stream.of(
                breach("visibility timeout one second short", "VisibilityTimeout: 181", "VisibilityTimeout: 180",
                        QueueInvariants::visibilityTimeouts),
                breach("function timeout raised alone", "      Timeout: 30\n", "      Timeout: 31\n",
                        QueueInvariants::visibilityTimeouts),
                breach("no ReportBatchItemFailures", "- ReportBatchItemFailures", "- Unreported",
                        QueueInvariants::batchItemFailures),
                breach("maxReceiveCount allowed down to 5", "AllowedValues: [12, 15,", "AllowedValues: [5, 12, 15,",
                        QueueInvariants::redrive),
                breach("maxReceiveCount of 5 by default", "    Default: 15\n    AllowedValues: [12,",
                        "    Default: 5\n    AllowedValues: [5, 12,", QueueInvariants::redrive),
                breach("DLQ retention equal to the source's", "MessageRetentionPeriod: 1209600",
                        "MessageRetentionPeriod: 345600", QueueInvariants::deadLetterRetention),
                breach("source retention allowed up to the DLQ's", "1036800, 1123200]", "1036800, 1123200, 1209600]",
                        QueueInvariants::deadLetterRetention),
                breach("notifications queue visibility one second short",
                        "batching window.\n      VisibilityTimeout: 181", "batching window.\n      VisibilityTimeout: 180",
                        QueueInvariants::visibilityTimeouts),
                breach("notifications queue without a DLQ",
                        "        deadLetterTargetArn: !GetAtt NotificationsDeadLetterQueue.Arn\n        maxReceiveCount: !Ref MaxReceiveCount\n",
                        "", QueueInvariants::redrive),
                breach("notifications DLQ retention equal to the source's",
                        "      MessageRetentionPeriod: 1209600\n      SqsManagedSseEnabled: true\n\n  NotificationsQueuePolicy",
                        "      MessageRetentionPeriod: 345600\n      SqsManagedSseEnabled: true\n\n  NotificationsQueuePolicy",
                        QueueInvariants::deadLetterRetention),
                breach("payments queue made FIFO with its 1 s batching window",
                        "      MessageRetentionPeriod: !Ref QueueRetentionSeconds\n      # 6 x the function's",
                        "      FifoQueue: true\n      MessageRetentionPeriod: !Ref QueueRetentionSeconds\n      # 6 x the function's",
                        QueueInvariants::fifoEventSources));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("breaches")
    void aTemplateBreakingAnInvariant_isCaught(ProjectTemplate.Breach breach) {
        breach.assertCaught();
    }
}
