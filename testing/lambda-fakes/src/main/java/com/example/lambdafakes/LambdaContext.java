package com.example.lambdafakes;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Objects;
import java.util.UUID;

/**
 * Lambda's context of one invocation: its request id, the function it runs, and the remaining
 * time counted down to a deadline on a given clock, as Lambda reports it (the receiver keeps a
 * reserve from it; Powertools idempotency derives an in-progress record's expiry from it). Make
 * one per invocation: {@link #startingNow} on the host's monotonic clock, or the constructor with
 * a simulation's virtual time.
 *
 * @param function  the function the invocation runs
 * @param requestId the invocation's request id
 * @param deadline  when its time is up, on {@code time}
 * @param time      the clock the remaining time is read on
 */
public record LambdaContext(Function function, String requestId, Instant deadline, InstantSource time) implements Context {

    /** The host's monotonic clock as instants: never moved by a change of the system's time. */
    private static final InstantSource MONOTONIC = new InstantSource() {
        private final Instant origin = Instant.now();
        private final long originNanos = System.nanoTime();

        @Override
        public Instant instant() {
            return origin.plusNanos(System.nanoTime() - originNanos);
        }
    };

    /** What Lambda tells a function about itself, as the context reports it. */
    public record Function(String name, String version, String alias, String region, String account, String logStream, int memoryMb) {

        /** @param alias the alias the function is invoked through, empty when invoked unqualified */
        public Function {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(version, "version");
            Objects.requireNonNull(alias, "alias");
            Objects.requireNonNull(region, "region");
            Objects.requireNonNull(account, "account");
            Objects.requireNonNull(logStream, "logStream");
        }

        /** A function run on this host, as the local AWS runs one: its latest version, 512 MB reported. */
        public static Function local(String name) {
            return new Function(name, "$LATEST", "", "us-east-1", "000000000000", "local", 512);
        }
    }

    public LambdaContext {
        Objects.requireNonNull(function, "function");
        Objects.requireNonNull(requestId, "requestId");
        Objects.requireNonNull(deadline, "deadline");
        Objects.requireNonNull(time, "time");
    }

    /**
     * An invocation of a local function starting now, with a fresh request id.
     *
     * @param functionName the function's name, as the context reports it
     * @param timeout      the function's timeout, counted from now on the host's monotonic clock
     */
    public static LambdaContext startingNow(String functionName, Duration timeout) {
        return new LambdaContext(Function.local(functionName), UUID.randomUUID().toString(),
                MONOTONIC.instant().plus(timeout), MONOTONIC);
    }

    @Override
    public String getAwsRequestId() {
        return requestId;
    }

    @Override
    public String getLogGroupName() {
        return "/aws/lambda/" + function.name();
    }

    @Override
    public String getLogStreamName() {
        return function.logStream();
    }

    @Override
    public String getFunctionName() {
        return function.name();
    }

    @Override
    public String getFunctionVersion() {
        return function.version();
    }

    @Override
    public String getInvokedFunctionArn() {
        return "arn:aws:lambda:" + function.region() + ":" + function.account() + ":function:" + function.name()
                + (function.alias().isEmpty() ? "" : ":" + function.alias());
    }

    @Override
    public CognitoIdentity getIdentity() {
        return null;
    }

    @Override
    public ClientContext getClientContext() {
        return null;
    }

    /** The whole milliseconds left until the deadline, 0 once it has passed. */
    @Override
    public int getRemainingTimeInMillis() {
        return (int) Math.max(0, Duration.between(time.instant(), deadline).toMillis());
    }

    /** Reported, not enforced. */
    @Override
    public int getMemoryLimitInMB() {
        return function.memoryMb();
    }

    /** Discards what it is given: the functions log to stdout, as in Lambda. */
    @Override
    public LambdaLogger getLogger() {
        return new LambdaLogger() {
            @Override
            public void log(String message) {
            }

            @Override
            public void log(byte[] message) {
            }
        };
    }
}
