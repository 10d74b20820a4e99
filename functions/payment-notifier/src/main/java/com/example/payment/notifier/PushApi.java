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
     * @return the API's delivery (a 2xx)
     * @throws PushRefusedException when the API refused the notification (a 4xx other than 401,
     *                              403, 409 and 429): never stored, so a person may send it again
     * @throws PushUnavailableException when there is no final answer
     * @throws PushAuthRejectedException when the API did not admit the notifier (401, 403) or
     *                                   there was no credential to send
     */
    PushReceipt send(Notification notification);

    /** After a SnapStart restore: what was read at init (a credential) is read again at the next call. */
    default void restored() {
        // nothing read at init
    }
}
