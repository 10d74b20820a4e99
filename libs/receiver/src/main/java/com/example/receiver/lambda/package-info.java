/**
 * The entry point of the library: {@link com.example.receiver.lambda.IdempotentReceiver} puts the
 * receiver in front of an SQS-triggered Lambda function's writes. Its builder takes the two parts a
 * domain writes (a {@link com.example.receiver.MessageParser} and a
 * {@link com.example.receiver.dynamodb.TransactionalEffect}, with the effect's optional group merge)
 * and wires the rest from the function's environment with safe defaults: the DynamoDB store, the
 * Redis fast path when one is configured, the producers' signature check when required, soon
 * redelivery, the dead-letter queue, and JSON log and EMF telemetry. A handler calls
 * {@link com.example.receiver.lambda.IdempotentReceiver#handle} and returns its answer.
 */
package com.example.receiver.lambda;
