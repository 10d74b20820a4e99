/**
 * The payment-notifier: an SQS-triggered Lambda (its queue subscribed to the payments-authorized
 * topic) that tells a push-notification API about each approved payment, once. The call cannot
 * join a DynamoDB transaction, so two guards make it idempotent: a Powertools idempotency record
 * per transaction (a redelivered notification replays the stored answer without calling), and
 * the header {@code Idempotency-Key: <transaction_id>} (a retry after a crash between the call
 * and the record is answered by the API from its own store, without a second delivery). Each call
 * proves who sends it ({@link com.example.payment.notifier.PushApiAuth}: a signature or a token from
 * Secrets Manager); a refusal of that credential is retried, never dead-lettered.
 */
package com.example.payment.notifier;
