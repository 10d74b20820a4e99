package com.example.localaws.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The local push API honours Idempotency-Key like a Stripe-style API, and fails on request. */
class LocalPushApiTest {

    private final LocalPushApi api = LocalPushApi.start();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    @AfterEach
    void stop() {
        api.close();
    }

    private HttpResponse<String> post(String key, Duration timeout) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(api.baseUrl().resolve(LocalPushApi.PATH))
                .timeout(timeout).POST(HttpRequest.BodyPublishers.ofString("{\"n\":1}"));
        if (key != null) {
            request.header("Idempotency-Key", key);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void repeatedKey_getsTheFirstAnswer_andDeliversOnce() throws Exception {
        HttpResponse<String> first = post("K-1", Duration.ofSeconds(5));
        HttpResponse<String> again = post("K-1", Duration.ofSeconds(5));
        HttpResponse<String> other = post("K-2", Duration.ofSeconds(5));
        assertEquals(201, first.statusCode());
        assertEquals(first.body(), again.body());
        assertEquals("true", again.headers().firstValue("Idempotent-Replayed").orElse(""));
        assertEquals(201, other.statusCode());
        assertEquals(2, api.delivered());
        assertEquals(3, api.requestsReceived());
        assertEquals(List.of("K-1", "K-1", "K-2"), api.keysReceived());
    }

    @Test
    void injectedFailure_deliversNothing_andTheRetryDelivers() throws Exception {
        api.failNext(2, 503);
        assertEquals(503, post("K-1", Duration.ofSeconds(5)).statusCode());
        assertEquals(503, post("K-1", Duration.ofSeconds(5)).statusCode());
        assertEquals(201, post("K-1", Duration.ofSeconds(5)).statusCode());
        assertEquals(1, api.delivered());
    }

    @Test
    void slowAnswer_deliversBeforeTheClientTimesOut_andTheRetryIsAReplay() throws Exception {
        // The answer is held 3 s: the 409 below must come while it is held, which a loaded machine
        // (a few hundred milliseconds between two requests) left too close at 800 ms.
        api.delayNext(1, Duration.ofSeconds(3));
        assertThrows(HttpTimeoutException.class, () -> post("K-1", Duration.ofMillis(200)));
        // while the first request is still being answered, the same key is refused with 409
        assertEquals(409, post("K-1", Duration.ofSeconds(5)).statusCode());
        Thread.sleep(3_500);
        HttpResponse<String> retry = post("K-1", Duration.ofSeconds(5));
        assertEquals(201, retry.statusCode());
        assertEquals("true", retry.headers().firstValue("Idempotent-Replayed").orElse(""));
        assertEquals(1, api.delivered());
    }

    @Test
    void faultsSetThroughTheKnob_failTheNextNotifications_untilDropped_andABadCountIsNamed() throws Exception {
        // GIVEN two failures set from outside (make push-api-fault COUNT=2 STATUS=503)
        HttpResponse<String> set = knob("POST", "?count=2&status=503");
        assertEquals(200, set.statusCode());
        assertEquals("{\"pending\":2}", set.body());
        // WHEN a notification is sent THEN it fails, undelivered; and once the rest are dropped, the next delivers
        assertEquals(503, post("K-1", Duration.ofSeconds(5)).statusCode());
        assertEquals("{\"pending\":0}", knob("DELETE", "").body());
        assertEquals(201, post("K-1", Duration.ofSeconds(5)).statusCode());
        assertEquals(1, api.delivered());
        // AND a count that is not one is refused, naming the parameter and its rule
        HttpResponse<String> bad = knob("POST", "?count=lots&status=503");
        assertEquals(400, bad.statusCode());
        assertEquals("{\"error\":\"count must be a whole number from 1 to 100000\"}", bad.body());
        assertEquals(400, knob("POST", "?count=1&status=200").statusCode());
    }

    private HttpResponse<String> knob(String method, String query) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(api.baseUrl().resolve(FaultKnob.PATH + query)).timeout(Duration.ofSeconds(5))
                .method(method, HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void requestWithoutKey_isRefused() throws Exception {
        assertEquals(400, post(null, Duration.ofSeconds(5)).statusCode());
        assertEquals(0, api.delivered());
    }

    @Test
    void getNotifications_listsEveryRequest_soAnotherProcessCanReadWhatWasDelivered() throws Exception {
        // GIVEN a delivery, its replay and a refused first attempt of another key
        api.failNext(1, 503);
        post("K-9", Duration.ofSeconds(5));
        post("K-1", Duration.ofSeconds(5));
        post("K-1", Duration.ofSeconds(5));
        // WHEN they are read over HTTP, as make state reads them
        List<PushRequest> read = PushApiRequests.read(api.baseUrl());
        // THEN every request is there in order, with its answer and whether it delivered
        assertEquals(List.of(new PushRequest("K-9", "", 503, false), new PushRequest("K-1", "", 201, true),
                new PushRequest("K-1", "", 201, false)), read);
    }

    @Test
    void belowABasePath_answersThere_andListsWhatItReceived() throws Exception {
        // GIVEN an API versioned in its path
        try (LocalPushApi versioned = LocalPushApi.start("/v1")) {
            // WHEN a notification is posted below the base URL
            HttpRequest request = HttpRequest.newBuilder(URI.create(versioned.baseUrl() + LocalPushApi.PATH))
                    .header("Idempotency-Key", "K-1").POST(HttpRequest.BodyPublishers.ofString("{\"n\":1}")).build();
            HttpResponse<String> answer = http.send(request, HttpResponse.BodyHandlers.ofString());
            // THEN it is delivered, and reading the API at its base URL lists it
            assertEquals(201, answer.statusCode());
            assertEquals("/v1", versioned.baseUrl().getPath());
            assertEquals(List.of(new PushRequest("K-1", "", 201, true)), PushApiRequests.read(versioned.baseUrl()));
        }
    }
}
