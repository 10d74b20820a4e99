package com.example.sim.conformance;

import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * A function environment's DynamoDB client as the receiver sees it, each write call logged with
 * its answer (OK, the error code, a cancellation's reasons) and how many attempts the SDK made for
 * it: on the local AWS the real SDK's (counted by an interceptor), on the models
 * {@link com.example.sim.models.SdkRetries}'. Both sides log the same way, so that their call
 * sequences compare.
 */
final class CallLog implements DynamoDbClient {

    private final DynamoDbClient client;
    private final LongSupplier attempts;
    private final List<String> log;

    /**
     * @param client   the environment's client (the SDK's retries included)
     * @param attempts write attempts that reached the service so far
     * @param log      where each call's line goes
     */
    CallLog(DynamoDbClient client, LongSupplier attempts, List<String> log) {
        this.client = client;
        this.attempts = attempts;
        this.log = log;
    }

    @Override
    public String serviceName() {
        return client.serviceName();
    }

    @Override
    public void close() {
        client.close();
    }

    @Override
    public DescribeTimeToLiveResponse describeTimeToLive(DescribeTimeToLiveRequest request) {
        return client.describeTimeToLive(request);
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        return client.getItem(request);
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        return logged("PutItem", () -> client.putItem(request));
    }

    @Override
    public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
        return logged("TransactWriteItems", () -> client.transactWriteItems(request));
    }

    private <T> T logged(String operation, Supplier<T> call) {
        long before = attempts.getAsLong();
        try {
            T answer = call.get();
            log.add(operation + " OK x" + (attempts.getAsLong() - before));
            return answer;
        } catch (AwsServiceException e) {
            String answer = e instanceof TransactionCanceledException cancelled
                    ? "cancelled " + cancelled.cancellationReasons().stream().map(CancellationReason::code).toList()
                    : e.awsErrorDetails().errorCode();
            log.add(operation + " " + answer + " x" + (attempts.getAsLong() - before));
            throw e;
        }
    }
}
