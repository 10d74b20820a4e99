package com.example.localaws.push;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What a {@link LocalPushApi} running at a base URL (possibly in another process, started by
 * {@code make up}) has received, read with its {@code GET <base URL>/notifications}.
 */
public final class PushApiRequests {

    private static final ObjectMapper JSON = new ObjectMapper();

    private PushApiRequests() {
    }

    /**
     * Every request the API at {@code baseUrl} received, in arrival order (bodies left out).
     *
     * @throws IllegalStateException when it cannot be reached or answers something else
     */
    public static List<PushRequest> read(URI baseUrl) {
        URI notifications = URI.create(baseUrl.toString().replaceFirst("/+$", "") + LocalPushApi.PATH);
        HttpRequest request = HttpRequest.newBuilder(notifications).timeout(Duration.ofSeconds(10)).GET().build();
        try (HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()) {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("the push API at " + baseUrl + " answered " + response.statusCode());
            }
            List<PushRequest> requests = new ArrayList<>();
            for (JsonNode node : JSON.readTree(response.body())) {
                requests.add(new PushRequest(node.path("idempotencyKey").asText(), "", node.path("status").asInt(),
                        node.path("delivered").asBoolean()));
            }
            return requests;
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the push API at " + baseUrl + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
