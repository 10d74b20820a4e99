package com.example.payment.authorizer;

/**
 * Benchmark only, in the handler's package for its package-private constructors: the payment
 * authorizer's SnapStart priming as it was before issue 24, in memory only (one record, no fast
 * path, no read through the network), for the cold-start benchmark to measure the invoke priming
 * interleaved with what it replaced. The production function has no such switch.
 */
public final class AsBeforeIssue24 {

    private AsBeforeIssue24() {
    }

    /** Lambda's handler, its priming in memory only. */
    public static PaymentAuthorizerHandler primedInMemory() {
        return new PaymentAuthorizerHandler(false);
    }
}
