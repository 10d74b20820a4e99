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
    /** Set when the body of {@link #send} runs, i.e. when Powertools did not replay a stored answer. */
    private final ThreadLocal<Boolean> called = ThreadLocal.withInitial(() -> false);

    public IdempotentPush(PushApi api) {
        this.api = Objects.requireNonNull(api, "api");
    }

    /** A receipt, and whether it is the stored answer of an earlier push rather than a call now. */
    public record Delivery(PushReceipt receipt, boolean replayed) {
    }

    /**
     * As {@link #send}, telling whether the API was called. The aspect is woven into
     * {@code send}'s execution, so this call through {@code this} goes through it too.
     */
    public Delivery deliver(Notification notification) {
        called.set(false);
        PushReceipt receipt = send(notification);
        return new Delivery(receipt, !called.get());
    }

    /** After a SnapStart restore: see {@link PushApi#restored()}. */
    public void restored() {
        api.restored();
    }

    /** Sends {@code notification} at most once per transaction id; see the class contract. */
    @Idempotent
    public PushReceipt send(Notification notification) {
        called.set(true);
        return api.send(notification);
    }
}
