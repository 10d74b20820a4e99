/**
 * Executable reference models of what the receiver relies on, behind the SDK's own client
 * interfaces ({@code DynamoDbClient}, {@code SqsClient}): DynamoDB's conditional writes and
 * transactions, conflicts, TTL, on-demand capacity and 5xx, its stream; SQS's visibility, receive
 * counts, redrive policy, redrive, retention and extra copies; SNS; the cache. And Lambda's:
 * its SQS event source mapping ({@code LambdaService}, {@code EventSourceScaling},
 * {@code FunctionConcurrency}), its execution environments ({@code Environment},
 * the invocation's {@code LambdaContext}) and the stream's event source ({@code StreamEventSource}). Each
 * behaviour cites the AWS page it comes from; the conformance test runs the same traces on them
 * and on the local AWS.
 */
package com.example.sim.models;
