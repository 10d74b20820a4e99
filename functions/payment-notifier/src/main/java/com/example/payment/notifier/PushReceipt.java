package com.example.payment.notifier;

/**
 * The push API's delivery of one notification, as the Powertools record stores it and replays it
 * to a redelivery. Since a refusal is thrown ({@link PushRefusedException}) and never stored, only
 * a record written by an earlier version of the notifier can hold a 4xx.
 *
 * @param status the HTTP status: 2xx delivered; 4xx only in a record of an earlier version
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
