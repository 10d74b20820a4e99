package com.example.localaws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The queues, topics and SQS event sources {@code make up} and {@code make drain} read from template.yaml. */
class TemplateMessagingTest {

    private final TemplateMessaging template = TemplateMessaging.read(ProjectRoot.find().resolve("template.yaml"));

    @Test
    void paymentsQueue_hasTheTemplatesSettings_withParametersResolvedToTheirDefaults() {
        // GIVEN template.yaml WHEN its queues are read
        List<TemplateMessaging.Queue> queues = template.queues();
        TemplateMessaging.Queue payments = queues.stream().filter(q -> q.logicalId().equals("PaymentsQueue")).findFirst().orElseThrow();
        // THEN the payments queue has the literal visibility timeout, the retention and
        // maxReceiveCount of the parameters' defaults, and the DLQ as its redrive target
        assertEquals(OptionalInt.of(181), payments.visibilityTimeout());
        assertEquals(OptionalInt.of(345_600), payments.retentionSeconds());
        assertEquals(Optional.of("PaymentsDeadLetterQueue"), payments.deadLetterQueue());
        assertEquals(15, payments.maxReceiveCount());
        // AND every redrive target comes before the queues that use it
        for (int i = 0; i < queues.size(); i++) {
            int at = i;
            queues.get(i).deadLetterQueue().ifPresent(target -> assertTrue(
                    queues.subList(0, at).stream().anyMatch(q -> q.logicalId().equals(target)), target + " first"));
        }
    }

    @Test
    void authorizer_isMappedToThePaymentsQueue_withTheTemplatesBatchSize() {
        assertTrue(template.sqsEventSources().contains(
                new TemplateMessaging.SqsEventSource("PaymentAuthorizerFunction", "PaymentsQueue", 10)));
        assertTrue(template.topics().contains("PaymentsAuthorizedTopic"));
    }

    @Test
    void notificationsQueue_isSubscribedRawToApprovalsOnly_asTheTemplateDeclares() {
        // GIVEN template.yaml WHEN its queue subscriptions are read
        // THEN the notifications queue takes the topic's approvals but the smoke account's, raw; the e-mail alarm subscription is not among them
        assertEquals(List.of(new TemplateMessaging.QueueSubscription("NotificationsSubscription", "PaymentsAuthorizedTopic",
                        "NotificationsQueue", Map.of("RawMessageDelivery", "true",
                        "FilterPolicy", "{\"decision\":[\"APPROVED\"],\"account\":[{\"anything-but\":\"ACC-SMOKE-PRE-TRAFFIC\"}]}", "FilterPolicyScope", "MessageAttributes"))),
                template.queueSubscriptions());
        // AND the notifier is mapped to that queue
        assertTrue(template.sqsEventSources().contains(
                new TemplateMessaging.SqsEventSource("PaymentNotifierFunction", "NotificationsQueue", 10)));
    }
}
