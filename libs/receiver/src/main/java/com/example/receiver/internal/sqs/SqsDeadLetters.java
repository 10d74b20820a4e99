package com.example.receiver.internal.sqs;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.receiver.internal.config.ReceiverConfig;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.receiver.internal.DeadLetter;
import com.example.receiver.internal.DeadLetterChannel;
import com.example.receiver.internal.RemainingTime;
import com.example.receiver.internal.config.DeadLetterConfig;
import com.example.receiver.lambda.DeadLetterAttributes;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.BatchResultErrorEntry;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchResponse;

/**
 * The source queue's dead-letter queue as the receiver's {@link DeadLetterChannel}: a message no
 * delivery can decide is sent there by the function, in the invocation that first meets it, with
 * its reason, instead of failing until the queue's redrive policy moves it (after
 * {@code maxReceiveCount} receives, each a visibility timeout apart, and with no reason).
 *
 * <p>Each goes with its body exactly as it was received and these String message attributes,
 * for an operator to read and filter on ({@code aws sqs receive-message
 * --message-attribute-names All}):
 * <ul>
 *   <li>{@value #OUTCOME}: {@code REJECTED} or {@code CONFLICT}; {@value #REASON}: one line saying why;</li>
 *   <li>{@code field} and {@code rule} of a rejection, {@code stored_fingerprint} and
 *       {@code received_fingerprint} of a conflict ({@link DeadLetter#details()});</li>
 *   <li>the idempotency key under the name the function logs it with, when the message had one;</li>
 *   <li>{@value #SOURCE_MESSAGE_ID}: the SQS message id it had; {@value #FIRST_RECEIVED_AT}: its
 *       {@code ApproximateFirstReceiveTimestamp}, ISO-8601; a message redriven from the dead-letter
 *       queue keeps the two it carries, so every copy of one message names one origin;</li>
 *   <li>{@value #FUNCTION_VERSION}: the version of the function that sent it, when it runs in Lambda.</li>
 * </ul>
 * The message's own attributes (a producer's signature, say) go with it as they came, with their
 * types, so that an operator's redrive sends the message exactly as its producer did. SQS takes
 * at most {@value LetterAttributes#SQS_MAX_ATTRIBUTES} attributes a message ("Amazon SQS message metadata", SQS
 * Developer Guide): the outcome, the reason, the key and the origin come first, then the message's
 * own, then the details, the first receive and the version; what does not fit is left out, and
 * a WARN line names it. A FIFO dead-letter queue (its URL ends in {@code .fifo}) gets the message's
 * group, and its message id as deduplication id.
 *
 * <p>A batch's letters go in {@code SendMessageBatch} calls of at most 10 entries and at most the
 * dead-letter queue's {@code MaximumMessageSize} ({@link DeadLetterConfig#maxMessageBytes()}),
 * which also bounds each letter. What is not sent stays a failure, redelivered as before, with one
 * ERROR line each naming SQS's error code and message: an entry SQS refuses, a call that fails, and
 * every letter when less time is left than a call may take. The client is built on first use,
 * since most invocations never need it.
 */
public final class SqsDeadLetters {

    /** The message attribute naming the outcome: {@code REJECTED} or {@code CONFLICT}. */
    public static final String OUTCOME = DeadLetterAttributes.OUTCOME;
    /** The message attribute saying why: the field and rule broken, or both fingerprints. */
    public static final String REASON = DeadLetterAttributes.REASON;
    /** The message attribute holding the SQS message id of the delivery that failed. */
    public static final String SOURCE_MESSAGE_ID = DeadLetterAttributes.SOURCE_MESSAGE_ID;
    /** The message attribute holding when SQS first delivered it ({@code ApproximateFirstReceiveTimestamp}). */
    public static final String FIRST_RECEIVED_AT = DeadLetterAttributes.FIRST_RECEIVED_AT;
    /** The message attribute naming the function version that decided it, when known. */
    public static final String FUNCTION_VERSION = DeadLetterAttributes.FUNCTION_VERSION;

    private static final int SQS_MAX_BATCH = 10;

    private final Supplier<SqsClient> sqs;
    private final String queueUrl;
    private final LetterAttributes attributes;
    private final Duration callTimeout;
    private final int maxBytes;
    private final FunctionLog log;
    private SqsClient client;

    /**
     * Sends dead letters to {@code queueUrl}.
     *
     * @param sqs             builds the SQS client, once, on first use
     * @param queueUrl        the dead-letter queue
     * @param keyAttribute    the attribute naming the idempotency key (the log's key field, e.g. {@code txn_id})
     * @param functionVersion the function's version ({@code AWS_LAMBDA_FUNCTION_VERSION}), empty outside Lambda
     * @param callTimeout     the longest one call of the client may take, retries included: no call
     *                        is started with less time left in the invocation
     * @param maxBytes        the dead-letter queue's {@code MaximumMessageSize}
     * @param log             where what was not sent is reported
     */
    SqsDeadLetters(Supplier<SqsClient> sqs, String queueUrl, String keyAttribute, Optional<String> functionVersion,
                   Duration callTimeout, int maxBytes, FunctionLog log) {
        this.sqs = Objects.requireNonNull(sqs, "sqs");
        this.queueUrl = Objects.requireNonNull(queueUrl, "queueUrl");
        this.attributes = new LetterAttributes(keyAttribute,
                Objects.requireNonNull(functionVersion, "functionVersion").filter(version -> !version.isBlank()));
        this.callTimeout = Objects.requireNonNull(callTimeout, "callTimeout");
        this.maxBytes = maxBytes;
        this.log = Objects.requireNonNull(log, "log");
    }

    /**
     * The dead-letter queue the function's settings name ({@code DEAD_LETTER_QUEUE_URL},
     * {@code DEAD_LETTER_AT_ONCE}: {@link DeadLetterConfig}), its letters carrying the function's
     * version; empty when the function leaves such messages to the source queue's redrive policy.
     *
     * @param config the function's settings, read once
     * @param sqs builds the SQS client, once, on first use
     * @param keyAttribute the attribute naming the idempotency key
     * @param callTimeout the longest one call may take, retries included
     * @param log where what was not sent is reported
     * @return the dead-letter queue, or empty
     */
    public static Optional<SqsDeadLetters> from(ReceiverConfig config, Supplier<SqsClient> sqs, String keyAttribute,
                                                Duration callTimeout, FunctionLog log) {
        return config.deadLetters().queueUrl().map(url -> new SqsDeadLetters(sqs, url, keyAttribute,
                config.functionVersion(), callTimeout, config.deadLetters().maxMessageBytes(), log));
    }

    /**
     * The channel of the batch {@code event} carries: it reads each message's SQS attributes there.
     *
     * @param event the batch as delivered
     * @return the channel of that batch
     */
    public DeadLetterChannel channel(SQSEvent event) {
        Map<String, SQSEvent.SQSMessage> records = new LinkedHashMap<>();
        if (event != null && event.getRecords() != null) {
            event.getRecords().forEach(record -> records.put(record.getMessageId(), record));
        }
        return (letters, remaining) -> send(letters, records, remaining);
    }

    private Set<String> send(List<DeadLetter> letters, Map<String, SQSEvent.SQSMessage> records, RemainingTime remaining) {
        Set<String> sent = new HashSet<>();
        List<Letter> call = new ArrayList<>();
        int bytes = 0;
        for (DeadLetter letter : letters) {
            Letter next = letter(letter, records.get(letter.message().messageId()));
            if (next.size() > maxBytes) {
                notSent(next, "MessageTooLong", "the letter has " + next.size() + " bytes, the queue takes at most " + maxBytes);
                continue;
            }
            if (call.size() == SQS_MAX_BATCH || (!call.isEmpty() && bytes + next.size() > maxBytes)) {
                sent.addAll(call(call, remaining));
                call = new ArrayList<>();
                bytes = 0;
            }
            call.add(next);
            bytes += next.size();
        }
        sent.addAll(call(call, remaining));
        return sent;
    }

    /** One {@code SendMessageBatch}, each entry's id its index; the ids of the deliveries it put in the queue. */
    private Set<String> call(List<Letter> letters, RemainingTime remaining) {
        if (letters.isEmpty()) {
            return Set.of();
        }
        if (remaining.remaining().compareTo(callTimeout) < 0) {
            letters.forEach(letter -> notSent(letter, "TooLittleTimeLeft", "less time is left than one call may take"));
            return Set.of();
        }
        List<SendMessageBatchRequestEntry> entries = new ArrayList<>();
        for (Letter letter : letters) {
            entries.add(letter.entry().toBuilder().id(Integer.toString(entries.size())).build());
        }
        SendMessageBatchResponse response;
        try {
            response = client().sendMessageBatch(request -> request.queueUrl(queueUrl).entries(entries));
        } catch (AwsServiceException e) { // SQS answered: its code and message say why
            letters.forEach(letter -> notSent(letter, e.awsErrorDetails().errorCode(), e.awsErrorDetails().errorMessage()));
            return Set.of();
        } catch (RuntimeException e) { // no answer (a timeout, no route), or the client could not be built
            letters.forEach(letter -> notSent(letter, e.getClass().getSimpleName(), e.getMessage()));
            return Set.of();
        }
        Set<String> sent = new HashSet<>();
        response.successful().forEach(done -> sent.add(letters.get(Integer.parseInt(done.id())).messageId()));
        for (BatchResultErrorEntry failed : response.failed()) {
            notSent(letters.get(Integer.parseInt(failed.id())), failed.code(), failed.message());
        }
        return sent;
    }

    /** A dead letter as it is sent: the delivery it is, and its entry (without an id yet). */
    private record Letter(String messageId, String outcome, SendMessageBatchRequestEntry entry) {

        /** What SQS counts towards a message's size: the body, and each attribute's name, type and value. */
        int size() {
            int bytes = utf8(entry.messageBody());
            for (Map.Entry<String, MessageAttributeValue> attribute : entry.messageAttributes().entrySet()) {
                MessageAttributeValue value = attribute.getValue();
                bytes += utf8(attribute.getKey()) + utf8(value.dataType())
                        + (value.binaryValue() != null ? value.binaryValue().asByteArray().length : utf8(value.stringValue()));
            }
            return bytes;
        }

        private static int utf8(String text) {
            return text.getBytes(StandardCharsets.UTF_8).length;
        }
    }

    private Letter letter(DeadLetter letter, SQSEvent.SQSMessage record) {
        LetterAttributes.Chosen attributes = this.attributes.of(letter, record);
        if (!attributes.leftOut().isEmpty()) {
            log.write(FunctionLog.Level.WARN, "Dead letter attributes left out", line -> line
                    .text("message_id", letter.message().messageId())
                    .text("attributes", String.join(",", attributes.leftOut()))
                    .text("detail", "SQS takes at most " + LetterAttributes.SQS_MAX_ATTRIBUTES + " attributes a message"));
        }
        SendMessageBatchRequestEntry.Builder entry = SendMessageBatchRequestEntry.builder()
                .messageBody(letter.message().body())
                .messageAttributes(attributes.values());
        if (queueUrl.endsWith(".fifo")) {
            entry.messageGroupId(letter.message().groupId().orElse(letter.message().messageId()))
                    .messageDeduplicationId(letter.message().messageId());
        }
        return new Letter(letter.message().messageId(), letter.outcome().label(), entry.build());
    }

    private synchronized SqsClient client() {
        if (client == null) {
            client = sqs.get();
        }
        return client;
    }

    private void notSent(Letter letter, String error, String why) {
        log.write(FunctionLog.Level.ERROR, "Dead letter not sent", line -> line
                .text("message_id", letter.messageId())
                .text("outcome", letter.outcome())
                .text("error", error)
                .text("detail", (why == null || why.isBlank() ? "" : why + ": ") + "it stays in the queue and is delivered again"));
    }
}
