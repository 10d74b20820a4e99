package com.example.payment.notifier;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdakit.telemetry.EmfMetrics;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.lambdakit.telemetry.Invocation;
import com.example.lambdakit.telemetry.TelemetryConfig;
import java.io.PrintStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;
import software.amazon.lambda.powertools.idempotency.exceptions.IdempotencyAlreadyInProgressException;
import software.amazon.lambda.powertools.idempotency.exceptions.IdempotencyValidationException;

/**
 * Notifies each approved payment of an SQS batch, and answers with the partial batch failures:
 * <ul>
 *   <li>delivered, replayed from the idempotency record, or not a notification (a decline): acknowledged;</li>
 *   <li>no final answer (timeout, 5xx, 409, 429, the record in progress or unreachable): a batch
 *       item failure, redelivered by the queue, with the same {@code Idempotency-Key}; its
 *       {@code RETRY} line's {@code cause} says which ({@link RetryCause});</li>
 *   <li>the push API did not admit the notifier (401, 403, or no credential to send): a batch item
 *       failure too, counted {@code PushAuthRejected}: the credential is at fault, not the
 *       notification, which goes out once the credential is fixed;</li>
 *   <li>refused (another 4xx: {@link PushRefusedException}, which leaves no record, so that a
 *       redrive after a fix sends it again), invalid, or the same transaction with other amount,
 *       account or currency (final: the record holds what was delivered): sent to the DLQ with a
 *       {@code reason} message attribute, then acknowledged; if that send fails, a batch item
 *       failure (never silently lost).</li>
 * </ul>
 */
public final class Notifier {

    /** The {@code service} field of the log lines and the {@code Service} dimension of the metrics. */
    public static final String SERVICE = "payment-notifier";
    /** The CloudWatch namespace when neither {@code METRICS_NAMESPACE} nor its Powertools alias is set: the template's default {@code MetricsNamespace}. */
    public static final String METRICS_NAMESPACE = "Payments";

    /** The {@code reason} of a notification whose transaction was notified before with other values. */
    static final String CONFLICT = "conflict: transaction already notified with other account, amount or currency";
    /**
     * How many of the message's own attributes a dead letter keeps: SQS allows ten, and the
     * notifier adds three ({@code reason}, {@code source_message_id}, {@code txn_id}).
     */
    static final int OWN_ATTRIBUTES_KEPT = 7;

    /** Why a notification was handed back to its queue: the {@code cause} of its {@code RETRY} line. */
    enum RetryCause {
        /** The push API did not admit the notifier (401, 403, or no credential): see push-auth-rejected. */
        PUSH_AUTH_REJECTED,
        /** No final answer from the push API: a timeout, a refused connection, a 5xx, a 409 or a 429. */
        PUSH_API_UNAVAILABLE,
        /** Another environment is sending this notification now (its record is in progress). */
        IN_PROGRESS,
        /** Anything else: the records table or the DLQ unreachable, an unexpected error. */
        FAILURE
    }

    private final IdempotentPush push;
    private final SqsClient sqs;
    private final String deadLetterQueueUrl;
    private final FunctionLog log;
    private final EmfMetrics metrics;

    /**
     * @param out       where the log lines and each invocation's metrics go (stdout in Lambda)
     * @param namespace the CloudWatch namespace of its metrics ({@link NotifierMetrics})
     */
    public Notifier(IdempotentPush push, SqsClient sqs, String deadLetterQueueUrl, PrintStream out, Clock clock,
                    String namespace) {
        this(push, sqs, deadLetterQueueUrl, out, clock, TelemetryConfig.defaults(SERVICE, namespace));
    }

    /**
     * @param telemetry the service name, namespace and log levels
     */
    public Notifier(IdempotentPush push, SqsClient sqs, String deadLetterQueueUrl, PrintStream out, Clock clock,
                    TelemetryConfig telemetry) {
        this(push, sqs, deadLetterQueueUrl, FunctionLog.of(out, clock, telemetry), out, clock, telemetry);
    }

    /**
     * @param log       the log its lines go to, shared with what it calls (the push API
     *                  credential's reads), so that their lines carry the invocation's stamps too
     * @param telemetry the service name and namespace of its metrics
     */
    Notifier(IdempotentPush push, SqsClient sqs, String deadLetterQueueUrl, FunctionLog log, PrintStream out, Clock clock,
             TelemetryConfig telemetry) {
        this.push = Objects.requireNonNull(push, "push");
        this.sqs = Objects.requireNonNull(sqs, "sqs");
        this.deadLetterQueueUrl = Objects.requireNonNull(deadLetterQueueUrl, "deadLetterQueueUrl");
        this.log = Objects.requireNonNull(log, "log");
        this.metrics = new EmfMetrics(out, clock, telemetry.metricsNamespace(), telemetry.service(), NotifierMetrics.ALL);
    }

    /** Processes every message of {@code event}, the event of {@code invocation}; never throws for a message. */
    public SQSBatchResponse process(SQSEvent event, Invocation invocation) {
        log.begin(invocation);
        try {
            List<SQSBatchResponse.BatchItemFailure> failures = new ArrayList<>();
            for (SQSEvent.SQSMessage message : event.getRecords() == null ? List.<SQSEvent.SQSMessage>of() : event.getRecords()) {
                if (!settle(message)) {
                    metrics.count(NotifierMetrics.RETRIED);
                    failures.add(new SQSBatchResponse.BatchItemFailure(message.getMessageId()));
                }
            }
            return new SQSBatchResponse(failures);
        } finally {
            metrics.flush(invocation);
        }
    }

    /** Whether {@code message} may be deleted from the queue. */
    private boolean settle(SQSEvent.SQSMessage message) {
        Optional<Notification> notification;
        try {
            notification = Notification.fromEvent(message.getBody());
        } catch (IllegalArgumentException e) {
            return deadLetter(message, "", "invalid: " + e.getMessage());
        }
        if (notification.isEmpty()) {
            log(FunctionLog.Level.INFO, message, "", "IGNORED", line -> line.text("detail", "not an approval"));
            return true;
        }
        String txn = notification.get().transactionId();
        try {
            IdempotentPush.Delivery delivery = push.deliver(notification.get());
            PushReceipt receipt = delivery.receipt();
            if (receipt.accepted()) {
                metrics.count(delivery.replayed() ? NotifierMetrics.REPLAYED : NotifierMetrics.DELIVERED);
                log(FunctionLog.Level.INFO, message, txn, delivery.replayed() ? "REPLAYED" : "DELIVERED",
                        line -> line.text("detail", "push API answered " + receipt.status()));
                return true;
            }
            // A refusal an earlier version of the notifier stored as its record's answer.
            return deadLetter(message, txn, "push API refused it with " + receipt.status());
        } catch (PushRefusedException e) {
            return deadLetter(message, txn, e.getMessage());
        } catch (IdempotencyValidationException e) {
            return deadLetter(message, txn, CONFLICT);
        } catch (PushAuthRejectedException e) {
            metrics.count(NotifierMetrics.PUSH_AUTH_REJECTED);
            return retry(message, txn, RetryCause.PUSH_AUTH_REJECTED, e.getMessage());
        } catch (PushUnavailableException e) {
            return retry(message, txn, RetryCause.PUSH_API_UNAVAILABLE, e.getMessage());
        } catch (IdempotencyAlreadyInProgressException e) {
            return retry(message, txn, RetryCause.IN_PROGRESS, e.getMessage());
        } catch (RuntimeException e) {
            return retry(message, txn, RetryCause.FAILURE, e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    /** After a SnapStart restore: the push API's credential is read again at the next call. */
    public void restored() {
        push.restored();
    }

    private boolean deadLetter(SQSEvent.SQSMessage message, String txn, String reason) {
        try {
            sqs.sendMessage(request -> request.queueUrl(deadLetterQueueUrl).messageBody(message.getBody())
                    .messageAttributes(deadLetterAttributes(message, txn, reason)));
        } catch (RuntimeException e) {
            return retry(FunctionLog.Level.ERROR, message, txn, RetryCause.FAILURE,
                    "cannot dead-letter (" + reason + "): " + e.getClass().getSimpleName());
        }
        metrics.count(NotifierMetrics.DEAD_LETTERED);
        log(FunctionLog.Level.WARN, message, txn, "DEAD_LETTERED", line -> line.text("reason", reason));
        return true;
    }

    /**
     * The message's own attributes (the publisher's {@code event_type}, {@code decision},
     * {@code account} and {@code transaction_id}; a redriven dead letter's {@code source_message_id}),
     * then {@code reason}, {@code source_message_id} (the first queue message's id, kept through
     * redrives) and {@code txn_id} (the name every dead letter of the stack gives the
     * transaction): at most ten, SQS's limit.
     */
    static Map<String, MessageAttributeValue> deadLetterAttributes(SQSEvent.SQSMessage message, String txn, String reason) {
        Map<String, MessageAttributeValue> attributes = new LinkedHashMap<>();
        Map<String, SQSEvent.MessageAttribute> own = message.getMessageAttributes() == null ? Map.of() : message.getMessageAttributes();
        new TreeMap<>(own).forEach((name, value) -> {
            if (value.getStringValue() != null && !name.equals("reason") && !name.equals("txn_id")
                    && attributes.size() < OWN_ATTRIBUTES_KEPT) {
                attributes.put(name, string(value.getStringValue()));
            }
        });
        attributes.put("reason", string(reason));
        attributes.putIfAbsent("source_message_id", string(message.getMessageId()));
        if (!txn.isEmpty()) {
            attributes.put("txn_id", string(txn));
        }
        return attributes;
    }

    private static MessageAttributeValue string(String value) {
        return MessageAttributeValue.builder().dataType("String").stringValue(value).build();
    }

    private boolean retry(SQSEvent.SQSMessage message, String txn, RetryCause cause, String detail) {
        return retry(FunctionLog.Level.WARN, message, txn, cause, detail);
    }

    private boolean retry(FunctionLog.Level level, SQSEvent.SQSMessage message, String txn, RetryCause cause, String detail) {
        log(level, message, txn, "RETRY",
                line -> line.text("cause", cause.name()).text("detail", detail));
        return false;
    }

    private void log(FunctionLog.Level level, SQSEvent.SQSMessage message, String txn, String outcome, FunctionLog.Fields fields) {
        log.write(level, "Notification " + outcome.toLowerCase(Locale.ROOT), line -> {
            line.text("txn_id", txn).text("message_id", message.getMessageId()).text("outcome", outcome);
            fields.write(line);
        });
    }
}
