package com.example.receiver.lambda;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdakit.telemetry.Invocations;
import com.example.receiver.BatchResult;
import com.example.receiver.MessageParser;
import com.example.receiver.dynamodb.TransactionalEffect;
import com.example.receiver.internal.BatchReceiver;
import com.example.receiver.internal.DeadLetterChannel;
import com.example.receiver.internal.RemainingTime;
import com.example.receiver.internal.authenticity.ProducerSignatures;
import com.example.receiver.internal.redis.RedisFastPath;
import com.example.receiver.internal.sqs.SoonRedelivery;
import com.example.receiver.internal.sqs.SqsBatch;
import com.example.receiver.internal.sqs.SqsDeadLetters;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The idempotent receiver in front of one SQS-triggered Lambda function: every message of a batch
 * decided exactly once in effect, the answer SQS's partial batch response.
 *
 * <p>Contract of {@link #handle}:
 * <ul>
 *   <li>never throws for a message: each ends in one {@link com.example.receiver.Outcome}, and the
 *       answer lists the failed ones as batch item failures (the event source mapping must report
 *       {@code ReportBatchItemFailures}: "Handling errors for an SQS event source in Lambda",
 *       https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-errorhandling.html);</li>
 *   <li>a message that no delivery can decide (rejected, conflicting) goes to the dead-letter
 *       queue at once with its reason, when one is configured, and is then acknowledged;</li>
 *   <li>a message that failed for a passing reason (contention, throttling, out of time) comes
 *       back in seconds when soon redelivery is on, not after the visibility timeout;</li>
 *   <li>no message is started when the invocation's remaining time is short.</li>
 * </ul>
 * Built once per execution environment ({@link #builder}, the only way to make one), in the
 * handler's constructor; closed with the environment. Safe for Lambda's one invocation at a time per environment.
 *
 * @param <P> the domain's payload type
 */
public final class IdempotentReceiver<P> implements AutoCloseable {

    private final BatchReceiver<P> batches;
    private final Optional<SoonRedelivery> soonRedelivery;
    private final Optional<SqsDeadLetters> deadLetters;
    private final Optional<RedisFastPath> fastPath;
    private final Optional<ProducerSignatures> producerSignatures;
    private final Invocations invocations = Invocations.lambda();

    IdempotentReceiver(BatchReceiver<P> batches, Optional<SoonRedelivery> soonRedelivery,
                       Optional<SqsDeadLetters> deadLetters, Optional<RedisFastPath> fastPath,
                       Optional<ProducerSignatures> producerSignatures) {
        this.batches = Objects.requireNonNull(batches, "batches");
        this.soonRedelivery = Objects.requireNonNull(soonRedelivery, "soonRedelivery");
        this.deadLetters = Objects.requireNonNull(deadLetters, "deadLetters");
        this.fastPath = Objects.requireNonNull(fastPath, "fastPath");
        this.producerSignatures = Objects.requireNonNull(producerSignatures, "producerSignatures");
    }

    /**
     * A receiver for the messages {@code parser} reads, whose effect {@code effect} writes in the
     * same DynamoDB transaction as each idempotency record; see {@link ReceiverBuilder} for what is
     * required and what has a default.
     *
     * @param parser turns a message into a command (key, fingerprint, lane, payload) or a refusal
     * @param effect the domain's conditional writes, and optionally their group merge
     * @param <P>    the domain's payload type
     * @return a builder to complete
     */
    public static <P> ReceiverBuilder<P> builder(MessageParser<P> parser, TransactionalEffect<P> effect) {
        return new ReceiverBuilder<>(parser, effect);
    }

    /**
     * Decides one SQS batch: the partial batch response Lambda expects.
     *
     * @param event   the batch, as Lambda's SQS event source mapping delivers it
     * @param context the invocation's context; {@code null} outside Lambda (no deadline)
     * @return the partial batch response: the messages to deliver again
     */
    public SQSBatchResponse handle(SQSEvent event, Context context) {
        return batchResponse(decide(event, context));
    }

    /**
     * Lambda's partial batch response for decisions already made: the messages not acknowledged,
     * as {@link #handle} answers them.
     *
     * @param result the batch's decisions ({@link #decide})
     * @return the response naming every message to be delivered again
     */
    public static SQSBatchResponse batchResponse(BatchResult result) {
        return SqsBatch.response(result);
    }

    /**
     * Decides one SQS batch, as {@link #handle} does, answering each message's outcome as a value:
     * for a caller that acts on the decisions, and for its tests (no log line to parse).
     *
     * @param event   the batch, as Lambda's SQS event source mapping delivers it
     * @param context the invocation's context; {@code null} outside Lambda (no deadline)
     * @return one result per message, in the batch's order
     */
    public BatchResult decide(SQSEvent event, Context context) {
        RemainingTime remaining = context == null
                ? RemainingTime.UNBOUNDED
                : () -> Duration.ofMillis(context.getRemainingTimeInMillis());
        DeadLetterChannel channel = deadLetters.map(queue -> queue.channel(event)).orElse(DeadLetterChannel.NONE);
        BatchResult result = batches.process(SqsBatch.messages(event), remaining, invocations.next(context), channel);
        soonRedelivery.ifPresent(redelivery -> redelivery.apply(event, result));
        return result;
    }

    /**
     * After a SnapStart restore: keys the init could not read (the cache's signing key, the
     * producers' keys) are read at the next batch rather than after the retry interval.
     */
    public void restored() {
        fastPath.ifPresent(RedisFastPath::readSigningKeyAtNextUse);
        producerSignatures.ifPresent(ProducerSignatures::readKeysAtNextUse);
    }

    @Override
    public void close() {
        batches.close();
        fastPath.ifPresent(RedisFastPath::close);
    }
}
