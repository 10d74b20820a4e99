package com.example.payment.authorizer;

import com.example.localaws.LocalAws;
import com.example.localaws.TemplateMessaging;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/** The payments queue and its DLQ with the template's settings, under names of this test's own. */
record TemplateQueues(String payments, String deadLetter) {

    static TemplateQueues asTheTemplateDeclares(LocalAws aws, SqsClient sqs) {
        Map<String, TemplateMessaging.Queue> declared = new HashMap<>();
        TemplateMessaging.read(aws.root().resolve("template.yaml")).queues()
                .forEach(queue -> declared.put(queue.logicalId(), queue));
        TemplateMessaging.Queue payments = declared.get("PaymentsQueue");
        TemplateMessaging.Queue deadLetter = declared.get(payments.deadLetterQueue().orElseThrow());
        String suffix = "-" + UUID.randomUUID().toString().substring(0, 8);
        String dlq = sqs.createQueue(request -> request.queueName(deadLetter.name() + suffix).attributes(Map.of(
                QueueAttributeName.MESSAGE_RETENTION_PERIOD, Integer.toString(deadLetter.retentionSeconds().orElseThrow()))))
                .queueUrl();
        String dlqArn = sqs.getQueueAttributes(request -> request.queueUrl(dlq).attributeNames(QueueAttributeName.QUEUE_ARN))
                .attributes().get(QueueAttributeName.QUEUE_ARN);
        String queue = sqs.createQueue(request -> request.queueName(payments.name() + suffix).attributes(Map.of(
                QueueAttributeName.VISIBILITY_TIMEOUT, Integer.toString(payments.visibilityTimeout().orElseThrow()),
                QueueAttributeName.MESSAGE_RETENTION_PERIOD, Integer.toString(payments.retentionSeconds().orElseThrow()),
                QueueAttributeName.REDRIVE_POLICY, "{\"deadLetterTargetArn\":\"" + dlqArn + "\",\"maxReceiveCount\":\""
                        + payments.maxReceiveCount() + "\"}"))).queueUrl();
        return new TemplateQueues(queue, dlq);
    }

    int backlog(SqsClient sqs) {
        return count(sqs, payments);
    }

    int deadLetters(SqsClient sqs) {
        return count(sqs, deadLetter);
    }

    private static int count(SqsClient sqs, String queue) {
        Map<String, String> counts = sqs.getQueueAttributes(request -> request.queueUrl(queue).attributeNamesWithStrings(
                "ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible")).attributesAsStrings();
        return Integer.parseInt(counts.get("ApproximateNumberOfMessages"))
                + Integer.parseInt(counts.get("ApproximateNumberOfMessagesNotVisible"));
    }
}
