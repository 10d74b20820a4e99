package com.example.localaws.mapping;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/** What a function answered through the runtime emulator, before an event source reads it. */
final class FunctionResponse {

    private static final ObjectMapper JSON = new ObjectMapper();

    private FunctionResponse() {
    }

    /**
     * The function's JSON answer.
     *
     * @throws IllegalStateException when the payload is not JSON or is Lambda's error document
     *                               (the function threw): the mapping then treats the whole
     *                               batch as failed, as Lambda does
     */
    static JsonNode of(String payload) {
        JsonNode root;
        try {
            root = JSON.readTree(payload);
        } catch (IOException e) {
            throw new IllegalStateException("the function's response is not JSON", e);
        }
        if (root == null || root.has("errorType") || root.has("errorMessage")) {
            throw new IllegalStateException("the function failed: " + (root == null ? "no response" : root.path("errorType").asText()));
        }
        return root;
    }
}
