package com.example.payment.notifier;

import java.util.Objects;
import software.amazon.lambda.powertools.idempotency.Idempotent;

/**
 * The push call under Powertools idempotency: the first call for a transaction id writes an
 * in-progress record, calls the API and stores its final answer; a later call with the same
 * transaction id returns the stored answer without calling (or fails while the first is still in
 * progress, or with a different amount, account or currency). An exception (no final answer)
 * deletes the record, so that a retry calls again, with the same {@code Idempotency-Key}.
 *
 * <p>Configured once per environment by {@link PaymentNotifier#configureIdempotency}.
 */
public class IdempotentPush {

    private final PushApi api;

    public IdempotentPush(PushApi api) {
        this.api = Objects.requireNonNull(api, "api");
    }

    /** Sends {@code notification} at most once per transaction id; see the class contract. */
    @Idempotent
    public PushReceipt send(Notification notification) {
        return api.send(notification);
    }
}
