package com.example.lambdakit.telemetry;

import com.amazonaws.services.lambda.runtime.Context;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Turns each Lambda {@link Context} of one execution environment into an {@link Invocation}:
 * the first one is the cold start, and the X-Ray trace id is read as Powertools for AWS Lambda
 * (Java) 2.x reads it ({@code LambdaHandlerProcessor.getXrayTraceId}): the
 * {@code _X_AMZN_TRACE_ID} environment variable, else the {@code com.amazonaws.xray.traceHeader}
 * system property that the Java runtime sets per invocation, keeping the {@code Root=} part.
 * One per handler instance (Lambda runs one handler per environment).
 */
public final class Invocations {

    static final String TRACE_ENVIRONMENT_VARIABLE = "_X_AMZN_TRACE_ID";
    static final String TRACE_SYSTEM_PROPERTY = "com.amazonaws.xray.traceHeader";

    private final AtomicBoolean first = new AtomicBoolean(true);
    private final Supplier<Optional<String>> traceHeader;

    /**
     * Stamps for one execution environment, its first invocation the cold start.
     *
     * @param traceHeader the current {@code X-Amzn-Trace-Id} header, read at each invocation
     */
    public Invocations(Supplier<Optional<String>> traceHeader) {
        this.traceHeader = Objects.requireNonNull(traceHeader, "traceHeader");
    }

    /**
     * The stamps of a Lambda handler.
     *
     * @return stamps that read the trace header where Lambda's Java runtime puts it
     */
    public static Invocations lambda() {
        return new Invocations(() -> Optional.ofNullable(System.getenv(TRACE_ENVIRONMENT_VARIABLE))
                .or(() -> Optional.ofNullable(System.getProperty(TRACE_SYSTEM_PROPERTY))));
    }

    /**
     * The invocation {@code context} describes; a {@code null} context (an in-process caller)
     * gives an invocation with empty names, still counting the cold start.
     *
     * @param context Lambda's context of the invocation, or {@code null}
     * @return its stamp
     */
    public Invocation next(Context context) {
        boolean coldStart = first.getAndSet(false);
        Optional<String> traceId = traceHeader.get().flatMap(Invocations::rootOf);
        if (context == null) {
            return new Invocation("", "", "", coldStart, traceId);
        }
        return new Invocation(text(context.getAwsRequestId()), text(context.getFunctionName()),
                text(context.getFunctionVersion()), coldStart, traceId);
    }

    /** {@code Root=1-5759e988-bd862e3fe1be46a994272793;Parent=…;Sampled=1} gives {@code 1-5759e988-…}. */
    static Optional<String> rootOf(String header) {
        String root = header.split(";", 2)[0].trim();
        root = root.startsWith("Root=") ? root.substring("Root=".length()) : root;
        return root.isEmpty() ? Optional.empty() : Optional.of(root);
    }

    private static String text(String value) {
        return value == null ? "" : value;
    }
}
