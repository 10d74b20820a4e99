package com.example.sim.models;

import com.example.sim.faults.FaultSchedule;

/**
 * Whether Lambda runs an invocation the event source mapping asks for, or throttles it: the
 * function's reserved concurrency, if it has one, caps its environments running at once, and the
 * account's concurrency can be taken by other functions (a fault window). "Event source mappings
 * don't account for reserved concurrency and can process more messages off your queue than can
 * be sent to your function" ("How do I optimize concurrency for my Lambda function that uses an
 * Amazon SQS queue as an event source?", AWS re:Post Knowledge Center,
 * https://repost.aws/knowledge-center/lambda-sqs-scaling). A throttled batch is retried by the
 * mapping with back-off "until the message's timestamp exceeds your queue's visibility timeout, at
 * which point Lambda drops the message" ("Handling errors for an SQS event source in Lambda",
 * https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-errorhandling.html): it comes back
 * after its visibility timeout, a receive spent. The back-off (1 s, doubled, at most 30 s) is
 * the model's; AWS does not document it.
 */
public final class FunctionConcurrency {

    private static final long FIRST_RETRY_MICROS = 1_000_000;
    private static final long LONGEST_RETRY_MICROS = 30_000_000;

    private final int reserved;
    private final FaultSchedule faults;
    private long throttles;

    /**
     * @param reserved the function's reserved concurrency, 0 for none (the template sets none)
     * @param faults   the windows in which the account's concurrency is taken by other functions
     */
    public FunctionConcurrency(int reserved, FaultSchedule faults) {
        this.reserved = reserved;
        this.faults = faults;
    }

    /** Whether an invocation asked for at {@code now}, with {@code running} already running, is throttled (and counts it). */
    boolean throttles(int running, long now) {
        boolean throttled = (reserved > 0 && running >= reserved) || faults.in(FaultSchedule.Kind.LAMBDA_THROTTLING, now);
        throttles += throttled ? 1 : 0;
        return throttled;
    }

    /** The mapping's pause before trying a throttled batch for the {@code n}th time again (n from 1). */
    static long retryAfter(int n) {
        return Math.min(LONGEST_RETRY_MICROS, FIRST_RETRY_MICROS << Math.min(n - 1, 20));
    }

    /** Invocations throttled so far. */
    long throttles() {
        return throttles;
    }
}
