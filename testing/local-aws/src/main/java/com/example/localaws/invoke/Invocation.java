package com.example.localaws.invoke;

import java.util.List;
import java.util.Objects;

/**
 * What one invocation returned.
 *
 * @param requestId the invocation's request id
 * @param payload   the function's response as Lambda's Invoke API returns it: the handler's
 *                  result serialized by the runtime client, or, when the handler threw, Lambda's
 *                  error document ({@code {"errorMessage", "errorType", "stackTrace"}})
 * @param logs      what the function wrote to stdout and stderr during the invocation
 */
public record Invocation(String requestId, String payload, List<String> logs) {

    public Invocation {
        Objects.requireNonNull(requestId, "requestId");
        Objects.requireNonNull(payload, "payload");
        logs = List.copyOf(logs);
    }
}
