package com.example.payment.notifier;

import com.example.lambdakit.secrets.RefreshingSecret;
import java.util.Map;

/** {@code Authorization: Bearer <token>}, the token being the secret's one key. */
final class BearerToken extends SecretCredential {

    BearerToken(RefreshingSecret<PushCredential> secret) {
        super(secret);
    }

    @Override
    public Map<String, String> headers(String id, byte[] body) {
        return Map.of("Authorization", "Bearer " + credential().first());
    }
}
