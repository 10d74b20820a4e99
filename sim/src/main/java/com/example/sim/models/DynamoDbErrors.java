package com.example.sim.models;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/** The errors DynamoDB answers with, built as the SDK reads them off the wire: status, error code, message. */
final class DynamoDbErrors {

    private DynamoDbErrors() {
    }

    static CancellationReason reason(String code, Map<String, AttributeValue> item) {
        CancellationReason.Builder reason = CancellationReason.builder().code(code);
        if (item != null) {
            reason.item(item);
        }
        return reason.build();
    }

    static TransactionCanceledException cancelled(List<CancellationReason> reasons) {
        String message = "Transaction cancelled, please refer cancellation reasons for specific reasons "
                + reasons.stream().map(CancellationReason::code).toList();
        return TransactionCanceledException.builder().message(message).statusCode(400)
                .awsErrorDetails(details("TransactionCanceledException", message))
                .cancellationReasons(reasons).build();
    }

    /** An on-demand table's request-level throttling ("TransactWriteItems", Errors, ThrottlingException). */
    static DynamoDbException requestThrottled() {
        return error(400, "ThrottlingException", "Throughput exceeds the current capacity of your table or index.");
    }

    static DynamoDbException serverError() {
        return error(500, "InternalServerError", "Internal server error");
    }

    static DynamoDbException error(int status, String code, String message) {
        return (DynamoDbException) DynamoDbException.builder().message(message).statusCode(status)
                .awsErrorDetails(details(code, message)).build();
    }

    static AwsErrorDetails details(String code, String message) {
        return AwsErrorDetails.builder().errorCode(code).errorMessage(message).serviceName("DynamoDb").build();
    }
}
