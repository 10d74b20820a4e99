package com.example.localpayments.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** A call to one of the knobs of the local push API that {@code make up} started ({@code /_faults}, {@code /_keys}). */
final class PushApiKnob {

    private static final ObjectMapper JSON = new ObjectMapper();

    private PushApiKnob() {
    }

    /**
     * Sends {@code request} to the push API of {@code state}; its JSON answer.
     *
     * @throws CliException naming {@code what} and the API's answer when it is not 200, or when the API does not answer
     */
    static JsonNode call(RunState state, HttpRequest request, String what) {
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new CliException("the local push API refused the " + what + ": " + response.body());
            }
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new CliException("the local push API does not answer at " + state.pushApiBaseUrl() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException("interrupted");
        }
    }
}
