package com.example.payment.notifier;

import com.example.lambdakit.config.ConfigurationException;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * The notifier's settings, from its environment, validated once.
 *
 * @param pushApiBaseUrl      {@code PUSH_API_BASE_URL}: http(s) base URL of the push API, with a host
 *                            and an optional path, without a query string or fragment (the
 *                            notifier posts to its path followed by {@code /notifications})
 * @param pushApiTimeout      {@code PUSH_API_TIMEOUT_MS} (default 3000): one call, answer included
 * @param recordsTable        {@code NOTIFICATION_IDEMPOTENCY_TABLE}: the Powertools table
 * @param recordTtl           {@code IDEMPOTENCY_TTL_SECONDS} (default 30 days, the template's): how
 *                            long a sent notification is remembered; must exceed
 *                            {@code QUEUE_RETENTION_SECONDS}, the notifications queue's retention
 * @param deadLetterQueueUrl  {@code NOTIFIER_DLQ_URL}: where refused notifications go, with the reason
 * @param pushApiAuth         {@code PUSH_API_AUTH}: {@code bearer}, {@code hmac},
 *                            {@code hmac-and-legacy} or {@code none} (required: no default, so that
 *                            no deploy goes out unauthenticated by omission)
 * @param credentialSecret    {@code PUSH_API_CREDENTIAL_SECRET}: the name or ARN of the secret
 *                            holding the token or signing keys; required unless {@code none},
 *                            ignored with it (empty then)
 */
public record NotifierConfig(URI pushApiBaseUrl, Duration pushApiTimeout, String recordsTable, Duration recordTtl,
                             String deadLetterQueueUrl, AuthMode pushApiAuth, String credentialSecret) {

    /** How the notifier proves itself to the push API ({@link PushApiAuth}). */
    public enum AuthMode {
        /** {@code Authorization: Bearer <token>}. */
        BEARER("bearer"),
        /** Standard Webhooks' signature over the id, the timestamp and the body ({@link WebhookSignature}). */
        HMAC("hmac"),
        /** {@link #HMAC} and the headers of the scheme before it, for a push API moving to the first. */
        HMAC_AND_LEGACY("hmac-and-legacy"),
        /** Nothing: refused in prod by the template. */
        NONE("none");

        private final String value;

        AuthMode(String value) {
            this.value = value;
        }

        /** Its {@code PUSH_API_AUTH} value. */
        public String value() {
            return value;
        }
    }

    public static final String PUSH_API_BASE_URL = "PUSH_API_BASE_URL";
    public static final String PUSH_API_TIMEOUT_MS = "PUSH_API_TIMEOUT_MS";
    public static final String NOTIFICATION_IDEMPOTENCY_TABLE = "NOTIFICATION_IDEMPOTENCY_TABLE";
    public static final String IDEMPOTENCY_TTL_SECONDS = "IDEMPOTENCY_TTL_SECONDS";
    public static final String QUEUE_RETENTION_SECONDS = "QUEUE_RETENTION_SECONDS";
    public static final String NOTIFIER_DLQ_URL = "NOTIFIER_DLQ_URL";
    public static final String PUSH_API_AUTH = "PUSH_API_AUTH";
    public static final String PUSH_API_CREDENTIAL_SECRET = "PUSH_API_CREDENTIAL_SECRET";

    public NotifierConfig {
        Objects.requireNonNull(pushApiBaseUrl, "pushApiBaseUrl");
        Objects.requireNonNull(pushApiTimeout, "pushApiTimeout");
        Objects.requireNonNull(recordsTable, "recordsTable");
        Objects.requireNonNull(recordTtl, "recordTtl");
        Objects.requireNonNull(deadLetterQueueUrl, "deadLetterQueueUrl");
        Objects.requireNonNull(pushApiAuth, "pushApiAuth");
        Objects.requireNonNull(credentialSecret, "credentialSecret");
    }

    /** Reads and validates the settings; names the first bad one. */
    public static NotifierConfig from(Map<String, String> env) {
        URI base = pushApiBaseUrl(required(env, PUSH_API_BASE_URL));
        long timeoutMs = number(env, PUSH_API_TIMEOUT_MS, 3000, 100, 20_000);
        long ttl = number(env, IDEMPOTENCY_TTL_SECONDS, 2_592_000, 60, 31_536_000);
        long retention = number(env, QUEUE_RETENTION_SECONDS, 345_600, 60, 1_209_600);
        if (ttl <= retention) {
            throw new ConfigurationException(IDEMPOTENCY_TTL_SECONDS,
                    "must exceed " + QUEUE_RETENTION_SECONDS + ": a record must outlive any redelivery");
        }
        AuthMode auth = authMode(required(env, PUSH_API_AUTH));
        String secret = auth == AuthMode.NONE ? "" : required(env, PUSH_API_CREDENTIAL_SECRET,
                "is required with " + PUSH_API_AUTH + "=" + auth.value()
                        + ": the secret holding the push API's credential");
        return new NotifierConfig(base, Duration.ofMillis(timeoutMs), required(env, NOTIFICATION_IDEMPOTENCY_TABLE),
                Duration.ofSeconds(ttl), required(env, NOTIFIER_DLQ_URL), auth, secret);
    }

    private static AuthMode authMode(String value) {
        for (AuthMode mode : AuthMode.values()) {
            if (mode.value().equals(value)) {
                return mode;
            }
        }
        throw new ConfigurationException(PUSH_API_AUTH, "must be bearer, hmac, hmac-and-legacy or none");
    }

    private static URI pushApiBaseUrl(String value) {
        URI base;
        try {
            base = new URI(value);
        } catch (URISyntaxException e) {
            throw new ConfigurationException(PUSH_API_BASE_URL, "must be a URL (" + e.getReason() + ")");
        }
        if (!"https".equals(base.getScheme()) && !"http".equals(base.getScheme()) || base.getHost() == null) {
            throw new ConfigurationException(PUSH_API_BASE_URL, "must be an http(s) URL");
        }
        if (base.getRawQuery() != null || base.getRawFragment() != null) {
            throw new ConfigurationException(PUSH_API_BASE_URL,
                    "must have no query string or fragment: the notifier posts to its path followed by /notifications");
        }
        return base;
    }

    private static String required(Map<String, String> env, String name) {
        return required(env, name, "is required");
    }

    private static String required(Map<String, String> env, String name, String rule) {
        String value = env.get(name);
        if (value == null || value.isBlank()) {
            throw new ConfigurationException(name, rule);
        }
        return value.trim();
    }

    private static long number(Map<String, String> env, String name, long fallback, long min, long max) {
        String value = env.get(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            long parsed = Long.parseLong(value.trim());
            if (parsed < min || parsed > max) {
                throw new ConfigurationException(name, "must be " + min + "-" + max);
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new ConfigurationException(name, "must be a whole number");
        }
    }
}
