package com.example.sim.models;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Supplier;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;

/**
 * The AWS SDK for Java v2's own retries in front of a DynamoDB client, as the payment function
 * configures them ({@code PaymentAuthorizer.callBounds()}: {@code RetryMode.STANDARD}), so that the
 * model is called as DynamoDB is. The standard strategy ("Retry behavior", AWS SDKs and Tools
 * Reference Guide, https://docs.aws.amazon.com/sdkref/latest/guide/feature-retry-behavior.html;
 * the SDK's {@code DefaultRetryStrategy.Standard}):
 * <ul>
 *   <li>3 attempts in all; a 5xx and the throttling codes are retried; every other 4xx
 *       ({@code TransactionCanceledException}, {@code TransactionConflictException},
 *       {@code ConditionalCheckFailedException}) is not (checked against the SDK itself: a
 *       client built with the function's settings, against a server answering each error);</li>
 *   <li>the pause before attempt n+1 is drawn from 0 to min(20 s, base x 2^(n-1)), base 100 ms,
 *       1 s after throttling ("exponential back-off with full jitter");</li>
 *   <li>a retry quota per client: 500 tokens, 5 taken by each retry; a call that succeeds gives
 *       back what its last retry took, or 1 if it took none (the SDK's {@code BaseRetryStrategy}
 *       releases {@code max(capacityAcquired, 1)}); a bucket without 5 ends a call at its first
 *       failure;</li>
 *   <li>a {@code TransactWriteItems} without a {@code ClientRequestToken} gets one, generated
 *       once per call and sent again unchanged with every retry (the API model marks it an
 *       idempotency token), so that DynamoDB can tell a retry from a new transaction;</li>
 *   <li>with {@link Deadlines} (the simulation's clients), the function's timeouts: an attempt
 *       without an answer after {@link #ATTEMPT_TIMEOUT} ends in the SDK's
 *       {@code ApiCallAttemptTimeoutException}, which the standard strategy retries (its
 *       {@code SdkDefaultRetrySetting.RETRYABLE_EXCEPTIONS}) after the 100 ms base pause, with the same
 *       {@code ClientRequestToken}; the whole call, pauses included, ends at {@link #CALL_TIMEOUT} in
 *       {@code ApiCallTimeoutException}, not retried ("Configure timeouts in the AWS SDK for Java
 *       2.x", https://docs.aws.amazon.com/sdk-for-java/latest/developer-guide/timeouts.html). A
 *       timed-out attempt goes on without its caller: its request may still reach DynamoDB and be
 *       applied, and a retry meeting it in flight is answered {@code TransactionInProgressException}
 *       ({@link ClientRequestTokens}).</li>
 * </ul>
 * Without {@link Deadlines} (the conformance traces' clients, whose calls take no time) a slow call
 * runs to its end: the models' former kindness, which {@code SdkTimeoutsTest} shows told apart.
 * What is not modelled: the retries of reads (the receiver's reads are not in the fault schedule).
 */
public final class SdkRetries implements DynamoDbClient {

    static final int MAX_ATTEMPTS = 3;
    static final Duration BASE_DELAY = Duration.ofMillis(100);
    static final Duration THROTTLED_BASE_DELAY = Duration.ofSeconds(1);
    static final Duration MAX_BACKOFF = Duration.ofSeconds(20);
    static final int TOKEN_BUCKET_SIZE = 500;
    static final int RETRY_COST = 5;
    /** The error codes the SDK retries as throttling (AwsErrorCode.THROTTLING_ERROR_CODES), DynamoDB's among them. */
    private static final Set<String> THROTTLING = Set.of("Throttling", "ThrottlingException", "ThrottledException",
            "RequestThrottledException", "TooManyRequestsException", "ProvisionedThroughputExceededException",
            "TransactionInProgressException", "RequestLimitExceeded", "BandwidthLimitExceeded",
            "LimitExceededException", "RequestThrottled", "SlowDown", "PriorRequestNotComplete",
            "EC2ThrottledException");

    /** The function's timeouts ({@code PaymentAuthorizer.callBounds()}). */
    static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(2);
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);

    /** The client's clock and its way of waiting for an attempt at most so long. */
    public interface Deadlines {

        /** Now, in virtual microseconds. */
        long now();

        /** Whether a call starting now may take {@code micros} or more (else its attempts run inline: none can time out). */
        boolean mayTake(long micros);

        /**
         * Runs {@code attempt} on its own and waits at most {@code micros} for it: its answer, or
         * empty when it has none by then (it goes on without its caller). Its error is thrown.
         */
        <T> Optional<T> within(long micros, Supplier<T> attempt);
    }

    private final DynamoDbClient service;
    private final Supplier<SplittableRandom> random;
    private final Consumer<Duration> pause;
    private final Optional<Deadlines> deadlines;
    private int tokens = TOKEN_BUCKET_SIZE;
    private long retries;

    /**
     * @param service the DynamoDB the calls go to (the model)
     * @param random  the run's randomness: tokens and jitter
     * @param pause   how the client sleeps between attempts (the scheduler's virtual sleep)
     */
    public SdkRetries(DynamoDbClient service, Supplier<SplittableRandom> random, Consumer<Duration> pause) {
        this(service, random, pause, Optional.empty());
    }

    /**
     * The client with the function's attempt and call timeouts.
     *
     * @param deadlines the client's clock and its bounded wait for an attempt (the scheduler's fibers)
     */
    public SdkRetries(DynamoDbClient service, Supplier<SplittableRandom> random, Consumer<Duration> pause, Deadlines deadlines) {
        this(service, random, pause, Optional.of(deadlines));
    }

    private SdkRetries(DynamoDbClient service, Supplier<SplittableRandom> random, Consumer<Duration> pause,
                       Optional<Deadlines> deadlines) {
        this.service = service;
        this.random = random;
        this.pause = pause;
        this.deadlines = deadlines;
    }

    /** Attempts after the first made so far. */
    public long retries() {
        return retries;
    }

    @Override
    public String serviceName() {
        return service.serviceName();
    }

    @Override
    public void close() {
    }

    @Override
    public DescribeTimeToLiveResponse describeTimeToLive(DescribeTimeToLiveRequest request) {
        return service.describeTimeToLive(request);
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        return service.getItem(request);
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        return call(() -> service.putItem(request));
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
        TransactWriteItemsRequest tokened = request.clientRequestToken() != null ? request
                : request.toBuilder().clientRequestToken(new UUID(random.get().nextLong(), random.get().nextLong()).toString()).build();
        return call(() -> service.transactWriteItems(tokened));
    }

    private <T> T call(Supplier<T> attempt) {
        Optional<Deadlines> timed = deadlines.filter(clock -> clock.mayTake(micros(CALL_TIMEOUT)));
        long callEnds = timed.map(clock -> clock.now() + micros(CALL_TIMEOUT)).orElse(Long.MAX_VALUE);
        int lastTaken = 0;
        for (int n = 1; ; n++) {
            try {
                T answer = timed.isPresent() ? attempt(timed.get(), callEnds, attempt) : attempt.get();
                tokens = Math.min(TOKEN_BUCKET_SIZE, tokens + Math.max(lastTaken, 1));
                return answer;
            } catch (AwsServiceException | ApiCallAttemptTimeoutException e) {
                boolean throttled = e instanceof AwsServiceException service && service.awsErrorDetails() != null
                        && THROTTLING.contains(service.awsErrorDetails().errorCode());
                boolean retryable = throttled || e instanceof ApiCallAttemptTimeoutException
                        || ((AwsServiceException) e).statusCode() >= 500;
                if (n >= MAX_ATTEMPTS || !retryable || tokens < RETRY_COST) {
                    throw e;
                }
                tokens -= RETRY_COST;
                lastTaken = RETRY_COST;
                retries++;
                Duration backoff = backoff(n, throttled);
                if (timed.isPresent() && timed.get().now() + micros(backoff) >= callEnds) {
                    pause.accept(Duration.ofNanos((callEnds - timed.get().now()) * 1_000));
                    throw ApiCallTimeoutException.create(CALL_TIMEOUT.toMillis());
                }
                pause.accept(backoff);
            }
        }
    }

    /** One attempt within its timeout and what is left of the call's. */
    private static <T> T attempt(Deadlines clock, long callEnds, Supplier<T> attempt) {
        long left = callEnds - clock.now();
        long limit = Math.min(micros(ATTEMPT_TIMEOUT), left);
        Optional<T> answer = limit > 0 ? clock.within(limit, attempt) : Optional.empty();
        if (answer.isPresent()) {
            return answer.get();
        }
        throw limit < micros(ATTEMPT_TIMEOUT) ? ApiCallTimeoutException.create(CALL_TIMEOUT.toMillis())
                : ApiCallAttemptTimeoutException.create(ATTEMPT_TIMEOUT.toMillis());
    }

    private static long micros(Duration duration) {
        return duration.toNanos() / 1_000;
    }

    /** Full jitter: from 0 to min(20 s, base x 2^(n-1)) before attempt n+1. */
    private Duration backoff(int attempt, boolean throttled) {
        long base = (throttled ? THROTTLED_BASE_DELAY : BASE_DELAY).toMillis();
        long ceiling = Math.min(MAX_BACKOFF.toMillis(), base << Math.min(attempt - 1, 20));
        return Duration.ofMillis(random.get().nextLong(ceiling + 1));
    }
}
