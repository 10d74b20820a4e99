/**
 * What a domain writes: its {@link com.example.receiver.dynamodb.TransactionalEffect} (the
 * conditional writes of one operation, committed in the same {@code TransactWriteItems} as its
 * idempotency record, and optionally their group merge for a hot lane) and the
 * {@link com.example.receiver.dynamodb.EffectVerdict} that explains a failed condition (a decline,
 * or a permanent guard that says the operation was already applied), and
 * {@link com.example.receiver.dynamodb.ItemSize}, an item's size as DynamoDB counts it. For tables
 * that refuse transactions, a {@link com.example.receiver.dynamodb.SingleWriteEffect}: the
 * {@link com.example.receiver.dynamodb.ItemDecision} made from the one item
 * ({@link com.example.receiver.dynamodb.ItemKey}) its decision is written on, and the puts that
 * follow from it; the attributes the library adds to that item
 * ({@link com.example.receiver.dynamodb.SingleWriteAttributes}).
 */
package com.example.receiver.dynamodb;
