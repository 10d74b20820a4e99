package com.example.localaws.proxy;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * Which requests' responses a loopback proxy swallows: those whose text matches, one in
 * every {@code oneIn} of them, until the budget is used up; and the count of what it swallowed,
 * refusals (an HTTP status other than 2xx) apart. Shared by every connection of the proxy.
 */
final class ResponseDrops {

    private final AtomicInteger budget = new AtomicInteger();
    private final AtomicInteger matched = new AtomicInteger();
    private final AtomicInteger dropped = new AtomicInteger();
    private final AtomicInteger droppedRefusals = new AtomicInteger();
    private volatile int oneIn = 1;
    private volatile Predicate<String> match = request -> false;

    /** Drops the responses of {@code count} requests, one in {@code oneIn} of those matching; replaces a budget not yet used up. */
    void set(int count, int oneIn, Predicate<String> request) {
        if (oneIn < 1) {
            throw new IllegalArgumentException("oneIn must be at least 1: " + oneIn);
        }
        this.match = Objects.requireNonNull(request, "request");
        this.oneIn = oneIn;
        matched.set(0);
        budget.set(count);
    }

    /** Whether a request's text so far matches. */
    boolean matches(String request) {
        return match.test(request);
    }

    /**
     * Whether this matching request's response is to be dropped: its turn (one in {@code oneIn})
     * and budget left; counted as dropped if so.
     */
    boolean take() {
        if (matched.incrementAndGet() % oneIn != 0) {
            return false;
        }
        int left;
        do {
            left = budget.get();
            if (left <= 0) {
                return false;
            }
        } while (!budget.compareAndSet(left, left - 1));
        dropped.incrementAndGet();
        return true;
    }

    /** Notes the start of a dropped answer: a refusal when it is an HTTP status line other than 2xx. */
    void answerStarts(byte[] answer, int n) {
        String head = new String(answer, 0, Math.min(n, 12), StandardCharsets.ISO_8859_1);
        if (head.startsWith("HTTP/") && head.length() == 12 && head.charAt(9) != '2') {
            droppedRefusals.incrementAndGet();
        }
    }

    int dropped() {
        return dropped.get();
    }

    int droppedRefusals() {
        return droppedRefusals.get();
    }
}
