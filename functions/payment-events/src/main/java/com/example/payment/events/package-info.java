/**
 * The payment-events publisher: a DynamoDB Streams-triggered Lambda on the idempotency table
 * (the table is the outbox, the payment transaction writes nothing more) that publishes every
 * new decision to the {@code payments-authorized} SNS topic, at least once, carrying the
 * transaction id so that subscribers deduplicate.
 */
package com.example.payment.events;
