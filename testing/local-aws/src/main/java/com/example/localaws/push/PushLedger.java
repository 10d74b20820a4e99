package com.example.localaws.push;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The push API's memory, as an idempotent API keeps it: every request received, the answer stored
 * under each key that delivered, the keys still being answered, and the faults waiting for the
 * next requests with a key. {@link #decide} is the API's rule for one admitted request: no key,
 * 400; a key already answered, that answer again; a key still being answered, 409; else the next
 * fault, or a delivery. Thread-safe: the HTTP server answers requests in parallel.
 */
final class PushLedger {

    /** One answer: its status and JSON body. */
    record Response(int status, String body) {
    }

    /** A fault for one request with a key. */
    sealed interface Fault permits Fail, Delay {
    }

    /** Answer {@code status} without delivering (nothing stored). */
    record Fail(int status) implements Fault {
    }

    /** Deliver, then hold the answer for {@code delay}. */
    record Delay(Duration delay) implements Fault {
    }

    /**
     * What the ledger decided for one admitted request.
     *
     * @param response  the answer
     * @param fault     the fault it used, or null
     * @param delivered whether it delivers the notification (then {@link #answered} once answered)
     * @param replayed  whether the answer is the key's stored one
     */
    record Decision(Response response, Fault fault, boolean delivered, boolean replayed) {

        /** What the request did, for the request log. */
        String what() {
            return delivered ? "delivered" : replayed ? "replayed the first answer"
                    : fault instanceof Fail ? "injected failure (make push-api-fault)" : "not delivered";
        }
    }

    private final Object lock = new Object();
    private final List<PushRequest> requests = new ArrayList<>();
    private final Map<String, Response> answered = new HashMap<>();
    private final Map<String, Boolean> inFlight = new HashMap<>();
    private final List<Fault> faults = new ArrayList<>();

    /** Notes a request that was not admitted: it delivers nothing and stores nothing. */
    void refused(String key, String body, int status) {
        synchronized (lock) {
            requests.add(new PushRequest(key, body, status, false));
        }
    }

    /** The answer to an admitted request with {@code key} (empty: none), noted with the request. */
    Decision decide(String key, String body) {
        synchronized (lock) {
            Response response;
            Fault fault = null;
            boolean delivered = false;
            boolean replayed = false;
            if (key.isEmpty()) {
                response = new Response(400, "{\"error\":\"Idempotency-Key header required\"}");
            } else if (answered.containsKey(key)) {
                response = answered.get(key);
                replayed = true;
            } else if (inFlight.containsKey(key)) {
                response = new Response(409, "{\"error\":\"a request with this Idempotency-Key is in progress\"}");
            } else {
                fault = faults.isEmpty() ? null : faults.remove(0);
                if (fault instanceof Fail fail) {
                    response = new Response(fail.status(), "{\"error\":\"injected failure\"}");
                } else {
                    long number = requests.stream().filter(PushRequest::delivered).count() + 1;
                    response = new Response(201, "{\"notification_id\":\"ntf-" + number + "\"}");
                    delivered = true;
                    inFlight.put(key, true);
                }
            }
            requests.add(new PushRequest(key, body, response.status(), delivered));
            return new Decision(response, fault, delivered, replayed);
        }
    }

    /** The delivery of {@code key} answered: later requests with it get {@code response} again. */
    void answered(String key, Response response) {
        synchronized (lock) {
            inFlight.remove(key);
            answered.put(key, response);
        }
    }

    void addFaults(int count, Fault fault) {
        synchronized (lock) {
            for (int i = 0; i < count; i++) {
                faults.add(fault);
            }
        }
    }

    void clearFaults() {
        synchronized (lock) {
            faults.clear();
        }
    }

    int pendingFaults() {
        synchronized (lock) {
            return faults.size();
        }
    }

    /** Every request received, in arrival order. */
    List<PushRequest> requests() {
        synchronized (lock) {
            return List.copyOf(requests);
        }
    }
}
