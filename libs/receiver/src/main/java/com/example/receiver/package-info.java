/**
 * The idempotent receiver: everything about exactly-once effects over an at-least-once queue
 * that is not about a particular domain.
 *
 * <p>A message is first checked by a {@code MessageAuthenticity} (its
 * producer's signature, when one is required: {@code authenticity}), then parsed by the domain
 * into a {@link com.example.receiver.Command} (an
 * {@link com.example.receiver.IdempotencyKey} taken from the business operation, never from the
 * transport, and a {@link com.example.receiver.Fingerprint} of the fields that define the
 * operation). The {@code BatchReceiver} then asks the
 * {@code FastPath} (a cache, never the truth) and the
 * {@code Store} (the truth, one atomic commit per new operation), and ends
 * every message in exactly one {@link com.example.receiver.Outcome}. A message no delivery can
 * decide (a {@code DeadLetter}) goes to the batch's
 * {@code DeadLetterChannel}, when it has one.
 *
 * <p>This package has no AWS SDK and no Redis client in it; those live in the
 * {@code dynamodb}, {@code redis} and {@code sqs} sub-packages ({@code authenticity} reads its
 * keys through the {@code redis} package's {@link com.example.receiver.lambda.SecretReader}).
 */
package com.example.receiver;
