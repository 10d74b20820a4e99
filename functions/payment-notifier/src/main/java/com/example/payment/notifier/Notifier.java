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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;
import software.amazon.lambda.powertools.idempotency.exceptions.IdempotencyValidationException;

/**
 * Notifies each approved payment of an SQS batch, and answers with the partial batch failures:
 * <ul>
 *   <li>delivered, replayed from the idempotency record, or not a notification (a decline): acknowledged;</li>
 *   <li>no final answer (timeout, 5xx, 409, 429, the record in progress or unreachable): a batch
 *       item failure, redelivered by the queue, with the same {@code Idempotency-Key};</li>
 *   <li>the push API did not admit the notifier (401, 403, or no credential to send): a batch item
 *       failure too, counted {@code PushAuthRejected}: the credential is at fault, not the
 *       notification, which goes out once the credential is fixed;</li>
 *   <li>refused for good (another 4xx), invalid, or the same transaction with other amount,
 *       account or currency: sent to the DLQ with a {@code reason} message attribute, then
 *       acknowledged; if that send fails, a batch item failure (never silently lost).</li>
 * </ul>
 */
public final class Notifier {

    /** The {@code service} field of the log lines and the {@code Service} dimension of the metrics. */
    public static final String SERVICE = "payment-notifier";
    /** The CloudWatch namespace when neither {@code METRICS_NAMESPACE} nor its Powertools alias is set: the template's default {@code MetricsNamespace}. */
    public static final String METRICS_NAMESPACE = "Payments";

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
            log(FunctionLog.Level.INFO, message, "", "IGNORED", "not an approval");
            return true;
        }
        String txn = notification.get().transactionId();
        try {
            IdempotentPush.Delivery delivery = push.deliver(notification.get());
            PushReceipt receipt = delivery.receipt();
            if (receipt.accepted()) {
                metrics.count(delivery.replayed() ? NotifierMetrics.REPLAYED : NotifierMetrics.DELIVERED);
                log(FunctionLog.Level.INFO, message, txn, delivery.replayed() ? "REPLAYED" : "DELIVERED",
                        "push API answered " + receipt.status());
                return true;
            }
            return deadLetter(message, txn, "push API refused it with " + receipt.status());
        } catch (IdempotencyValidationException e) {
            return deadLetter(message, txn, "conflict: transaction already notified with other account, amount or currency");
        } catch (PushAuthRejectedException e) {
            metrics.count(NotifierMetrics.PUSH_AUTH_REJECTED);
            log(FunctionLog.Level.WARN, message, txn, "RETRY", "PushAuthRejected: " + e.getMessage());
            return false;
        } catch (RuntimeException e) {
            log(FunctionLog.Level.WARN, message, txn, "RETRY", e.getClass().getSimpleName() + ": " + e.getMessage());
            return false;
        }
    }

    /** After a SnapStart restore: the push API's credential is read again at the next call. */
    public void restored() {
        push.restored();
    }

    private boolean deadLetter(SQSEvent.SQSMessage message, String txn, String reason) {
        try {
            sqs.sendMessage(request -> request.queueUrl(deadLetterQueueUrl).messageBody(message.getBody())
                    .messageAttributes(Map.of(
                            "reason", MessageAttributeValue.builder().dataType("String").stringValue(reason).build(),
                            "source_message_id", MessageAttributeValue.builder().dataType("String")
                                    .stringValue(message.getMessageId()).build())));
        } catch (RuntimeException e) {
            log(FunctionLog.Level.ERROR, message, txn, "RETRY", "cannot dead-letter (" + reason + "): "
                    + e.getClass().getSimpleName());
            return false;
        }
        metrics.count(NotifierMetrics.DEAD_LETTERED);
        log(FunctionLog.Level.WARN, message, txn, "DEAD_LETTERED", reason);
        return true;
    }

    private void log(FunctionLog.Level level, SQSEvent.SQSMessage message, String txn, String outcome, String detail) {
        log.write(level, "Notification " + outcome.toLowerCase(Locale.ROOT), line -> line.text("txn_id", txn)
                .text("message_id", message.getMessageId()).text("outcome", outcome).text("detail", detail));
    }
}
