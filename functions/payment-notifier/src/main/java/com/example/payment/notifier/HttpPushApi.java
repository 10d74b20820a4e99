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
 * {@link PushApi} over HTTP: {@code POST <base URL>/notifications} with a JSON body, the headers
 * of its {@link PushApiAuth}, an explicit connect timeout (in the client) and a whole-request
 * timeout. A 401 or 403 is a refusal of the credential, not of the notification
 * ({@link PushAuthRejectedException}): the credential is read again before long. The base URL's
 * path is kept:
 * {@code https://push.example.com/v1} and {@code https://push.example.com/v1/} both post to
 * {@code https://push.example.com/v1/notifications}.
 */
public final class HttpPushApi implements PushApi {

    private final HttpClient http;
    private final URI endpoint;
    private final Duration timeout;
    private final PushApiAuth auth;

    /**
     * @param http    built once per environment, with a connect timeout
     * @param baseUrl the API's base URL: scheme, authority and an optional path, no query or fragment
     * @param timeout the most one call may take, answer included
     * @param auth    how each request proves who sends it
     * @throws IllegalArgumentException when {@code baseUrl} has no authority, or has a query or a fragment
     */
    public HttpPushApi(HttpClient http, URI baseUrl, Duration timeout, PushApiAuth auth) {
        this.http = Objects.requireNonNull(http, "http");
        this.endpoint = notificationsUrl(Objects.requireNonNull(baseUrl, "baseUrl"));
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.auth = Objects.requireNonNull(auth, "auth");
    }

    /**
     * {@code baseUrl}'s path without its trailing slashes, followed by {@code /notifications}.
     * Appended rather than resolved: resolving {@code /notifications} would replace the path,
     * and resolving {@code notifications} would replace its last segment when it has no
     * trailing slash.
     *
     * @throws IllegalArgumentException unless {@code baseUrl} is {@code scheme://authority[/path]}:
     *                                  a query or a fragment cannot stay where they are once a
     *                                  path is appended
     */
    static URI notificationsUrl(URI baseUrl) {
        if (baseUrl.getScheme() == null || baseUrl.getRawAuthority() == null
                || baseUrl.getRawQuery() != null || baseUrl.getRawFragment() != null) {
            throw new IllegalArgumentException("a push API base URL is scheme://authority[/path], without a query string or fragment: "
                    + baseUrl);
        }
        String path = baseUrl.getRawPath().replaceFirst("/+$", "");
        return URI.create(baseUrl.getScheme() + "://" + baseUrl.getRawAuthority() + path + "/notifications");
    }

    /** An HTTP client whose connection attempts give up after {@code connectTimeout}. */
    public static HttpClient client(Duration connectTimeout) {
        return HttpClient.newBuilder().connectTimeout(connectTimeout).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    @Override
    public PushReceipt send(Notification notification) {
        // The bytes signed are the bytes sent: encoded once.
        byte[] body = notification.toRequestBody().getBytes(StandardCharsets.UTF_8);
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint)
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", notification.transactionId());
        auth.headers(notification.transactionId(), body).forEach(request::header);
        HttpResponse<String> response;
        try {
            response = http.send(request.POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new PushUnavailableException("push API unreachable or too slow: " + e.getClass().getSimpleName(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PushUnavailableException("interrupted", e);
        }
        int status = response.statusCode();
        if (status == 401 || status == 403) {
            auth.rejected();
            throw PushAuthRejectedException.refused(status);
        }
        if (status >= 500 || status == 409 || status == 429 || status < 200 || status / 100 == 3) {
            throw new PushUnavailableException("push API answered " + status, null);
        }
        if (status / 100 == 4) {
            throw new PushRefusedException(status);
        }
        return new PushReceipt(status, response.body());
    }

    @Override
    public void restored() {
        auth.restored();
    }
}
