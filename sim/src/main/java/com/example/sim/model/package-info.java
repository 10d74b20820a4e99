/**
 * Executable reference models of what the receiver relies on, behind the SDK's own client
 * interfaces ({@code DynamoDbClient}, {@code SqsClient}): DynamoDB's conditional writes and
 * transactions, conflicts, TTL, on-demand capacity and 5xx; SQS's visibility, receive counts,
 * redrive policy, redrive, retention and extra copies. Each behaviour cites the AWS page it
 * comes from; the conformance test runs the same traces on them and on the local AWS.
 */
package com.example.sim.model;
