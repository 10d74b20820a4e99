package com.example.sim;

import com.example.lambdafakes.VirtualClock;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.payment.events.PaymentEventsHandler;
import com.example.payment.events.SnsDecisionPublisher;
import com.example.payment.events.SqsUnpublishableRecords;
import com.example.payment.events.StreamPublisher;
import com.example.payment.events.UnpublishableRecords;
import com.example.payment.events.replay.DecisionReplay;
import com.example.payment.events.replay.OnFailureReplay;
import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.sim.faults.FaultSchedule;
import com.example.sim.models.DownstreamWorld;
import com.example.sim.models.DynamoDbModel;
import com.example.sim.models.DynamoDbStream;
import com.example.sim.models.DynamoDbTable;
import com.example.sim.models.SnsModel;
import com.example.sim.models.SqsModel;
import com.example.sim.models.SqsQueue;
import com.example.sim.models.StreamEventSource;
import com.example.sim.models.StreamSettings;
import com.example.sim.oracles.Oracles;
import com.example.sim.oracles.RecordedDecisions;
import com.example.sim.oracles.Violation;
import com.example.sim.runtime.Scheduler;
import com.example.sim.workload.ReplayOperator;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

/**
 * The decisions' way downstream, and its oracle. The idempotency table's stream
 * ({@link DynamoDbStream}) feeds the publisher's event source mapping ({@link StreamEventSource}),
 * which invokes the real {@link PaymentEventsHandler} ({@link StreamPublisher},
 * {@link SnsDecisionPublisher}, {@link SqsUnpublishableRecords}) against the topic
 * ({@link SnsModel}) and the queues of the SQS model; skipped batches go to the on-failure queue,
 * which the {@link ReplayOperator} replays with the real {@link OnFailureReplay}. The notifier
 * is modelled by its two guards (docs/architecture.md, "Downstream"): its Powertools record per
 * transaction id, kept {@code IdempotencyTtlSeconds}, makes a redelivery a no-op; a call it
 * repeats carries the same {@code Idempotency-Key}, which the push API honours for 24 hours.
 *
 * <p>The oracle "every decision published once", from the truth (the table's applied writes, what
 * the topic accepted, what reached the customer): every decision recorded reaches the topic; one
 * the event source skipped to the failure queue counts only if a fault of the topic made it skip
 * (and the replay then published it); the topic publishes what the record says; and each reaches
 * the customer once.
 */
final class Downstream {

    static final String TOPIC_ARN = "arn:aws:sns:" + SqsModel.REGION + ":" + SqsModel.ACCOUNT + ":payments-authorized";
    /** How long the push API honours an {@code Idempotency-Key} (Stripe's 24 h, docs/architecture.md). */
    private static final long API_KEY_MICROS = 86_400_000_000L;

    /** What the oracle knows of one transaction's decision downstream. */
    private static final class Txn {
        String recorded;
        long decidedAt;
        int published;
        String publishedAs;
        int effects;
        long firstEffectAt;
        long notifierRecordUntil;
        long apiKeyUntil;
        long skippedAt = -1;
        String skippedWhy;
        boolean skippedByTopicFault = true;
    }

    /** The downstream figures of a run. */
    record Figures(long published, long publishRefused, long streamInvocations, long skippedBatches, int replays,
                   int failedReplays, long replayed, long delivered) {
        String line() {
            return String.format("published=%d publish_refused=%d stream_invocations=%d skipped_batches=%d replays=%d "
                    + "failed_replays=%d replayed=%d delivered=%d", published, publishRefused, streamInvocations,
                    skippedBatches, replays, failedReplays, replayed, delivered);
        }
    }

    private final Scheduler scheduler;
    private final FaultSchedule faults;
    private final long notifierRecordMicros;
    private final Map<String, Txn> txns = new HashMap<>();
    private final SnsModel sns;
    private final SqsQueue failureQueue;
    /** The records the publisher set aside as unpublishable (its {@code UnpublishableRecord}s), by transaction. */
    private final Map<String, String> setAside = new HashMap<>();
    private final StreamEventSource source;
    private final ReplayOperator operator;
    private long delivered;

    /**
     * @param records   the idempotency table, whose stream the publisher reads
     * @param restQuiet whether the payments' side is done (its operators stopped looking)
     * @param seed      the run's seed, whose stream of the failure queue's operator it draws from
     */
    Downstream(Scheduler scheduler, FaultSchedule faults, TemplateWindows windows, DynamoDbModel dynamoDb, DynamoDbTable records,
               SqsModel sqs, BooleanSupplier restQuiet, long seed, long trafficEnd, long lastEnd) {
        this.scheduler = scheduler;
        this.faults = faults;
        this.notifierRecordMicros = windows.recordTtlSeconds() * 1_000_000;
        StreamSettings settings = windows.stream();
        DownstreamWorld world = new DownstreamWorld(scheduler, faults.crashes());
        DynamoDbStream stream = DynamoDbStream.of(dynamoDb, records, world);
        dynamoDb.observe(write -> {
            if (write.table().equals(records.name())) {
                recorded(write.after());
            }
        });
        sns = new SnsModel(world, TOPIC_ARN, this::topicFault);
        sns.duplicates(0.001);
        sns.deliverTo(this::notify);
        failureQueue = sqs.createQueue("payment-events-failures", 30, settings.failureRetentionSeconds());
        SqsQueue unpublishable = sqs.createQueue("payment-events-unpublishable", 30, settings.failureRetentionSeconds());
        PrintStream discard = new PrintStream(OutputStream.nullOutputStream());
        Clock clock = VirtualClock.following(scheduler::instant);
        // its lines at WARN, as the receiver's (its environment's AWS_LAMBDA_LOG_LEVEL): nothing reads them, and INFO costs a line per record
        PaymentEventsHandler handler = new PaymentEventsHandler(new StreamPublisher(
                new SnsDecisionPublisher(sns, TOPIC_ARN), noting(new SqsUnpublishableRecords(sqs, unpublishable.url())), discard, clock,
                TelemetryConfig.from(Map.of(TelemetryConfig.AWS_LAMBDA_LOG_LEVEL, "WARN"), StreamPublisher.SERVICE,
                        StreamPublisher.METRICS_NAMESPACE)));
        source = new StreamEventSource(scheduler, stream, settings, failureQueue, handler::handleRequest, world, this::skipped);
        OnFailureReplay replay = new OnFailureReplay(sqs, new DecisionReplay(dynamoDb, records.name(),
                new SnsDecisionPublisher(sns, TOPIC_ARN), discard), discard);
        operator = new ReplayOperator(scheduler, failureQueue, replay, faults,
                () -> restQuiet.getAsBoolean() && source.idle(), seed, trafficEnd, lastEnd);
    }

    void start() {
        operator.start();
    }

    private SnsModel.Fault topicFault() {
        long now = scheduler.now();
        if (faults.in(FaultSchedule.Kind.TOPIC_GONE, now)) {
            return SnsModel.Fault.TOPIC_GONE;
        }
        if (faults.in(FaultSchedule.Kind.TOPIC_THROTTLED, now)) {
            return SnsModel.Fault.THROTTLED;
        }
        boolean errors = faults.in(FaultSchedule.Kind.TOPIC_ERRORS, now)
                || faults.serverErrors() > 0 && scheduler.random().nextDouble() < faults.serverErrors();
        if (errors) {
            return scheduler.random().nextDouble() < 0.1 ? SnsModel.Fault.SERVER_ERROR_AFTER_PUBLISH : SnsModel.Fault.SERVER_ERROR;
        }
        return SnsModel.Fault.NONE;
    }

    private void recorded(Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> record) {
        String txn = record.get(IdempotencyRecordAttributes.PK).s().substring(RecordedDecisions.RECORD_PREFIX.length());
        Txn t = txns.computeIfAbsent(txn, id -> new Txn());
        String status = record.get(IdempotencyRecordAttributes.STATUS).s();
        t.recorded = t.recorded == null || t.recorded.equals(status) ? status : t.recorded + " or " + status;
        t.decidedAt = scheduler.now();
    }

    /** {@code subscription} hears every message the topic delivers too, after the notifier (a second subscriber's reading). */
    void alsoDeliverTo(java.util.function.Consumer<SnsModel.Delivery> subscription) {
        sns.deliverTo(subscription);
    }

    /** The notifier's delivery of one message of the topic (its subscription's queue, at least once). */
    private void notify(SnsModel.Delivery delivery) {
        String txn = delivery.attributes().get("transaction_id");
        Txn t = txns.computeIfAbsent(txn, id -> new Txn());
        t.published++;
        if (t.publishedAs == null) {
            t.publishedAs = delivery.attributes().get("decision");
        }
        long now = scheduler.now();
        if (t.notifierRecordUntil > now) {
            return; // Replayed: answered from the Powertools record, the API not called
        }
        t.notifierRecordUntil = now + notifierRecordMicros;
        if (t.apiKeyUntil > now) {
            return; // the push API answers a known Idempotency-Key without delivering again
        }
        t.apiKeyUntil = now + API_KEY_MICROS;
        t.effects++;
        delivered++;
        if (t.effects == 1) {
            t.firstEffectAt = now;
        }
    }

    private void skipped(List<DynamoDbStream.Record> records, String condition, long failingSince) {
        boolean byTopicFault = faults.topicFaultBetween(failingSince, scheduler.now());
        for (DynamoDbStream.Record record : records) {
            if (record.newImage().isEmpty()) {
                continue;
            }
            String txn = record.newImage().get().get(IdempotencyRecordAttributes.PK).s().substring(RecordedDecisions.RECORD_PREFIX.length());
            Txn t = txns.computeIfAbsent(txn, id -> new Txn());
            t.skippedAt = scheduler.now();
            t.skippedWhy = condition;
            t.skippedByTopicFault &= byTopicFault;
        }
    }

    /** The publisher's own {@code UnpublishableRecords}, each record it kept noted by its transaction (its typed key). */
    private UnpublishableRecords noting(UnpublishableRecords kept) {
        return record -> {
            kept.keep(record);
            if (record.key().startsWith(RecordedDecisions.RECORD_PREFIX)) {
                setAside.put(record.key().substring(RecordedDecisions.RECORD_PREFIX.length()), record.toJson());
            }
        };
    }

    /** The oracle's findings as the run ends, in transaction order. */
    List<Violation> atEnd() {
        List<Violation> violations = new ArrayList<>();
        new TreeMap<>(txns).forEach((txn, t) -> {
            if (t.recorded == null) {
                violations.add(new Violation(Violation.PUBLISHED_ONCE, txn, "published as " + t.publishedAs
                        + ", but no record was ever written"));
                return;
            }
            String skip = t.skippedAt < 0 ? "" : " (skipped to the failure queue at " + Oracles.at(t.skippedAt) + ", "
                    + t.skippedWhy + ")";
            if (t.published == 0) {
                violations.add(new Violation(Violation.PUBLISHED_ONCE, txn, "decided " + t.recorded + " at "
                        + Oracles.at(t.decidedAt) + ", never published" + skip
                        + (setAside.containsKey(txn) ? ", set aside as unpublishable: " + setAside.get(txn) : "")));
            } else if (!t.recorded.contains(t.publishedAs)) {
                violations.add(new Violation(Violation.PUBLISHED_ONCE, txn, "published as " + t.publishedAs
                        + ", recorded " + t.recorded));
            }
            if (t.skippedAt >= 0 && !t.skippedByTopicFault) {
                violations.add(new Violation(Violation.PUBLISHED_ONCE, txn, "skipped to the failure queue at "
                        + Oracles.at(t.skippedAt) + " (" + t.skippedWhy + ") with no fault of the topic"));
            }
            if (t.effects > 1) {
                violations.add(new Violation(Violation.PUBLISHED_ONCE, txn, "reached the customer " + t.effects
                        + " times, first at " + Oracles.at(t.firstEffectAt)));
            }
        });
        return violations;
    }

    Figures figures() {
        return new Figures(sns.accepted(), sns.refused(), source.invocations(), source.skippedBatches(),
                operator.replays(), operator.failedReplays(), operator.replayed(), delivered);
    }
}
