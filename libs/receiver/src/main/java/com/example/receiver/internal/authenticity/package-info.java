/**
 * Producers' signatures on their messages, checked before a message is parsed: HMAC-SHA256 with a
 * key of the producer's, over the signing time and the body, as payment providers sign their
 * webhooks (a timestamp, a window, key ids for rotation). {@link
 * com.example.receiver.internal.authenticity.ProducerSignatures} is the receiver's
 * {@link com.example.receiver.internal.MessageAuthenticity}; the producers' keys are read from one secret
 * per producer once per environment, and again at most once a minute while they cannot be read,
 * during which no message is decided nor rejected.
 */
package com.example.receiver.internal.authenticity;
