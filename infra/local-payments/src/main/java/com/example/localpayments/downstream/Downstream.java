package com.example.localpayments.downstream;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalQueues;
import com.example.localaws.QueueContents;
import com.example.localaws.mapping.DynamoDbStreamsEventSourceMapping;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.localaws.push.Admission;
import com.example.localaws.push.LocalPushApi;
import com.example.receiver.testkit.Sleeper;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;

/**
 * Everything after the idempotency table, on the local AWS, as {@code template.yaml} declares it:
 * <pre>
 * IdempotencyTable stream ──(streams mapping: batch 100, bisect, 10 retries, on-failure queue)──► publisher
 *   (records it can never publish ──► unpublishable queue)
 *   ──► payments-authorized topic ──(raw delivery, decision = APPROVED)──► notifications queue (DLQ after 5)
 *   ──(SQS mapping: batch 10)──► notifier ──► local push API
 *                               └──(raw delivery)──► audit queue: what reached the topic
 * </pre>
 * Use: {@link #create} (after the tables exist: it reads the table's current stream), give the
 * functions their environment ({@link #publisherEnvironment()}, {@link #notifierEnvironment()}),
 * {@link #connect} them, then {@link #pollOnce()} or {@link #drain(Duration)}; read
 * {@link #published()}, {@link #delivered()} and the queues' contents. The resources themselves
 * are {@link Topology}'s.
 */
public final class Downstream implements AutoCloseable {

    /** The notifier's Powertools table, as {@code template.yaml} names it (its logical id locally). */
    public static final String NOTIFICATION_IDEMPOTENCY_TABLE = "NotificationIdempotencyTable";
    /** The table whose stream is the outbox. */
    public static final String IDEMPOTENCY_TABLE = Topology.IDEMPOTENCY_TABLE;
    /** Deliveries of a notification before the queue moves it to the DLQ (the template's default). */
    public static final int MAX_RECEIVE_COUNT = Topology.MAX_RECEIVE_COUNT;
    /** The publisher's stream event source, as template.yaml sets it. */
    public static final int STREAM_BATCH_SIZE = 100;
    /**
     * 10 retries: template.yaml retries without a count (-1) until a batch's records are 12 h old, which
     * the local mapping refuses (docs/architecture.md, "Where the local AWS differs"), so that a local
     * drain ends; the tests of the retries' end set their own counts.
     */
    public static final int STREAM_MAXIMUM_RETRY_ATTEMPTS = 10;
    /** The queue template.yaml subscribes to the topic for the notifier. */
    public static final String NOTIFICATIONS_QUEUE = Topology.NOTIFICATIONS_QUEUE;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final LocalAws aws;
    private final SqsClient sqs;
    private final SnsClient sns;
    private final DynamoDbStreamsClient streams;
    private final Topology topology;
    private final LocalPushApi pushApi;
    /** The push API credential's secret (named as the template's parameter's stand-in), whose keys the push API admits. */
    private final String credentialSecret;
    private final List<Published> onTopic = new ArrayList<>();
    private DynamoDbStreamsEventSourceMapping publisherMapping;
    private SqsEventSourceMapping notifierMapping;

    private Downstream(LocalAws aws, Duration visibility) {
        this.aws = aws;
        this.sqs = aws.sqs();
        this.sns = aws.sns();
        this.streams = aws.dynamoDbStreams();
        this.topology = Topology.create(aws, sqs, sns, visibility);
        this.credentialSecret = "PushApiCredential" + topology.suffix();
        this.pushApi = LocalPushApi.start(Admission.signed(aws.pushApiCredential(credentialSecret), Clock.systemUTC()));
    }

    /**
     * Creates the topic, the queues and subscriptions (each named after its logical id in the
     * template and a fresh suffix), the push API credential's secret, and starts the push API,
     * admitting requests signed with that secret's key.
     *
     * @param visibility the notifications queue's visibility timeout (whole seconds, at least 1):
     *                   how long a failed notification waits before it is delivered again
     */
    public static Downstream create(LocalAws aws, Duration visibility) {
        if (visibility.toSeconds() < 1) {
            throw new IllegalArgumentException("visibility must be at least 1 s");
        }
        return new Downstream(Objects.requireNonNull(aws, "aws"), visibility);
    }

    /** The publisher's environment variables, as the template sets them, pointed at this topic. */
    public Map<String, String> publisherEnvironment() {
        return Map.of("PAYMENTS_TOPIC_ARN", topology.topicArn(), "UNPUBLISHABLE_QUEUE_URL", topology.unpublishableQueueUrl());
    }

    /**
     * The notifier's environment variables, as the template sets them, pointed at these resources:
     * it signs its notifications with the key the push API admits.
     */
    public Map<String, String> notifierEnvironment() {
        return Map.of(
                "PUSH_API_BASE_URL", pushApi.baseUrl().toString(),
                "PUSH_API_AUTH", "hmac",
                "PUSH_API_CREDENTIAL_SECRET", credentialSecret,
                "NOTIFIER_DLQ_URL", topology.notificationsDlqUrl(),
                "NOTIFICATION_IDEMPOTENCY_TABLE", NOTIFICATION_IDEMPOTENCY_TABLE,
                "IDEMPOTENCY_TTL_SECONDS", "2592000",
                "QUEUE_RETENTION_SECONDS", "345600",
                "PUSH_API_TIMEOUT_MS", "2000");
    }

    /**
     * Wires the functions with the template's event source settings.
     *
     * @param publisher the payment-events function
     * @param notifier  the payment-notifier function
     */
    public void connect(Function<DynamodbEvent, StreamsEventResponse> publisher,
                        Function<SQSEvent, SQSBatchResponse> notifier) {
        connect(streamSettings(topology.streamFailuresQueueUrl()), publisher, notifier);
    }

    /** The publisher's stream event source settings as template.yaml sets them, failing over to {@code onFailureQueueUrl}. */
    public static DynamoDbStreamsEventSourceMapping.Settings streamSettings(String onFailureQueueUrl) {
        return new DynamoDbStreamsEventSourceMapping.Settings(STREAM_BATCH_SIZE, STREAM_MAXIMUM_RETRY_ATTEMPTS, true,
                onFailureQueueUrl);
    }

    /** Wires the functions with other stream settings (tests of the retry bounds). */
    public void connect(DynamoDbStreamsEventSourceMapping.Settings streamSettings,
                        Function<DynamodbEvent, StreamsEventResponse> publisher,
                        Function<SQSEvent, SQSBatchResponse> notifier) {
        this.publisherMapping = new DynamoDbStreamsEventSourceMapping(streams, sqs, topology.streamArn(),
                LocalAws.REGION.id(), streamSettings, publisher, Clock.systemUTC());
        this.notifierMapping = new SqsEventSourceMapping(sqs, topology.notificationsQueueUrl(), LocalAws.REGION.id(), 10,
                Duration.ZERO, notifier);
    }

    /** One poll of the stream (publisher), then one of the notifications queue (notifier). */
    public Round pollOnce() {
        if (publisherMapping == null) {
            throw new IllegalStateException("connect the functions first");
        }
        return new Round(publisherMapping.pollOnce(), notifierMapping.pollOnce());
    }

    /**
     * Polls until the stream has nothing new and the notifications queue is empty (nothing
     * visible, nothing in flight), or {@code timeout} passed.
     *
     * @return whether everything drained within the timeout
     */
    public boolean drain(Duration timeout) {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (pollOnce().idle()) {
                if (QueueContents.backlog(sqs, topology.notificationsQueueUrl()) == 0) {
                    return true;
                }
                // Only failures waiting out their visibility timeout are left: wait, do not spin.
                Sleeper.THREAD.pauseQuietly(Duration.ofMillis(100));
            }
        }
        return false;
    }

    /**
     * One message as the topic's subscribers got it.
     *
     * @param body       the decision event (raw delivery: the published JSON itself)
     * @param attributes the SNS message attributes, by name (string values)
     */
    public record Published(JsonNode body, Map<String, String> attributes) {

        public Published {
            Objects.requireNonNull(body, "body");
            attributes = Map.copyOf(attributes);
        }

        /** The event's {@code transaction_id}. */
        public String transactionId() {
            return body.path("transaction_id").asText();
        }
    }

    /**
     * The topic gone (the publisher's fault: deleted by hand, or replaced by a stack update): SNS
     * answers a publish to it {@code NotFound} ("Topic does not exist") until {@link #topicBack()}.
     */
    public void topicGone() {
        sns.deleteTopic(request -> request.topicArn(topology.topicArn()));
    }

    /**
     * The audit subscription (this harness's own reader of the topic) made again on a topic made
     * again under its name, as docs/deploy.md's iterator-age entry makes the topic and the
     * notifications subscription.
     */
    public void auditSubscribedAgain() {
        topology.subscribe(sqs, sns, topology.auditQueueUrl(), Map.of());
    }

    /** The notifications queue's ARN, the endpoint of its subscription. */
    public String notificationsQueueArn() {
        return LocalQueues.arn(sqs, topology.notificationsQueueUrl());
    }

    /** The decision events on the topic so far (read from the audit subscription), in arrival order. */
    public synchronized List<Published> published() {
        for (Message message : LocalQueues.take(sqs, topology.auditQueueUrl())) {
            onTopic.add(new Published(parse(message.body()), QueueContents.attributes(message)));
        }
        return List.copyOf(onTopic);
    }

    /** Notifications the push API delivered (one per key at most). */
    public int delivered() {
        return pushApi.delivered();
    }

    /** The bodies and attributes of what sits in the notifier's DLQ, taken out of it. */
    public List<Message> takeNotifierDeadLetters() {
        return LocalQueues.take(sqs, topology.notificationsDlqUrl());
    }

    /** The on-failure records of stream batches whose retries ran out, taken out of the queue. */
    public List<Message> takeStreamFailures() {
        return LocalQueues.take(sqs, topology.streamFailuresQueueUrl());
    }

    /** The records the publisher set aside as unpublishable, taken out of the queue. */
    public List<Message> takeUnpublishable() {
        return LocalQueues.take(sqs, topology.unpublishableQueueUrl());
    }

    public LocalPushApi pushApi() {
        return pushApi;
    }

    public String topicArn() {
        return topology.topicArn();
    }

    public String notificationsQueueUrl() {
        return topology.notificationsQueueUrl();
    }

    public String notificationsDlqUrl() {
        return topology.notificationsDlqUrl();
    }

    public String streamFailuresQueueUrl() {
        return topology.streamFailuresQueueUrl();
    }

    /** Where the publisher sets aside records it can never publish ({@code UNPUBLISHABLE_QUEUE_URL}). */
    public String unpublishableQueueUrl() {
        return topology.unpublishableQueueUrl();
    }

    /** The local AWS this runs on. */
    public LocalAws aws() {
        return aws;
    }

    private static JsonNode parse(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON on the topic: " + body, e);
        }
    }

    @Override
    public void close() {
        pushApi.close();
        streams.close();
        sns.close();
        sqs.close();
    }
}
