package com.example.localpayments.downstream;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalQueues;
import com.example.localaws.TemplateMessaging;
import com.example.localaws.mapping.DynamoDbStreamsEventSourceMapping;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The resources after the idempotency table, made on the local AWS as {@code template.yaml}
 * declares them: the table's current stream, the payments-authorized topic, the notifications
 * queue with its DLQ (subscribed with the template's raw delivery and filter policy), the stream's
 * on-failure queue, the unpublishable queue, and the audit queue (not the template's: what reached
 * the topic, for the tests and the demo to read). Each name is the template's logical id and a
 * suffix of this instance (several share one local AWS): the recorded calls of the functions name
 * them, and the rehearsal maps them back to the template by the logical id before the first '-'.
 *
 * @param suffix                 what follows each logical id in the names of this instance
 * @param streamArn              the idempotency table's stream
 * @param topicArn               the payments-authorized topic
 * @param notificationsQueueUrl  the notifier's queue
 * @param notificationsDlqUrl    its DLQ
 * @param streamFailuresQueueUrl the publisher's on-failure destination
 * @param unpublishableQueueUrl  where the publisher sets aside records it can never publish
 * @param auditQueueUrl          this harness's own reader of the topic
 */
record Topology(String suffix, String streamArn, String topicArn, String notificationsQueueUrl, String notificationsDlqUrl,
                String streamFailuresQueueUrl, String unpublishableQueueUrl, String auditQueueUrl) {

    /** The table whose stream is the outbox. */
    static final String IDEMPOTENCY_TABLE = "IdempotencyTable";
    /** The queue template.yaml subscribes to the topic for the notifier. */
    static final String NOTIFICATIONS_QUEUE = "NotificationsQueue";
    /** Deliveries of a notification before the queue moves it to the DLQ (the template's default). */
    static final int MAX_RECEIVE_COUNT = 5;
    /** The logical ids of the resources this creates, as template.yaml names them. */
    static final String PAYMENTS_TOPIC = "PaymentsAuthorizedTopic";
    static final String NOTIFICATIONS_DEAD_LETTER_QUEUE = "NotificationsDeadLetterQueue";
    static final String STREAM_FAILURE_QUEUE = "PaymentEventsFailureQueue";
    static final String UNPUBLISHABLE_QUEUE = "PaymentEventsUnpublishableQueue";

    /**
     * Creates the topic, the queues and the subscriptions, named after their logical ids and a
     * fresh suffix.
     *
     * @param visibility the notifications queue's visibility timeout
     */
    static Topology create(LocalAws aws, SqsClient sqs, SnsClient sns, Duration visibility) {
        String suffix = "-" + UUID.randomUUID().toString().substring(0, 8);
        String streamArn;
        try (DynamoDbClient dynamoDb = aws.dynamoDb()) {
            streamArn = DynamoDbStreamsEventSourceMapping.streamArnOf(dynamoDb, IDEMPOTENCY_TABLE);
        }
        String topicArn = sns.createTopic(request -> request.name(PAYMENTS_TOPIC + suffix)).topicArn();
        String notificationsDlqUrl = queue(sqs, NOTIFICATIONS_DEAD_LETTER_QUEUE + suffix);
        String notificationsQueueUrl = LocalQueues.withDeadLetterQueue(sqs, NOTIFICATIONS_QUEUE + suffix,
                visibility.toSeconds(), notificationsDlqUrl, MAX_RECEIVE_COUNT);
        Topology topology = new Topology(suffix, streamArn, topicArn, notificationsQueueUrl, notificationsDlqUrl,
                queue(sqs, STREAM_FAILURE_QUEUE + suffix), queue(sqs, UNPUBLISHABLE_QUEUE + suffix),
                queue(sqs, "payments-authorized-audit" + suffix));
        topology.subscribe(sqs, sns, notificationsQueueUrl, notificationsSubscription(aws).attributes());
        topology.subscribe(sqs, sns, topology.auditQueueUrl(), Map.of());
        return topology;
    }

    /** Subscribes {@code queueUrl} to the topic, with raw delivery and {@code attributes}. */
    void subscribe(SqsClient sqs, SnsClient sns, String queueUrl, Map<String, String> attributes) {
        Map<String, String> all = new HashMap<>(attributes);
        all.put("RawMessageDelivery", "true");
        String endpoint = LocalQueues.arn(sqs, queueUrl);
        sns.subscribe(request -> request.topicArn(topicArn).protocol("sqs").endpoint(endpoint).attributes(all));
    }

    private static String queue(SqsClient sqs, String name) {
        return sqs.createQueue(request -> request.queueName(name)).queueUrl();
    }

    /** The template's subscription of the notifications queue (its raw delivery and filter policy). */
    private static TemplateMessaging.QueueSubscription notificationsSubscription(LocalAws aws) {
        return TemplateMessaging.read(aws.root().resolve("template.yaml")).queueSubscriptions().stream()
                .filter(subscription -> subscription.queue().equals(NOTIFICATIONS_QUEUE))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("template.yaml subscribes no " + NOTIFICATIONS_QUEUE));
    }
}
