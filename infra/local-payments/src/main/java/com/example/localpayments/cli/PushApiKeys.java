package com.example.localpayments.cli;

import com.example.localaws.LocalAws;
import com.example.localaws.push.SigningKeys;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code make push-api-keys}: the local push API that {@code make up} started admits from now on
 * the signing keys of {@code --key-ids} (comma-separated; empty: every key) of the local push API
 * credential's secret, and no other, as a receiver does at each step of a rotation
 * (docs/deploy.md, "The push API contract"): the keys a real receiver is given out of band are
 * taken from that secret, so a new key must be in it first. Prints {@code {"keyIds": [...]}};
 * never a key.
 */
final class PushApiKeys implements Command {

    @Override
    public JsonNode run(Options options, Console console) {
        RunState state = RunState.require(console.stateDir());
        Map<String, String> held;
        try (LocalAws aws = LocalAws.attach(state.motoEndpoint(), state.redisPort())) {
            held = aws.pushApiCredential(LocalAws.PUSH_API_CREDENTIAL_SECRET);
        }
        List<String> wanted = options.get("key-ids").filter(ids -> !ids.isBlank())
                .map(ids -> Arrays.stream(ids.split(",")).map(String::strip).toList())
                .orElse(List.copyOf(held.keySet()));
        Map<String, String> keys = new LinkedHashMap<>();
        for (String keyId : wanted) {
            if (!held.containsKey(keyId)) {
                throw new CliException("secret " + LocalAws.PUSH_API_CREDENTIAL_SECRET + " holds no key " + keyId
                        + " (it holds " + String.join(", ", held.keySet()) + "): put it there first");
            }
            keys.put(keyId, held.get(keyId));
        }
        URI knob = state.pushApiBaseUrl().resolve("/_keys");
        HttpRequest request = HttpRequest.newBuilder(knob).timeout(Duration.ofSeconds(5))
                .PUT(HttpRequest.BodyPublishers.ofString(SigningKeys.text(keys))).build();
        JsonNode document = PushApiKnob.call(state, request, "keys");
        console.progress("the local push API admits requests signed with key %s", String.join(", ", keys.keySet()));
        return document;
    }
}
