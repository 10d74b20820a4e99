package com.example.localaws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The SQS queues and SNS topics {@code template.yaml} declares, and the SQS event sources of its
 * functions, read from it so that the local ones have the deployed settings. Each queue and
 * topic is named after its logical id, like the local tables.
 *
 * <p>Jackson reads a short-form intrinsic such as {@code !Ref MaxReceiveCount} as the plain
 * string {@code MaxReceiveCount} (see {@code CloudFormationYamlTest}); a setting given that way
 * takes the named parameter's {@code Default}, and {@code !GetAtt Queue.Arn} names the queue
 * {@code Queue}. Settings the local AWS has no use for (encryption, tags) are left out.
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

    private final JsonNode parameters;
    private final JsonNode resources;

    private TemplateMessaging(JsonNode root) {
        this.parameters = root.path("Parameters");
        this.resources = root.path("Resources");
    }

    /** The template at {@code template}. */
    public static TemplateMessaging read(Path template) {
        try {
            return new TemplateMessaging(new ObjectMapper(new YAMLFactory()).readTree(template.toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + template, e);
        }
    }

    /** Every queue, each redrive target before the queues that use it. */
    public List<Queue> queues() {
        List<Queue> targets = new ArrayList<>();
        List<Queue> sources = new ArrayList<>();
        for (Map.Entry<String, JsonNode> resource : resources("AWS::SQS::Queue")) {
            Queue queue = queue(resource.getKey(), resource.getValue().path("Properties"));
            (queue.deadLetterQueue().isPresent() ? sources : targets).add(queue);
        }
        targets.addAll(sources);
        return targets;
    }

    /** The logical ids of every topic. */
    public List<String> topics() {
        return resources("AWS::SNS::Topic").stream().map(Map.Entry::getKey).toList();
    }

    /** The subscriptions whose protocol is {@code sqs} (others, such as e-mail, have no local use). */
    public List<QueueSubscription> queueSubscriptions() {
        List<QueueSubscription> subscriptions = new ArrayList<>();
        for (Map.Entry<String, JsonNode> resource : resources("AWS::SNS::Subscription")) {
            JsonNode properties = resource.getValue().path("Properties");
            if (!"sqs".equals(properties.path("Protocol").asText())) {
                continue;
            }
            Map<String, String> attributes = new LinkedHashMap<>();
            if (properties.has("RawMessageDelivery")) {
                attributes.put("RawMessageDelivery", Boolean.toString(properties.path("RawMessageDelivery").asBoolean()));
            }
            if (properties.has("FilterPolicy")) {
                attributes.put("FilterPolicy", properties.path("FilterPolicy").toString());
            }
            if (properties.has("FilterPolicyScope")) {
                attributes.put("FilterPolicyScope", properties.path("FilterPolicyScope").asText());
            }
            subscriptions.add(new QueueSubscription(resource.getKey(), resourceName(properties.path("TopicArn").asText()),
                    resourceName(properties.path("Endpoint").asText()), attributes));
        }
        return subscriptions;
    }

    /** The SQS event sources of every function. */
    public List<SqsEventSource> sqsEventSources() {
        List<SqsEventSource> sources = new ArrayList<>();
        for (Map.Entry<String, JsonNode> function : resources("AWS::Serverless::Function")) {
            function.getValue().path("Properties").path("Events").forEach(event -> {
                if ("SQS".equals(event.path("Type").asText())) {
                    JsonNode properties = event.path("Properties");
                    sources.add(new SqsEventSource(function.getKey(), resourceName(properties.path("Queue").asText()),
                            number(properties.path("BatchSize")).orElse(10)));
                }
            });
        }
        return sources;
    }

    private Queue queue(String logicalId, JsonNode properties) {
        boolean fifo = properties.path("FifoQueue").asBoolean(false);
        JsonNode redrive = properties.path("RedrivePolicy");
        Optional<String> target = redrive.isMissingNode()
                ? Optional.empty()
                : Optional.of(resourceName(redrive.path("deadLetterTargetArn").asText()));
        int maxReceiveCount = redrive.isMissingNode() ? 0 : number(redrive.path("maxReceiveCount")).orElseThrow(() ->
                new IllegalArgumentException(logicalId + ": RedrivePolicy.maxReceiveCount must be a number or a parameter with a Default"));
        return new Queue(fifo ? logicalId + ".fifo" : logicalId, logicalId, number(properties.path("VisibilityTimeout")),
                number(properties.path("MessageRetentionPeriod")), target, maxReceiveCount, fifo);
    }

    /** A literal number, a numeric string, or the name of a parameter with a numeric Default. */
    private OptionalInt number(JsonNode value) {
        if (value.isMissingNode() || value.isNull()) {
            return OptionalInt.empty();
        }
        if (value.canConvertToInt()) {
            return OptionalInt.of(value.asInt());
        }
        String text = value.asText();
        if (text.matches("[0-9]{1,9}")) {
            return OptionalInt.of(Integer.parseInt(text));
        }
        JsonNode parameter = parameters.path(text).path("Default");
        if (!parameter.isMissingNode() && parameter.asText().matches("[0-9]{1,9}")) {
            return OptionalInt.of(Integer.parseInt(parameter.asText()));
        }
        return OptionalInt.empty();
    }

    /** {@code Queue.Arn} (a tag-less {@code !GetAtt}) names the resource {@code Queue}. */
    private static String resourceName(String reference) {
        int dot = reference.indexOf('.');
        return dot < 0 ? reference : reference.substring(0, dot);
    }

    private List<Map.Entry<String, JsonNode>> resources(String type) {
        List<Map.Entry<String, JsonNode>> found = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = resources.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> resource = it.next();
            if (type.equals(resource.getValue().path("Type").asText())) {
                found.add(resource);
            }
        }
        return found;
    }
}
