package com.example.receiver.internal.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.receiver.Outcome;
import com.example.receiver.RetryCause;
import java.net.SocketTimeoutException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * The one reading of a DynamoDB call's error, as the SDK raises it after its own retries
 * ("Error handling with DynamoDB", Amazon DynamoDB Developer Guide,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Programming.Errors.html).
 * The exceptions are built as the SDK builds them from a response's status and error code.
 */
class StoreErrorTest {

    @Test
    void throttlingAndTransactionConflict_arePassing_withTheirCause() {
        assertEquals(new StoreError.Passing(RetryCause.THROTTLING, "ProvisionedThroughputExceededException"),
                StoreError.of(error(400, "ProvisionedThroughputExceededException")));
        assertEquals(new StoreError.Passing(RetryCause.THROTTLING, "RequestLimitExceeded"),
                StoreError.of(error(400, "RequestLimitExceeded")));
        assertEquals(new StoreError.Passing(RetryCause.THROTTLING, "ThrottlingException"),
                StoreError.of(error(400, "ThrottlingException")));
        assertEquals(new StoreError.Passing(RetryCause.CONTENTION, "TransactionConflictException"),
                StoreError.of(error(400, "TransactionConflictException")));
    }

    @Test
    void anotherClientError_isRefused_nothingWritten() {
        assertEquals(new StoreError.Refused(new Outcome.Retry("store refused 400: ValidationException, nothing written")),
                StoreError.of(error(400, "ValidationException")));
        assertEquals(new StoreError.Refused(new Outcome.Retry("store refused 404: ResourceNotFoundException, nothing written")),
                StoreError.of(error(404, "ResourceNotFoundException")));
    }

    @Test
    void serverErrorOrTimeout_isUnknown() {
        assertEquals(new StoreError.Unknown(new Outcome.Retry("store error 500: InternalServerError")),
                StoreError.of(error(500, "InternalServerError")));
        assertEquals(new StoreError.Unknown(new Outcome.Retry("store unreachable or timed out: SdkClientException")),
                StoreError.of(SdkClientException.create("connect", new SocketTimeoutException())));
        assertEquals(new StoreError.Unknown(new Outcome.Retry("store unreachable or timed out: ApiCallTimeoutException")),
                StoreError.of(ApiCallTimeoutException.create(1_000)));
    }

    private static AwsServiceException error(int status, String code) {
        return DynamoDbException.builder().statusCode(status)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode(code).build()).build();
    }
}
