/**
 * The store on DynamoDB: one {@code TransactWriteItems} per new operation commits the
 * idempotency record (conditional Put, {@code attribute_not_exists(pk) OR expiresAt < :now})
 * together with the domain's writes, or nothing. A failed condition is read from the
 * {@code ALL_OLD} item of the cancellation reasons, never by a read before or after; contention
 * and throttling are waited out with back-off ({@code RetryPolicy}, {@code BackOff}) while the
 * invocation can afford it. {@code DynamoDbStore} holds the rules; small package-private pieces
 * hold one job each: {@code CancellationReasons} reads a cancellation, {@code StoreError}
 * classifies every call's errors, {@code Attempts} paces the tries, {@code GroupChunks} cuts a
 * group to DynamoDB's limits.
 */
package com.example.receiver.internal.dynamodb;
