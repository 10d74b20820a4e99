package com.example.localpayments.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;

/**
 * {@code make push-api-fault}: the local push API that {@code make up} started answers the next
 * {@code --count} notifications {@code --status} (a 4xx or 5xx) without delivering them, so the
 * notifier's retries, its DLQ and their runbook entries can be walked locally; {@code --count 0}
 * drops the faults not yet used (the push API back). Prints {@code {"pending": N}}.
 */
final class PushApiFault implements Command {

    @Override
    public JsonNode run(Options options, Console console) {
        RunState state = RunState.require(console.stateDir());
        int count = options.number("count").orElse(0);
        URI knob = state.pushApiBaseUrl().resolve("/_faults" + (count == 0 ? ""
                : "?count=" + count + "&status=" + options.number("status").orElse(503)));
        HttpRequest request = HttpRequest.newBuilder(knob).timeout(Duration.ofSeconds(5))
                .method(count == 0 ? "DELETE" : "POST", HttpRequest.BodyPublishers.noBody()).build();
        JsonNode document = PushApiKnob.call(state, request, "fault");
        console.progress("the local push API fails the next %d notifications", document.path("pending").asInt());
        return document;
    }
}
