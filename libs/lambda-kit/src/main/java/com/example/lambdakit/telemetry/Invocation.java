package com.example.lambdakit.telemetry;

import java.util.Objects;
import java.util.Optional;

/**
 * What is known of the function invocation a batch arrives in, stamped on every log line and
 * EMF line of that invocation so that a line can be joined to its invocation and its trace.
 *
 * @param requestId       the invocation's request id; empty outside Lambda
 * @param functionName    the function's name; empty outside Lambda
 * @param functionVersion the function's version ({@code $LATEST} or a number); empty outside Lambda
 * @param coldStart       whether this is the first invocation of the execution environment
 * @param traceId         the X-Ray trace id ({@code 1-…-…}) when tracing is on
 */
public record Invocation(String requestId, String functionName, String functionVersion, boolean coldStart,
                         Optional<String> traceId) {

    /** A batch processed outside any Lambda invocation (tests, benchmarks, in-process runs). */
    public static final Invocation OUTSIDE_LAMBDA = new Invocation("", "", "", false, Optional.empty());

    /** Refuses a missing part: an unknown one is empty. */
    public Invocation {
        Objects.requireNonNull(requestId, "requestId");
        Objects.requireNonNull(functionName, "functionName");
        Objects.requireNonNull(functionVersion, "functionVersion");
        Objects.requireNonNull(traceId, "traceId");
    }
}
