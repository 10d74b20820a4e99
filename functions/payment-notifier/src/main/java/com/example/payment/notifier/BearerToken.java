package com.example.payment.notifier;

import com.example.lambdakit.secrets.RefreshingSecret;
import java.util.Map;
import java.util.Objects;

/** {@code Authorization: Bearer <token>}, the token being the secret's one key. */
final class BearerToken implements PushApiAuth {

    private final RefreshingSecret<PushCredential> secret;

    BearerToken(RefreshingSecret<PushCredential> secret) {
        this.secret = Objects.requireNonNull(secret, "secret");
    }

    @Override
    public Map<String, String> headers(String id, byte[] body) {
        PushCredential credential = secret.current().orElseThrow(() -> PushAuthRejectedException.unreadable(secret.secretId()));
        return Map.of("Authorization", "Bearer " + credential.first());
    }

    @Override
    public void rejected() {
        secret.refused();
    }

    @Override
    public void restored() {
        secret.refreshAtNextUse();
    }
}
