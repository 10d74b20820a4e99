package com.example.reliability;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import java.time.Duration;
import java.util.UUID;

/**
 * The Lambda context of one local invocation: what Lambda hands a handler, with the remaining
 * time counted down from the function's timeout (Powertools derives its in-progress expiry from
 * it).
 */
final class InvocationContext implements Context {

    private final String requestId = UUID.randomUUID().toString();
    private final long deadlineNanos;

    InvocationContext(Duration functionTimeout) {
        this.deadlineNanos = System.nanoTime() + functionTimeout.toNanos();
    }

    @Override
    public String getAwsRequestId() {
        return requestId;
    }

    @Override
    public String getLogGroupName() {
        return "/aws/lambda/reliability";
    }

    @Override
    public String getLogStreamName() {
        return "local";
    }

    @Override
    public String getFunctionName() {
        return "reliability";
    }

    @Override
    public String getFunctionVersion() {
        return "$LATEST";
    }

    @Override
    public String getInvokedFunctionArn() {
        return "arn:aws:lambda:us-east-1:000000000000:function:reliability";
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

    @Override
    public int getMemoryLimitInMB() {
        return 1024;
    }

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
