/**
 * Executable reference models of what the receiver relies on, behind the SDK's own client
 * interfaces ({@code DynamoDbClient}, {@code SqsClient}): DynamoDB's conditional writes and
 * transactions, their limits, conflicts, client request tokens, TTL, on-demand capacity on
 * partitions shared by hash, and 5xx, its stream, and the SDK's retries and timeouts in front of it;
 * SQS's visibility, receive counts, redrive policy, redrive, retention (a FIFO dead letter's from
 * its move) and extra copies; SNS; the cache. And Lambda's:
 * its SQS event source mapping ({@code LambdaService}, {@code EventSourceScaling},
 * {@code FunctionConcurrency}) on the function's alias and its weights ({@code Alias}), its execution environments ({@code Environment},
 * the invocation's {@code LambdaContext}) and the stream's event source ({@code StreamEventSource}). Each
 * behaviour cites the AWS page it comes from; the conformance test runs the same traces on them
 * and on the local AWS. Where AWS's pages are vague the models take the harsher reading; the
 * kindnesses they once had are switches only a test turns on ({@code Softness}).
 */
package com.example.sim.models;
