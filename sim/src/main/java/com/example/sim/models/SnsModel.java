package com.example.sim.models;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sns.model.InternalErrorException;
import software.amazon.awssdk.services.sns.model.NotFoundException;
import software.amazon.awssdk.services.sns.model.PublishRequest;
import software.amazon.awssdk.services.sns.model.PublishResponse;
import software.amazon.awssdk.services.sns.model.ThrottledException;

/**
 * The SNS model: one standard topic behind the SDK's {@link SnsClient} interface, the one call
 * the publisher and the replay make ("Publish", Amazon SNS API Reference,
 * https://docs.aws.amazon.com/sns/latest/api/API_Publish.html):
 * <ul>
 *   <li>an accepted message is answered with a new {@code MessageId} and delivered to every
 *       subscription;</li>
 *   <li>errors as the page lists them: {@code NotFound} (404: the topic does not exist),
 *       {@code Throttled} (400: the account's publish rate exceeded), {@code InternalError}
 *       (500), which the {@link TopicFaults} choose; a 500 may come after the message was
 *       accepted, and the caller cannot tell;</li>
 *   <li>delivery is at least once ("Amazon SNS message delivery retries",
 *       https://docs.aws.amazon.com/sns/latest/dg/sns-message-delivery-retries.html; a subscribed
 *       SQS queue may receive a message twice): each delivery is repeated with the probability
 *       {@link #duplicates(double)} sets.</li>
 * </ul>
 */
public final class SnsModel implements SnsClient {

    private static final String SERVICE = "sns";

    /** What the topic does with one Publish, decided as it arrives. */
    public enum Fault {
        NONE,
        /** {@code Throttled}: nothing published. */
        THROTTLED,
        /** {@code InternalError} before the message was accepted. */
        SERVER_ERROR,
        /** {@code InternalError} after the message was accepted and delivered. */
        SERVER_ERROR_AFTER_PUBLISH,
        /** {@code NotFound}: the topic is gone (deleted, or its name wrong), for as long as the fault lasts. */
        TOPIC_GONE
    }

    /** The faults of the topic, by the world's time. */
    public interface TopicFaults {
        Fault fault();
    }

    /** One message as a subscription receives it: its id, body and string attributes. */
    public record Delivery(String messageId, String body, Map<String, String> attributes) {
    }

    private final World world;
    private final String topicArn;
    private final TopicFaults faults;
    private final List<Consumer<Delivery>> subscriptions = new ArrayList<>();
    private double duplicates;
    private long calls;
    private long accepted;
    private long refused;

    public SnsModel(World world, String topicArn, TopicFaults faults) {
        this.world = world;
        this.topicArn = topicArn;
        this.faults = faults;
    }

    public String topicArn() {
        return topicArn;
    }

    public void deliverTo(Consumer<Delivery> subscription) {
        subscriptions.add(subscription);
    }

    /** The chance that a delivery to a subscription happens twice. */
    public void duplicates(double probability) {
        this.duplicates = probability;
    }

    /** Publish calls made, accepted, and refused with an error. */
    public long calls() {
        return calls;
    }

    public long accepted() {
        return accepted;
    }

    public long refused() {
        return refused;
    }

    @Override
    public String serviceName() {
        return SERVICE;
    }

    @Override
    public void close() {
    }

    @Override
    public PublishResponse publish(PublishRequest request) {
        world.toService(SERVICE, "Publish");
        calls++;
        Fault fault = topicArn.equals(request.topicArn()) ? faults.fault() : Fault.TOPIC_GONE;
        switch (fault) {
            case TOPIC_GONE -> throw refuse(NotFoundException.builder(), 404, "NotFound", "Topic does not exist");
            case THROTTLED -> throw refuse(ThrottledException.builder(), 400, "Throttled", "Rate exceeded");
            case SERVER_ERROR -> throw refuse(InternalErrorException.builder(), 500, "InternalError", "Internal error");
            default -> {
            }
        }
        String id = new UUID(world.random().nextLong(), world.random().nextLong()).toString();
        Map<String, String> attributes = new HashMap<>();
        request.messageAttributes().forEach((name, value) -> attributes.put(name, value.stringValue()));
        Delivery delivery = new Delivery(id, request.message(), Map.copyOf(attributes));
        accepted++;
        for (Consumer<Delivery> subscription : subscriptions) {
            subscription.accept(delivery);
            if (duplicates > 0 && world.random().nextDouble() < duplicates) {
                subscription.accept(delivery);
            }
        }
        if (fault == Fault.SERVER_ERROR_AFTER_PUBLISH) {
            throw refuse(InternalErrorException.builder(), 500, "InternalError", "Internal error");
        }
        world.fromService(SERVICE, "Publish");
        return PublishResponse.builder().messageId(id).build();
    }

    private RuntimeException refuse(software.amazon.awssdk.awscore.exception.AwsServiceException.Builder builder,
                                    int status, String code, String message) {
        refused++;
        world.fromService(SERVICE, "Publish");
        return builder.statusCode(status).message(message)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode(code).errorMessage(message).serviceName("Sns").build())
                .build();
    }
}
