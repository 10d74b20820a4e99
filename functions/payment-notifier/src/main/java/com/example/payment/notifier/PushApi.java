package com.example.payment.notifier;

/**
 * The push-notification API. {@link #send} makes one call carrying
 * {@code Idempotency-Key: <transaction id>}, so that the API delivers a notification once however
 * often it is sent.
 */
public interface PushApi {

    /**
     * Sends {@code notification}.
     *
     * @return the API's final answer (2xx, or a 4xx other than 409 and 429)
     * @throws PushUnavailableException when there is no final answer
     */
    PushReceipt send(Notification notification);
}
