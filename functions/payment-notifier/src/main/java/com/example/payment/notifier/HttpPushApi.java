package com.example.payment.notifier;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;

/**
 * {@link PushApi} over HTTP: {@code POST <base>/notifications} with a JSON body, an explicit
 * connect timeout (in the client) and a whole-request timeout.
 */
public final class HttpPushApi implements PushApi {

    private final HttpClient http;
    private final URI endpoint;
    private final Duration timeout;

    /**
     * @param http    built once per environment, with a connect timeout
     * @param baseUrl the API's base URL
     * @param timeout the most one call may take, answer included
     */
    public HttpPushApi(HttpClient http, URI baseUrl, Duration timeout) {
        this.http = Objects.requireNonNull(http, "http");
        this.endpoint = Objects.requireNonNull(baseUrl, "baseUrl").resolve("/notifications");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
    }

    /** An HTTP client whose connection attempts give up after {@code connectTimeout}. */
    public static HttpClient client(Duration connectTimeout) {
        return HttpClient.newBuilder().connectTimeout(connectTimeout).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    @Override
    public PushReceipt send(Notification notification) {
        HttpRequest request = HttpRequest.newBuilder(endpoint)
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", notification.transactionId())
                .POST(HttpRequest.BodyPublishers.ofString(notification.toRequestBody(), StandardCharsets.UTF_8))
                .build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new PushUnavailableException("push API unreachable or too slow: " + e.getClass().getSimpleName(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PushUnavailableException("interrupted", e);
        }
        int status = response.statusCode();
        if (status >= 500 || status == 409 || status == 429 || status < 200 || status / 100 == 3) {
            throw new PushUnavailableException("push API answered " + status, null);
        }
        return new PushReceipt(status, response.body());
    }
}
