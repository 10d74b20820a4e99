package com.example.payment.events;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sns.model.InvalidParameterException;
import software.amazon.awssdk.services.sns.model.InvalidParameterValueException;
import software.amazon.awssdk.services.sns.model.MessageAttributeValue;

/**
 * Publishes decisions to an SNS topic: the JSON body subscribers read (raw delivery), and the
 * message attributes {@code event_type}, {@code decision}, {@code account} and
 * {@code transaction_id} that subscription filter policies match on. No card data is published.
 */
public final class SnsDecisionPublisher implements DecisionPublisher {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final SnsClient sns;
    private final String topicArn;

    public SnsDecisionPublisher(SnsClient sns, String topicArn) {
        this.sns = Objects.requireNonNull(sns, "sns");
        this.topicArn = Objects.requireNonNull(topicArn, "topicArn");
    }

    /**
     * {@inheritDoc}
     *
     * @throws UnpublishableRecordException when SNS refuses the event itself
     *                                      ({@code InvalidParameter}, {@code InvalidParameterValue}:
     *                                      no retry can make it acceptable); any other error (the
     *                                      topic, its KMS key or the network) is left as it is,
     *                                      to be retried
     */
    @Override
    public void publish(DecisionEvent event) {
        try {
            sns.publish(request -> request.topicArn(topicArn)
                    .message(body(event))
                    .messageAttributes(Map.of(
                            "event_type", attribute(event.type()),
                            "decision", attribute(event.decision()),
                            "account", attribute(event.accountId()),
                            "transaction_id", attribute(event.transactionId()))));
        } catch (InvalidParameterException | InvalidParameterValueException refused) {
            throw new UnpublishableRecordException("the topic refused the event: "
                    + refused.awsErrorDetails().errorCode(), refused);
        }
    }

    /** The message body: the event, snake_case like the payment messages. */
    static String body(DecisionEvent event) {
        ObjectNode node = JSON.createObjectNode()
                .put("event_type", event.type())
                .put("transaction_id", event.transactionId())
                .put("decision", event.decision());
        event.reason().ifPresent(reason -> node.put("reason", reason));
        node.put("account_id", event.accountId())
                .put("amount_minor", event.amountMinor())
                .put("currency", event.currency())
                .put("authorization_type", event.authorizationType())
                .put("decided_at", event.decidedAt());
        return node.toString();
    }

    private static MessageAttributeValue attribute(String value) {
        return MessageAttributeValue.builder().dataType("String").stringValue(value).build();
    }
}
