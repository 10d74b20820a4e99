package com.example.sim.models;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.eventsource.Invocation;
import com.example.eventsource.SqsPolicy;
import com.example.receiver.BatchResult;
import com.example.receiver.MessageResult;
import com.example.sim.runtime.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Lambda and its SQS event source mapping, as the function sees them ("Using Lambda with Amazon
 * SQS", AWS Lambda Developer Guide, https://docs.aws.amazon.com/lambda/latest/dg/with-sqs.html):
 * <ul>
 *   <li>the poller receives up to {@code BatchSize} messages, waiting up to the batching window (from when the
 *       first became visible) for a full batch, and invokes at most {@code MaximumConcurrency} environments at
 *       once (services-sqs-scaling.html), starting at five batches and scaling up over minutes ({@link EventSourceScaling});</li>
 *   <li>an invocation beyond the function's concurrency is throttled, its batch tried again
 *       with back-off until the receive's visibility timeout, then left to come back
 *       ({@link FunctionConcurrency});</li>
 *   <li>the mapping invokes the function's alias, which gives each invocation a version by its
 *       weights ({@link Alias}); an environment serves one invocation at a time of its version and
 *       is reused; a new one pays a cold start (SnapStart's restore, 0.2-1 s);</li>
 *   <li>the messages not in {@code batchItemFailures} are deleted; a crashed or timed-out
 *       invocation deletes nothing (services-sqs-errorhandling.html; {@link SqsPolicy}, the
 *       event-source policy the local AWS's mapping follows too);</li>
 *   <li>an invocation is stopped at the function's timeout, and its environment with it.</li>
 * </ul>
 */
public final class LambdaService {

    private final Scheduler scheduler;
    private final SqsQueue queue;
    private final Alias alias;
    private final Settings windows;
    private final int maxConcurrency;
    private final EventSourceScaling scaling;
    private final FunctionConcurrency concurrency;
    private final Consumer<Long> batchLatency;
    /** Batches in the mapping's hands: running, or throttled and waiting to be tried again. */
    private int inFlight;
    private int running;
    private long pollAt = Long.MAX_VALUE;
    private long invocations;
    private long coldStarts;
    private long failedInvocations;
    private int peakConcurrency;
    private final InvocationEnds told;
    private java.util.function.BooleanSupplier inService = () -> true; // its Region there to poll in

    public LambdaService(Scheduler scheduler, SqsQueue queue, Alias alias, Settings windows,
                  int maxConcurrency, FunctionConcurrency concurrency, Consumer<Long> batchLatency, InvocationEnds told) {
        this.scheduler = scheduler;
        this.queue = queue;
        this.alias = alias;
        this.windows = windows;
        this.maxConcurrency = maxConcurrency;
        this.scaling = new EventSourceScaling(maxConcurrency);
        this.concurrency = concurrency;
        this.batchLatency = batchLatency;
        this.told = told;
    }

    /**
     * The event source mapping's and the function's settings, as the template sets them.
     *
     * @param batchSize                {@code BatchSize}
     * @param batchingWindowSeconds    {@code MaximumBatchingWindowInSeconds} (none on a FIFO queue)
     * @param visibilityTimeoutSeconds the queue's {@code VisibilityTimeout}
     * @param functionTimeoutSeconds   the function's {@code Timeout}
     */
    public record Settings(int batchSize, long batchingWindowSeconds, long visibilityTimeoutSeconds,
                           long functionTimeoutSeconds) {
    }

    public long invocations() {
        return invocations;
    }

    public long coldStarts() {
        return coldStarts;
    }

    public long failedInvocations() {
        return failedInvocations;
    }

    public long throttles() {
        return concurrency.throttles();
    }

    public int peakConcurrency() {
        return peakConcurrency;
    }

    public boolean busy() {
        return inFlight > 0;
    }

    /**
     * The mapping polls only while {@code up} holds: the function's Region lost, its pollers are
     * lost with it; {@link #sent()} when it returns.
     */
    public LambdaService pollingWhile(java.util.function.BooleanSupplier up) {
        this.inService = up;
        return this;
    }

    /** Messages were sent, or brought back: the poller looks now, and invokes as the batching window says. */
    public void sent() {
        pollNoLaterThan(scheduler.now());
    }

    private void pollNoLaterThan(long at) {
        if (at < pollAt) {
            pollAt = at;
            scheduler.at(at, this::poll);
        }
    }

    /**
     * Invokes environments while one is free and a batch is ready: {@code BatchSize} messages
     * waiting, or the first visible one waiting for the batching window ("the maximum amount of
     * time to gather records before invoking the function", https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-configure.html);
     * otherwise looks again when the window ends or the next hidden message shows.
     */
    private void poll() {
        if (scheduler.now() < pollAt) {
            return; // a later poll was brought forward; this one is stale
        }
        pollAt = Long.MAX_VALUE;
        if (!inService.getAsBoolean()) {
            return;
        }
        // "Batching window is not supported for FIFO queues" (services-sqs-parameters.html)
        long window = queue.isFifo() ? 0 : windows.batchingWindowSeconds() * 1_000_000;
        while (true) {
            Optional<Long> first = queue.nextVisibleAt().map(at -> Scheduler.micros(Duration.between(Scheduler.EPOCH, at)));
            if (first.isEmpty()) {
                scaling.empty(scheduler.now());
                return;
            }
            if (inFlight >= Math.min(maxConcurrency, scaling.pollers(scheduler.now()))) {
                if (first.get() <= scheduler.now()) {
                    scaling.backlog(scheduler.now());
                    pollNoLaterThan(scaling.nextPollerAt(scheduler.now()));
                }
                return;
            }
            if (first.get() > scheduler.now()) {
                pollNoLaterThan(first.get());
                return;
            }
            if (queue.visible(windows.batchSize()) < windows.batchSize() && first.get() + window > scheduler.now()) {
                scaling.steady(scheduler.now());
                pollNoLaterThan(first.get() + window);
                return;
            }
            List<SqsMessage> batch = queue.receive(windows.batchSize());
            if (batch.isEmpty()) {
                // nothing received (what looked visible went to the DLQ at this receive): pollers never stop polling
                queue.nextVisibleAt().map(at -> Scheduler.micros(Duration.between(Scheduler.EPOCH, at)))
                        .ifPresent(next -> pollNoLaterThan(next > scheduler.now() ? next : scheduler.now() + 1_000_000));
                return;
            }
            invoke(batch);
        }
    }

    private void invoke(List<SqsMessage> batch) {
        inFlight++;
        attempt(batch, scheduler.now(), 0);
    }

    /** Asks Lambda to run the batch: throttled, it is tried again until the receive's visibility timeout, then dropped. */
    private void attempt(List<SqsMessage> batch, long received, int throttled) {
        if (concurrency.throttles(running, scheduler.now())) {
            scaling.throttled(scheduler.now());
            long again = scheduler.now() + FunctionConcurrency.retryAfter(throttled + 1);
            if (again >= received + windows.visibilityTimeoutSeconds() * 1_000_000) {
                inFlight--; // dropped: its messages come back when their visibility timeout ends
                pollNoLaterThan(scheduler.now());
            } else {
                scheduler.at(again, () -> attempt(batch, received, throttled + 1));
            }
            return;
        }
        running++;
        invocations++;
        peakConcurrency = Math.max(peakConcurrency, running);
        Alias.Lease lease = alias.lease();
        long cold = 0;
        if (lease.cold()) {
            coldStarts++;
            cold = scheduler.random().nextLong(200_000, 1_000_000);
        }
        long coldStart = cold;
        Environment env = lease.environment();
        long deadline = scheduler.now() + coldStart + windows.functionTimeoutSeconds() * 1_000_000;
        SQSEvent event = event(batch);
        boolean[] finished = new boolean[1];
        long start = scheduler.now();
        scheduler.spawn(env, () -> {
            if (coldStart > 0) {
                scheduler.sleep(coldStart);
            }
            BatchResult response = null;
            try {
                response = env.decide(event, Environment.context(scheduler, "req-" + env.id() + "-" + env.nextInvocation(), deadline));
            } catch (Scheduler.Ended ended) {
                env.die();
            }
            if (!finished[0]) {
                finished[0] = true;
                finish(lease, batch, env.dead() ? null : response, start);
            }
        });
        scheduler.at(deadline, () -> {
            if (!finished[0]) {
                finished[0] = true;
                env.die(); // Lambda stops the invocation at its timeout
                finish(lease, batch, null, start);
            }
        });
    }

    /**
     * After an invocation: the ESM deletes what succeeded (what the batch response does not name:
     * the receiver's answer's {@link BatchResult#failedMessageIds()}); a failed invocation deletes
     * nothing. Those told ({@link InvocationEnds}) hear each message's answer, or the invocation's failure.
     */
    private void finish(Alias.Lease lease, List<SqsMessage> batch, BatchResult response, long start) {
        inFlight--;
        running--;
        Set<String> failed = SqsPolicy.failed(batch.stream().map(SqsMessage::id).toList(),
                response == null ? Invocation.functionError() : Invocation.answered(response.failedMessageIds()));
        if (response == null) {
            failedInvocations++;
            told.failed(List.copyOf(batch), lease.version());
        } else {
            Map<String, MessageResult> answers = new HashMap<>();
            response.results().forEach(result -> answers.put(result.messageId(), result));
            for (SqsMessage message : batch) {
                MessageResult answer = answers.get(message.id());
                if (answer != null) {
                    told.answered(message, answer, lease.version());
                }
                if (!failed.contains(message.id())) {
                    queue.delete(message.receiptHandle());
                }
            }
            alias.release(lease.environment());
            batchLatency.accept(scheduler.now() - start);
        }
        pollNoLaterThan(scheduler.now());
    }

    private SQSEvent event(List<SqsMessage> batch) {
        List<SQSEvent.SQSMessage> records = new ArrayList<>();
        for (SqsMessage message : batch) {
            SQSEvent.SQSMessage record = new SQSEvent.SQSMessage();
            record.setMessageId(message.id());
            record.setReceiptHandle(message.receiptHandle());
            record.setBody(message.body());
            Map<String, String> system = new HashMap<>(Map.of(
                    "ApproximateReceiveCount", Integer.toString(message.receiveCount()),
                    "SentTimestamp", Long.toString(message.sentAtMillis()),
                    "SenderId", SqsModel.ACCOUNT,
                    "ApproximateFirstReceiveTimestamp", Long.toString(message.firstReceiveMillis())));
            message.groupId().ifPresent(group -> { // a FIFO queue's record (with-sqs.html's FIFO example event)
                system.put("MessageGroupId", group);
                system.put("MessageDeduplicationId", message.deduplicationId());
                system.put("SequenceNumber", Long.toString(message.sequenceNumber()));
            });
            record.setAttributes(system);
            Map<String, SQSEvent.MessageAttribute> attributes = new HashMap<>();
            message.attributes().forEach((name, typeAndValue) -> {
                SQSEvent.MessageAttribute attribute = new SQSEvent.MessageAttribute();
                attribute.setDataType(typeAndValue[0]);
                attribute.setStringValue(typeAndValue[1]);
                attributes.put(name, attribute);
            });
            record.setMessageAttributes(attributes);
            record.setEventSource("aws:sqs");
            record.setEventSourceArn(queue.arn());
            record.setAwsRegion(SqsModel.REGION);
            records.add(record);
        }
        SQSEvent event = new SQSEvent();
        event.setRecords(records);
        return event;
    }
}
