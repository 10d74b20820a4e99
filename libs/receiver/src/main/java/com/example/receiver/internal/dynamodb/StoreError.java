package com.example.receiver.internal.dynamodb;

import com.example.receiver.Outcome;
import com.example.receiver.RetryCause;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * What an error of one DynamoDB call (after the SDK's own retries) means for the message: the one
 * classifier every call of {@link DynamoDbStore} reads, a transaction's and a single write's alike.
 *
 * <ul>
 *   <li>Throttling ({@code ProvisionedThroughputExceededException}, {@code ThrottlingException},
 *       {@code RequestLimitExceeded}, or whatever the SDK's own test calls throttling) and
 *       {@code TransactionConflictException} (a transaction held the item) are {@link Passing}:
 *       waited out per the {@link RetryPolicy} ("Error handling with DynamoDB", Amazon DynamoDB
 *       Developer Guide, https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Programming.Errors.html).</li>
 *   <li>Any other 4xx is {@link Refused}: DynamoDB refused the call for what it asked, before it
 *       ran; nothing was written.</li>
 *   <li>A 5xx, a timeout, an unreachable endpoint is {@link Unknown}: the call may have been
 *       written; a redelivery finds the record if it was.</li>
 * </ul>
 */
sealed interface StoreError {

    /** A passing refusal: tried again after a pause, within the invocation's budget. */
    record Passing(RetryCause cause, String code) implements StoreError {
    }

    /** Refused before it ran (a 4xx other than a passing one): nothing written. */
    record Refused(Outcome.Retry retry) implements StoreError {
    }

    /** Not known to be written or not (a 5xx, a timeout). */
    record Unknown(Outcome.Retry retry) implements StoreError {
    }

    /** The error codes of a single call DynamoDB throttled, beside the SDK's own throttling test. */
    Set<String> THROTTLING_ERRORS = Set.of("ProvisionedThroughputExceededException", "ThrottlingException",
            "RequestLimitExceeded");
    /** A single-item write on an item a transaction holds. */
    String TRANSACTION_CONFLICT_ERROR = "TransactionConflictException";

    /** What {@code e} means; see the interface comment. */
    static StoreError of(SdkException e) {
        if (!(e instanceof AwsServiceException service)) {
            return new Unknown(new Outcome.Retry(e instanceof SdkClientException
                    ? "store unreachable or timed out: " + e.getClass().getSimpleName()
                    : "store failed: " + e.getClass().getSimpleName()));
        }
        String code = errorCode(service);
        Optional<RetryCause> passing = service.isThrottlingException() || THROTTLING_ERRORS.contains(code)
                ? Optional.of(RetryCause.THROTTLING)
                : Optional.of(RetryCause.CONTENTION).filter(contention -> TRANSACTION_CONFLICT_ERROR.equals(code));
        if (passing.isPresent()) {
            return new Passing(passing.get(), code);
        }
        return service.statusCode() / 100 == 4
                ? new Refused(new Outcome.Retry("store refused " + service.statusCode() + ": " + code + ", nothing written"))
                : new Unknown(new Outcome.Retry("store error " + service.statusCode() + ": " + code));
    }

    private static String errorCode(AwsServiceException e) {
        return e.awsErrorDetails() == null || e.awsErrorDetails().errorCode() == null
                ? "unknown" : e.awsErrorDetails().errorCode();
    }
}
