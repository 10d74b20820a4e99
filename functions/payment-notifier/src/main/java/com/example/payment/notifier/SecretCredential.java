package com.example.payment.notifier;

import com.example.lambdakit.secrets.RefreshingSecret;
import java.util.Objects;

/**
 * A {@link PushApiAuth} whose credential is the push API credential's secret: read again before
 * long when the push API refuses it, and at the next request after a SnapStart restore.
 */
abstract sealed class SecretCredential implements PushApiAuth permits BearerToken, WebhookSignature {

    private final RefreshingSecret<PushCredential> secret;

    SecretCredential(RefreshingSecret<PushCredential> secret) {
        this.secret = Objects.requireNonNull(secret, "secret");
    }

    /**
     * The credential as last read.
     *
     * @throws PushAuthRejectedException when there is none (its secret unreadable)
     */
    final PushCredential credential() {
        return secret.current().orElseThrow(() -> PushAuthRejectedException.unreadable(secret.secretId()));
    }

    @Override
    public final void rejected() {
        secret.refused();
    }

    @Override
    public final void restored() {
        secret.refreshAtNextUse();
    }
}
