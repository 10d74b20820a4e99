/**
 * The decisions' way downstream, run locally: the idempotency table's stream, the
 * payments-authorized topic, the notifications queue with its DLQ, and the local push API, wired
 * with the local event source mappings to the publisher and notifier functions.
 */
package com.example.localpayments.downstream;
