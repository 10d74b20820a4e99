package com.example.sim.compat;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.random.RandomGenerator;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * What the simulation gives a version of the authorizer as its environment's init builds it, in
 * types no version owns (the JDK's and the AWS SDK's), so that the working tree and a release are
 * wired from one value: the function's environment variables, the clients (the models), the
 * secrets, and the runtime's clock, monotonic clock, sleeper, random source and lanes' executor.
 *
 * @param environment the function's environment variables
 * @param dynamoDb    the DynamoDB client (the model behind the SDK's retries)
 * @param sqs         the SQS client, built on first use
 * @param secrets     a secret's value by its id
 * @param clock       the time of decisions
 * @param monotonic   nanoseconds that never go back
 * @param sleeper     the receiver's pauses
 * @param random      the jitter of retries and of soon redelivery
 * @param lanes       the lanes' executor, given the most lanes at once
 * @param out         where the receiver's lines go
 */
public record Seams(Map<String, String> environment, DynamoDbClient dynamoDb, Supplier<SqsClient> sqs,
                    UnaryOperator<String> secrets, Clock clock, LongSupplier monotonic, Consumer<Duration> sleeper,
                    RandomGenerator random, IntFunction<ExecutorService> lanes, PrintStream out) {
}
