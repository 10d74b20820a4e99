/**
 * The store on DynamoDB: one {@code TransactWriteItems} per new operation commits the
 * idempotency record (conditional Put, {@code attribute_not_exists(pk) OR expiresAt < :now})
 * together with the domain's writes, or nothing. A failed condition is read from the
 * {@code ALL_OLD} item of the cancellation reasons, never by a read before or after; contention
 * and throttling are waited out with back-off ({@code RetryPolicy}, {@code BackOff}) while the
 * invocation can afford it.
 */
package com.example.receiver.dynamodb;
