package com.example.localaws;

import com.example.template.EventSource;
import com.example.template.Subscription;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The SQS queues and SNS topics {@code template.yaml} declares, and the SQS event sources of its
 * functions: a view of the template model, so that the local ones have the deployed settings.
 * Each queue and topic is named after its logical id, like the local tables.
 *
 * <p>A setting given as {@code !Ref Parameter} takes the parameter's {@code Default}, and
 * {@code !GetAtt Queue.Arn} names the queue {@code Queue}. Settings the local AWS has no use for
 * (encryption, tags) are left out.
 */
public final class TemplateMessaging {

    /**
     * One queue.
     *
     * @param name              its logical id ({@code .fifo} appended for a FIFO queue)
     * @param logicalId         its logical id in the template
     * @param visibilityTimeout {@code VisibilityTimeout}, when the template sets it
     * @param retentionSeconds  {@code MessageRetentionPeriod}, when the template sets it
     * @param deadLetterQueue   the logical id of its redrive target, if any
     * @param maxReceiveCount   the redrive policy's {@code maxReceiveCount} (0 without one)
     * @param fifo              whether it is a FIFO queue
     */
    public record Queue(String name, String logicalId, OptionalInt visibilityTimeout, OptionalInt retentionSeconds,
                        Optional<String> deadLetterQueue, int maxReceiveCount, boolean fifo) {
        public Queue {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(logicalId, "logicalId");
            Objects.requireNonNull(visibilityTimeout, "visibilityTimeout");
            Objects.requireNonNull(retentionSeconds, "retentionSeconds");
            Objects.requireNonNull(deadLetterQueue, "deadLetterQueue");
            if (deadLetterQueue.isPresent() != maxReceiveCount > 0) {
                throw new IllegalArgumentException(logicalId + ": a redrive policy needs a target and a maxReceiveCount > 0");
            }
        }
    }

    /**
     * An SQS event source of a function: Lambda's event source mapping.
     *
     * @param function  the function's logical id
     * @param queue     the queue's logical id
     * @param batchSize the mapping's {@code BatchSize} (Lambda's default 10 when absent)
     */
    public record SqsEventSource(String function, String queue, int batchSize) {
        public SqsEventSource {
            Objects.requireNonNull(function, "function");
            Objects.requireNonNull(queue, "queue");
            if (batchSize < 1 || batchSize > 10_000) {
                throw new IllegalArgumentException(function + ": BatchSize must be 1-10000");
            }
        }
    }

    /**
     * An SNS subscription of one of the template's queues to one of its topics.
     *
     * @param logicalId  the subscription's logical id
     * @param topic      the topic's logical id
     * @param queue      the queue's logical id
     * @param attributes the subscription attributes as SNS's {@code Subscribe} takes them:
     *                   {@code RawMessageDelivery}, {@code FilterPolicy} (JSON),
     *                   {@code FilterPolicyScope}, when the template sets them
     */
    public record QueueSubscription(String logicalId, String topic, String queue, Map<String, String> attributes) {
        public QueueSubscription {
            Objects.requireNonNull(logicalId, "logicalId");
            Objects.requireNonNull(topic, "topic");
            Objects.requireNonNull(queue, "queue");
            attributes = Map.copyOf(attributes);
        }
    }

    private final Template template;

    private TemplateMessaging(Template template) {
        this.template = template;
    }

    /** The template at {@code template}. */
    public static TemplateMessaging read(Path template) {
        return new TemplateMessaging(Template.read(template));
    }

    /** Every queue, each redrive target before the queues that use it. */
    public List<Queue> queues() {
        List<Queue> targets = new ArrayList<>();
        List<Queue> sources = new ArrayList<>();
        for (com.example.template.Queue declared : template.queues()) {
            Queue queue = queue(declared);
            (queue.deadLetterQueue().isPresent() ? sources : targets).add(queue);
        }
        targets.addAll(sources);
        return targets;
    }

    /** The logical ids of every topic. */
    public List<String> topics() {
        return template.topics();
    }

    /** The subscriptions whose protocol is {@code sqs} (others, such as e-mail, have no local use). */
    public List<QueueSubscription> queueSubscriptions() {
        List<QueueSubscription> subscriptions = new ArrayList<>();
        for (Subscription subscription : template.subscriptions()) {
            if (!"sqs".equals(subscription.protocol())) {
                continue;
            }
            Map<String, String> attributes = new LinkedHashMap<>();
            if (!subscription.property("RawMessageDelivery").isMissingNode()) {
                attributes.put("RawMessageDelivery", Boolean.toString(subscription.property("RawMessageDelivery").asBoolean()));
            }
            if (!subscription.property("FilterPolicy").isMissingNode()) {
                attributes.put("FilterPolicy", subscription.property("FilterPolicy").toString());
            }
            if (!subscription.property("FilterPolicyScope").isMissingNode()) {
                attributes.put("FilterPolicyScope", subscription.property("FilterPolicyScope").asText());
            }
            subscriptions.add(new QueueSubscription(subscription.logicalId(), named(subscription.topic(), subscription, "TopicArn"),
                    named(subscription.endpointResource(), subscription, "Endpoint"), attributes));
        }
        return subscriptions;
    }

    /** The SQS event sources of every function. */
    public List<SqsEventSource> sqsEventSources() {
        List<SqsEventSource> sources = new ArrayList<>();
        for (EventSource event : template.eventSources()) {
            if (event.isSqs()) {
                sources.add(new SqsEventSource(event.function(), event.queue().orElseThrow(() ->
                        new IllegalArgumentException(event.name() + ": Queue names no queue of the template")),
                        number(event.property("BatchSize")).orElse(10)));
            }
        }
        return sources;
    }

    private Queue queue(com.example.template.Queue declared) {
        String logicalId = declared.logicalId();
        Optional<com.example.template.Queue.RedrivePolicy> redrive = declared.redrive();
        int maxReceiveCount = redrive.isEmpty() ? 0 : number(redrive.get().maxReceiveCount()).orElseThrow(() ->
                new IllegalArgumentException(logicalId + ": RedrivePolicy.maxReceiveCount must be a number or a parameter with a Default"));
        return new Queue(declared.fifo() ? logicalId + ".fifo" : logicalId, logicalId, number(declared.visibilityTimeout()),
                number(declared.retention()), redrive.map(com.example.template.Queue.RedrivePolicy::deadLetterQueue),
                maxReceiveCount, declared.fifo());
    }

    /** A number as a deployment without parameter overrides has it (a literal, or a parameter's Default). */
    private OptionalInt number(JsonNode value) {
        OptionalLong number = template.defaultNumber(value);
        return number.isPresent() ? OptionalInt.of(Math.toIntExact(number.getAsLong())) : OptionalInt.empty();
    }

    private static String named(Optional<String> logicalId, Subscription subscription, String property) {
        return logicalId.orElseThrow(() -> new IllegalArgumentException(subscription.logicalId() + ": " + property
                + " names no resource of the template"));
    }
}
