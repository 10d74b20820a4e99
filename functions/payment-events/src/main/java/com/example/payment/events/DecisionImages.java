package com.example.payment.events;

import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads the decision of an idempotency record as the table returns it (AWS SDK item), with the
 * very rules the stream publisher applies to the record's stream image: what the replay publishes
 * is what the stream would have published.
 */
public final class DecisionImages {

    private DecisionImages() {
    }

    /**
     * The decision {@code item} holds.
     *
     * @throws UnpublishableRecordException when the item is not a payment decision
     */
    public static DecisionEvent read(Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item) {
        return StreamDecisions.fromImage(image(item));
    }

    /**
     * An item as the SDK reads it, in the shape a stream record's image carries it.
     *
     * @throws MalformedRecordException for a binary attribute, which no idempotency record holds
     */
    public static Map<String, AttributeValue> image(Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item) {
        Map<String, AttributeValue> image = new LinkedHashMap<>();
        item.forEach((name, value) -> image.put(name, value(value)));
        return image;
    }

    private static AttributeValue value(software.amazon.awssdk.services.dynamodb.model.AttributeValue value) {
        return switch (value.type()) {
            case S -> new AttributeValue().withS(value.s());
            case N -> new AttributeValue().withN(value.n());
            case M -> new AttributeValue().withM(image(value.m()));
            case L -> new AttributeValue().withL(value.l().stream().map(DecisionImages::value).toList());
            case BOOL -> new AttributeValue().withBOOL(value.bool());
            case NUL -> new AttributeValue().withNULL(true);
            case SS -> new AttributeValue().withSS(value.ss());
            case NS -> new AttributeValue().withNS(value.ns());
            case B, BS, UNKNOWN_TO_SDK_VERSION -> throw new MalformedRecordException(
                    "an attribute of type " + value.type() + ", which no idempotency record holds");
        };
    }
}
