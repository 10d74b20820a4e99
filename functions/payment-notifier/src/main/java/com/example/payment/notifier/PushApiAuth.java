package com.example.payment.notifier;

import java.util.Map;

/**
 * How the notifier proves itself to the push API ({@code PUSH_API_AUTH}): a bearer token
 * ({@link BearerToken}), a Standard Webhooks signature over each request's id, timestamp and body
 * ({@link WebhookSignature}), or nothing ({@link None}: a push API that authenticates its callers
 * otherwise, never in production). The credential is read from a Secrets Manager secret once per
 * environment and kept; a refusal of it (401 or 403) has it read again, at most once a minute, so
 * that a rotated credential reaches the notifier without a deploy. No credential is ever logged.
 */
public sealed interface PushApiAuth permits PushApiAuth.None, SecretCredential {

    /**
     * The headers that prove who sends {@code body}, the exact bytes of the request's body.
     *
     * @param id   the request's id, the same on every retry of one notification (the transaction id)
     * @param body the request's body, as sent
     * @throws PushAuthRejectedException when there is no credential to send (its secret unreadable)
     */
    Map<String, String> headers(String id, byte[] body);

    /** The push API refused the credential (401 or 403): read it again before long. */
    void rejected();

    /** After a SnapStart restore: read the credential at the next request, as it may have changed since the snapshot. */
    void restored();

    /** No credential: the push API admits the notifier by other means (refused in prod by the template's Rule). */
    record None() implements PushApiAuth {

        @Override
        public Map<String, String> headers(String id, byte[] body) {
            return Map.of();
        }

        @Override
        public void rejected() {
            // nothing to read again
        }

        @Override
        public void restored() {
            // nothing was read
        }
    }
}
