package com.example.receiver.internal.sqs;

import static com.example.receiver.internal.sqs.SqsDeadLetters.FIRST_RECEIVED_AT;
import static com.example.receiver.internal.sqs.SqsDeadLetters.FUNCTION_VERSION;
import static com.example.receiver.internal.sqs.SqsDeadLetters.OUTCOME;
import static com.example.receiver.internal.sqs.SqsDeadLetters.REASON;
import static com.example.receiver.internal.sqs.SqsDeadLetters.SOURCE_MESSAGE_ID;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.receiver.internal.DeadLetter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;

/**
 * The message attributes of one dead letter ({@link SqsDeadLetters}), in the order they are kept
 * within SQS's {@value #SQS_MAX_ATTRIBUTES}: the outcome, the reason, the key and the origin; then
 * the message's own attributes as they came (a producer's signature, which a redrive needs), by
 * name; then the details, the first receive and the function's version. What does not fit is
 * named, for the caller to report.
 */
final class LetterAttributes {

    /** SQS's limit on a message's attributes. */
    static final int SQS_MAX_ATTRIBUTES = 10;
    private static final String STRING = "String";

    /** The attributes kept, in order, and the names of those left out. */
    record Chosen(Map<String, MessageAttributeValue> values, List<String> leftOut) {
    }

    private final String keyAttribute;
    private final Optional<String> functionVersion;

    /**
     * @param keyAttribute    the attribute naming the idempotency key (the log's key field)
     * @param functionVersion the function's version, empty outside Lambda
     */
    LetterAttributes(String keyAttribute, Optional<String> functionVersion) {
        this.keyAttribute = Objects.requireNonNull(keyAttribute, "keyAttribute");
        this.functionVersion = Objects.requireNonNull(functionVersion, "functionVersion");
    }

    /** The attributes of {@code letter}, whose delivery {@code record} is (null when unknown). */
    Chosen of(DeadLetter letter, SQSEvent.SQSMessage record) {
        Map<String, String> first = new LinkedHashMap<>();
        first.put(OUTCOME, letter.outcome().label());
        first.put(REASON, letter.reason());
        letter.key().ifPresent(key -> first.put(keyAttribute, key.toString()));
        first.put(SOURCE_MESSAGE_ID, carried(record, SOURCE_MESSAGE_ID).orElse(letter.message().messageId()));
        Map<String, String> last = new LinkedHashMap<>(letter.details());
        carried(record, FIRST_RECEIVED_AT).or(() -> firstReceivedAt(record)).ifPresent(at -> last.put(FIRST_RECEIVED_AT, at));
        functionVersion.ifPresent(version -> last.put(FUNCTION_VERSION, version));
        Chosen chosen = new Chosen(new LinkedHashMap<>(), new ArrayList<>());
        first.forEach((name, value) -> add(chosen, name, string(value)));
        producers(record).forEach((name, value) -> add(chosen, name, value));
        last.forEach((name, value) -> add(chosen, name, string(value)));
        return chosen;
    }

    private static void add(Chosen chosen, String name, Optional<MessageAttributeValue> value) {
        if (value.isEmpty()) {
            return;
        }
        if (chosen.values().size() < SQS_MAX_ATTRIBUTES) {
            chosen.values().put(name, value.get());
        } else {
            chosen.leftOut().add(name);
        }
    }

    private static Optional<MessageAttributeValue> string(String value) {
        return value.isEmpty() ? Optional.empty()
                : Optional.of(MessageAttributeValue.builder().dataType(STRING).stringValue(value).build());
    }

    /**
     * The message's own attributes, by name, as they came (String, Number or Binary, custom type
     * labels kept); none of ours, which a redriven dead letter also carries and which are set anew.
     */
    private Map<String, Optional<MessageAttributeValue>> producers(SQSEvent.SQSMessage record) {
        Map<String, Optional<MessageAttributeValue>> own = new TreeMap<>();
        if (record == null || record.getMessageAttributes() == null) {
            return own;
        }
        record.getMessageAttributes().forEach((name, attribute) -> {
            if (!ours(name) && attribute != null && attribute.getDataType() != null) {
                MessageAttributeValue.Builder value = MessageAttributeValue.builder().dataType(attribute.getDataType());
                if (attribute.getDataType().startsWith("Binary")) {
                    own.put(name, Optional.ofNullable(attribute.getBinaryValue())
                            .map(bytes -> value.binaryValue(SdkBytes.fromByteBuffer(bytes.duplicate())).build()));
                } else {
                    own.put(name, Optional.ofNullable(attribute.getStringValue()).map(text -> value.stringValue(text).build()));
                }
            }
        });
        return own;
    }

    private boolean ours(String name) {
        return name.equals(OUTCOME) || name.equals(REASON) || name.equals(SOURCE_MESSAGE_ID) || name.equals(FIRST_RECEIVED_AT)
                || name.equals(FUNCTION_VERSION) || name.equals(keyAttribute) || DeadLetter.DETAIL_NAMES.contains(name);
    }

    /** An attribute of ours that a message redriven from the dead-letter queue brought back with it. */
    private static Optional<String> carried(SQSEvent.SQSMessage record, String name) {
        if (record == null || record.getMessageAttributes() == null || record.getMessageAttributes().get(name) == null) {
            return Optional.empty();
        }
        return Optional.ofNullable(record.getMessageAttributes().get(name).getStringValue()).filter(value -> !value.isBlank());
    }

    private static Optional<String> firstReceivedAt(SQSEvent.SQSMessage record) {
        if (record == null || record.getAttributes() == null) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(record.getAttributes().get("ApproximateFirstReceiveTimestamp"))
                    .map(millis -> Instant.ofEpochMilli(Long.parseLong(millis)).toString());
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
