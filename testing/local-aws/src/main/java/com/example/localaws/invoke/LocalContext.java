package com.example.localaws.invoke;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import com.example.localaws.LocalAws;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;

/**
 * Lambda's context of one in-process invocation: a fresh request id, and the remaining time
 * counted down from the function's timeout, as Lambda reports it (Powertools idempotency derives
 * an in-progress record's expiry from it). Make one per invocation.
 */
public final class LocalContext implements Context {

    private final String functionName;
    private final long deadlineNanos;
    private final String requestId = UUID.randomUUID().toString();

    /**
     * @param functionName the function's name, as the context reports it
     * @param timeout      the function's timeout, counted from now
     */
    public LocalContext(String functionName, Duration timeout) {
        this.functionName = Objects.requireNonNull(functionName, "functionName");
        this.deadlineNanos = System.nanoTime() + timeout.toNanos();
    }

    @Override
    public String getAwsRequestId() {
        return requestId;
    }

    @Override
    public String getLogGroupName() {
        return "/aws/lambda/" + functionName;
    }

    @Override
    public String getLogStreamName() {
        return "local";
    }

    @Override
    public String getFunctionName() {
        return functionName;
    }

    @Override
    public String getFunctionVersion() {
        return "$LATEST";
    }

    @Override
    public String getInvokedFunctionArn() {
        return "arn:aws:lambda:" + LocalAws.REGION.id() + ":000000000000:function:" + functionName;
    }

    @Override
    public CognitoIdentity getIdentity() {
        return null;
    }

    @Override
    public ClientContext getClientContext() {
        return null;
    }

    @Override
    public int getRemainingTimeInMillis() {
        return (int) Math.max(0, (deadlineNanos - System.nanoTime()) / 1_000_000);
    }

    /** Reported, not enforced. */
    @Override
    public int getMemoryLimitInMB() {
        return 512;
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
