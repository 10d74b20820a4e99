package com.example.payment.notifier;

/**
 * The push API's final answer for one notification, as the Powertools record stores it and
 * replays it to a redelivery.
 *
 * @param status the HTTP status: 2xx delivered, 4xx refused for good
 * @param body   the API's answer (its notification id, or why it refused)
 */
public record PushReceipt(int status, String body) {

    public PushReceipt {
        if (status < 200 || status >= 500) {
            throw new IllegalArgumentException("a receipt is a final answer (2xx-4xx), not " + status);
        }
        body = body == null ? "" : body;
    }

    /** Whether the API accepted the notification. */
    public boolean accepted() {
        return status / 100 == 2;
    }
}
