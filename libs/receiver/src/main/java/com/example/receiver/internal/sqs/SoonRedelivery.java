package com.example.receiver.internal.sqs;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.receiver.BatchResult;
import com.example.receiver.MessageResult;
import com.example.receiver.Outcome;
import com.example.receiver.RetryCause;
import com.example.receiver.lambda.ReceiverWindows;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.BatchResultErrorEntry;
import software.amazon.awssdk.services.sqs.model.ChangeMessageVisibilityBatchRequestEntry;

/**
 * Brings back in seconds the messages that failed for a passing reason ({@link Outcome.Retry#soon()}:
 * contention on a hot account, throttling, or an invocation whose time ran out before they
 * started), rather than after the queue's whole visibility timeout.
 *
 * <p>Lambda leaves a message reported in {@code batchItemFailures} as it is: it reappears when its
 * visibility timeout runs out ("Handling errors for an SQS event source in Lambda",
 * https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-errorhandling.html), 181 s with the
 * template's queue. {@code ChangeMessageVisibility} restarts that timer with a new length from
 * the call ("Amazon SQS visibility timeout", SQS Developer Guide,
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-visibility-timeout.html),
 * so the message is set to reappear after a jittered few seconds (writers of one account spread
 * out instead of meeting again in step), then reported failed as before. Every receive still
 * counts toward the queue's {@code maxReceiveCount}: that is SQS's, and no function can undo it.
 *
 * <p>Throttling is capacity, which comes back only as the load falls, and every receive it spends
 * brings the message nearer the DLQ: a throttled message's window doubles with each receive
 * before this one (its {@code ApproximateReceiveCount}), {@code [min, max]} at the first,
 * {@code [2 min, 2 max]} at the second, and so on up to {@value #LONGEST_SECONDS} s (SQS's
 * longest message delay), so that its receives spread over more time than the throttling lasts.
 * Contention is other writers of one item, gone in milliseconds, and a message left unstarted had
 * nothing wrong with it: both come back within {@code [min, max]} at every receive.
 *
 * <p>Best effort: when the change fails, the message is still reported failed and comes back
 * after the whole timeout, and a WARN line says so; nothing is lost either way. The client is
 * built on first use, since most invocations never need it.
 */
public final class SoonRedelivery {

    private static final int SQS_MAX_BATCH = 10;
    /** The longest a throttled message is kept away (unless {@code max} is longer): 15 minutes. */
    public static final long LONGEST_SECONDS = ReceiverWindows.SOON_REDELIVERY_LONGEST_SECONDS;
    /** The window's lower bound at a first receive, in seconds, unless the receiver's builder says otherwise. */
    public static final long DEFAULT_MIN_SECONDS = ReceiverWindows.SOON_REDELIVERY_MIN_SECONDS;
    /** The window's upper bound at a first receive, in seconds, unless the receiver's builder says otherwise. */
    public static final long DEFAULT_MAX_SECONDS = ReceiverWindows.SOON_REDELIVERY_MAX_SECONDS;
    /** {@link #DEFAULT_MIN_SECONDS} as a duration. */
    public static final Duration DEFAULT_MIN = Duration.ofSeconds(DEFAULT_MIN_SECONDS);
    /** {@link #DEFAULT_MAX_SECONDS} as a duration. */
    public static final Duration DEFAULT_MAX = Duration.ofSeconds(DEFAULT_MAX_SECONDS);
    private static final String RECEIVE_COUNT = "ApproximateReceiveCount";

    private final Supplier<SqsClient> sqs;
    private final long minSeconds;
    private final long maxSeconds;
    private final RandomGenerator random;
    private final FunctionLog log;
    private SqsClient client;

    /**
     * Brings back failed messages after a random delay between {@code min} and {@code max}.
     *
     * @param sqs     builds the SQS client, once, on first use
     * @param min     the shortest delay before a message comes back (whole seconds)
     * @param max     the longest (whole seconds, at most SQS's 12 hours)
     * @param random  the jitter
     * @param log     where a failed change is reported
     */
    public SoonRedelivery(Supplier<SqsClient> sqs, Duration min, Duration max, RandomGenerator random, FunctionLog log) {
        this.sqs = Objects.requireNonNull(sqs, "sqs");
        this.minSeconds = min.toSeconds();
        this.maxSeconds = max.toSeconds();
        this.random = Objects.requireNonNull(random, "random");
        this.log = Objects.requireNonNull(log, "log");
        if (minSeconds < 0 || maxSeconds < minSeconds || maxSeconds > Duration.ofHours(12).toSeconds()) {
            throw new IllegalArgumentException("need 0 <= min <= max <= 12 h, was " + min + " and " + max);
        }
    }

    /**
     * Sets every soon retry of {@code result} (the outcome of {@code event}) to come back after
     * its window (see the class comment); answers how many were set.
     *
     * @param event the batch as delivered (receipt handles, queue ARNs)
     * @param result its outcomes
     * @return how many messages were set to come back soon
     */
    public int apply(SQSEvent event, BatchResult result) {
        Map<String, SQSEvent.SQSMessage> byId = new LinkedHashMap<>();
        if (event != null && event.getRecords() != null) {
            event.getRecords().forEach(record -> byId.put(record.getMessageId(), record));
        }
        Map<String, List<Delay>> byQueue = new LinkedHashMap<>();
        for (MessageResult message : result.results()) {
            SQSEvent.SQSMessage record = byId.get(message.messageId());
            if (message.outcome() instanceof Outcome.Retry retry && retry.soon() && record != null
                    && record.getReceiptHandle() != null && record.getEventSourceArn() != null) {
                byQueue.computeIfAbsent(record.getEventSourceArn(), arn -> new ArrayList<>())
                        .add(new Delay(record.getReceiptHandle(), seconds(retry.cause(), record)));
            }
        }
        int set = 0;
        for (Map.Entry<String, List<Delay>> queue : byQueue.entrySet()) {
            set += change(queue.getKey(), queue.getValue());
        }
        return set;
    }

    /** One message's receipt and how many seconds it is to stay away. */
    private record Delay(String receiptHandle, int seconds) {
    }

    /**
     * The least time a message throttled at every receive stays in its queue before SQS moves it
     * to the dead-letter queue after {@code maxReceiveCount} receives: the sum of the window's
     * lower bound over those receives ({@code min}, doubled per receive up to
     * {@value #LONGEST_SECONDS} s), the invocations' own time not counted. A queue's
     * {@code maxReceiveCount} is planned with it: DynamoDB on-demand throttles a table for up to 30
     * minutes after its traffic doubles, so this must exceed 30 minutes.
     *
     * @param maxReceiveCount the queue's redrive policy's receives
     * @param min the window's lower bound at a first receive
     * @param max its upper bound
     * @return the least time the receives take
     */
    public static Duration shortestThrottledLife(int maxReceiveCount, Duration min, Duration max) {
        long ceiling = Math.max(LONGEST_SECONDS, max.toSeconds());
        long seconds = 0;
        for (int receive = 1; receive <= maxReceiveCount; receive++) {
            seconds += Math.min(min.toSeconds() << Math.min(receive - 1, 20), ceiling);
        }
        return Duration.ofSeconds(seconds);
    }

    /** A jittered delay in the window of {@code cause} at the receive {@code record} is. */
    private int seconds(RetryCause cause, SQSEvent.SQSMessage record) {
        int doublings = cause == RetryCause.THROTTLING ? (int) Math.min(receiveCount(record) - 1, 20) : 0;
        long ceiling = Math.max(LONGEST_SECONDS, maxSeconds);
        long low = Math.min(minSeconds << doublings, ceiling);
        long high = Math.min(maxSeconds << doublings, ceiling);
        return (int) (low + random.nextLong(high - low + 1));
    }

    /** The message's {@code ApproximateReceiveCount} (1 when absent or unreadable: the first receive). */
    private static long receiveCount(SQSEvent.SQSMessage record) {
        String count = record.getAttributes() == null ? null : record.getAttributes().get(RECEIVE_COUNT);
        try {
            return count == null ? 1 : Math.max(1, Long.parseLong(count.trim()));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    private int change(String queueArn, List<Delay> delays) {
        Optional<String> url = queueUrl(queueArn);
        if (url.isEmpty()) {
            warn(delays.size(), "not an SQS queue ARN");
            return 0;
        }
        int set = 0;
        for (int from = 0; from < delays.size(); from += SQS_MAX_BATCH) {
            List<ChangeMessageVisibilityBatchRequestEntry> entries = new ArrayList<>();
            for (Delay delay : delays.subList(from, Math.min(delays.size(), from + SQS_MAX_BATCH))) {
                entries.add(ChangeMessageVisibilityBatchRequestEntry.builder()
                        .id(Integer.toString(entries.size()))
                        .receiptHandle(delay.receiptHandle())
                        .visibilityTimeout(delay.seconds())
                        .build());
            }
            try {
                List<BatchResultErrorEntry> failed = client().changeMessageVisibilityBatch(request -> request
                        .queueUrl(url.get()).entries(entries)).failed();
                set += entries.size() - failed.size();
                if (!failed.isEmpty()) {
                    warn(failed.size(), failed.get(0).code());
                }
            } catch (SdkException e) {
                warn(entries.size(), e.getClass().getSimpleName());
            }
        }
        return set;
    }

    /** {@code https://sqs.<region>.amazonaws.com/<account>/<name>} from {@code arn:<partition>:sqs:<region>:<account>:<name>}. */
    static Optional<String> queueUrl(String arn) {
        String[] parts = arn.split(":", -1);
        if (parts.length != 6 || !parts[0].equals("arn") || !parts[2].equals("sqs")
                || parts[3].isEmpty() || parts[4].isEmpty() || parts[5].isEmpty()) {
            return Optional.empty();
        }
        String domain = parts[1].equals("aws-cn") ? "amazonaws.com.cn" : "amazonaws.com";
        return Optional.of("https://sqs." + parts[3] + "." + domain + "/" + parts[4] + "/" + parts[5]);
    }

    private synchronized SqsClient client() {
        if (client == null) {
            client = sqs.get();
        }
        return client;
    }

    private void warn(int messages, String why) {
        log.write(FunctionLog.Level.WARN, "Soon redelivery not set", line -> line
                .number("messages", messages).text("detail", why + ": they come back after the queue's visibility timeout"));
    }
}
