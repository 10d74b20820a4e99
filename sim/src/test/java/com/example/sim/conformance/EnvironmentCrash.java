package com.example.sim.conformance;

import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.ChangeMessageVisibilityBatchRequest;
import software.amazon.awssdk.services.sqs.model.ChangeMessageVisibilityBatchResponse;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequest;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchResponse;

/**
 * A function environment that dies between calls, the same way on both sides: once the
 * {@code after}th call of {@code operation} has been answered (applied, on the local AWS as on the
 * model), the environment is gone before the receiver hears the answer, and it makes no call
 * after (every later DynamoDB or SQS call of it fails with {@link Crashed}, an {@link Error}, which
 * the receiver does not catch as a failure of its own). What the crash leaves is what a Lambda
 * crash leaves: an applied write nobody heard of, and a batch that comes back after its
 * visibility timeout ("Handling errors for an SQS event source in Lambda",
 * https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-errorhandling.html).
 */
final class EnvironmentCrash {

    /** The environment is gone. */
    static final class Crashed extends Error {
        Crashed() {
            super("the function environment crashed", null, false, false);
        }
    }

    private String operation;
    private int after;
    private int seen;
    private boolean crashed;

    /** Arms the crash for the next calls: after the {@code after}th {@code operation}. */
    void arm(String operation, int after) {
        this.operation = operation;
        this.after = after;
        this.seen = 0;
    }

    boolean crashed() {
        return crashed;
    }

    private <T> T call(String name, Supplier<T> call) {
        if (crashed) {
            throw new Crashed();
        }
        T answer;
        try {
            answer = call.get();
        } catch (RuntimeException e) {
            dieIfDue(name);
            throw e;
        }
        dieIfDue(name);
        return answer;
    }

    private void dieIfDue(String name) {
        if (name.equals(operation) && ++seen == after) {
            crashed = true;
            throw new Crashed();
        }
    }

    DynamoDbClient dynamoDb(DynamoDbClient client) {
        return new DynamoDbClient() {
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
                return call("DescribeTimeToLive", () -> client.describeTimeToLive(request));
            }

            @Override
            public GetItemResponse getItem(GetItemRequest request) {
                return call("GetItem", () -> client.getItem(request));
            }

            @Override
            public PutItemResponse putItem(PutItemRequest request) {
                return call("PutItem", () -> client.putItem(request));
            }

            @Override
            public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest request) {
                return call("TransactWriteItems", () -> client.transactWriteItems(request));
            }
        };
    }

    SqsClient sqs(SqsClient client) {
        return new SqsClient() {
            @Override
            public String serviceName() {
                return client.serviceName();
            }

            @Override
            public void close() {
            }

            @Override
            public SendMessageBatchResponse sendMessageBatch(SendMessageBatchRequest request) {
                return call("SendMessageBatch", () -> client.sendMessageBatch(request));
            }

            @Override
            public ChangeMessageVisibilityBatchResponse changeMessageVisibilityBatch(ChangeMessageVisibilityBatchRequest request) {
                return call("ChangeMessageVisibilityBatch", () -> client.changeMessageVisibilityBatch(request));
            }
        };
    }
}
