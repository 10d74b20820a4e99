package com.example.sim.models;

import java.time.Duration;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Supplier;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
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
 *       idempotency token), so that DynamoDB can tell a retry from a new transaction.</li>
 * </ul>
 * What is not modelled: the 2 s per attempt and 5 s per call timeouts (the simulation's slow calls
 * run to their end), and the retries of reads (the receiver's reads are not in the fault schedule).
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

    private final DynamoDbClient service;
    private final Supplier<SplittableRandom> random;
    private final Consumer<Duration> pause;
    private int tokens = TOKEN_BUCKET_SIZE;
    private long retries;

    /**
     * @param service the DynamoDB the calls go to (the model)
     * @param random  the run's randomness: tokens and jitter
     * @param pause   how the client sleeps between attempts (the scheduler's virtual sleep)
     */
    public SdkRetries(DynamoDbClient service, Supplier<SplittableRandom> random, Consumer<Duration> pause) {
        this.service = service;
        this.random = random;
        this.pause = pause;
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
        int lastTaken = 0;
        for (int n = 1; ; n++) {
            try {
                T answer = attempt.get();
                tokens = Math.min(TOKEN_BUCKET_SIZE, tokens + Math.max(lastTaken, 1));
                return answer;
            } catch (AwsServiceException e) {
                boolean throttled = e.awsErrorDetails() != null && THROTTLING.contains(e.awsErrorDetails().errorCode());
                if (n >= MAX_ATTEMPTS || !(throttled || e.statusCode() >= 500) || tokens < RETRY_COST) {
                    throw e;
                }
                tokens -= RETRY_COST;
                lastTaken = RETRY_COST;
                retries++;
                pause.accept(backoff(n, throttled));
            }
        }
    }

    /** Full jitter: from 0 to min(20 s, base x 2^(n-1)) before attempt n+1. */
    private Duration backoff(int attempt, boolean throttled) {
        long base = (throttled ? THROTTLED_BASE_DELAY : BASE_DELAY).toMillis();
        long ceiling = Math.min(MAX_BACKOFF.toMillis(), base << Math.min(attempt - 1, 20));
        return Duration.ofMillis(random.get().nextLong(ceiling + 1));
    }
}
