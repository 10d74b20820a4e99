package com.example.receiver.lambda;

/**
 * The receiver's own windows, which a deployer plans the queue's and the records' windows with
 * (the library guide's "Settings and their windows"): how soon a message that failed for a passing
 * reason comes back, and how far a producer's clock may run ahead. Each is the library's, so that a
 * template's checks compute with the receiver's figures rather than spelling them again.
 */
public final class ReceiverWindows {

    /**
     * The lower bound, in seconds, of soon redelivery's delay at a first receive, unless
     * {@link ReceiverBuilder#soonRedeliveryWithin} says otherwise. A throttled message's window
     * doubles with each receive before this one.
     */
    public static final long SOON_REDELIVERY_MIN_SECONDS = 1;
    /** The upper bound, in seconds, of soon redelivery's delay at a first receive, unless {@link ReceiverBuilder#soonRedeliveryWithin} says otherwise. */
    public static final long SOON_REDELIVERY_MAX_SECONDS = 5;
    /**
     * The longest, in seconds, soon redelivery keeps a throttled message away however often it was
     * received (unless the upper bound is longer): SQS's longest message delay, 15 minutes.
     */
    public static final long SOON_REDELIVERY_LONGEST_SECONDS = 900;
    /**
     * How far, in seconds, a producer's clock may run ahead of SQS's: a signature may be this much
     * younger than its message. A record must outlive the signature window, two queue retentions
     * and the dead-letter queue's retention plus this.
     */
    public static final long PRODUCER_CLOCK_SKEW_SECONDS = 60;

    private ReceiverWindows() {
    }
}
