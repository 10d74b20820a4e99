package com.example.demo;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * Lambda's context of one in-process invocation: what is left of the function's timeout.
 * Powertools idempotency reads it, so that an in-progress record expires with the invocation.
 */
final class InvocationContext implements Context {

    private final String function;
    private final Clock clock;
    private final Instant deadline;
    private final String requestId = UUID.randomUUID().toString();

    /**
     * @param function its name, as the context reports it
     * @param timeout  the function's timeout, counted from now
     */
    InvocationContext(String function, Duration timeout, Clock clock) {
        this.function = function;
        this.clock = clock;
        this.deadline = clock.instant().plus(timeout);
    }

    @Override
    public String getAwsRequestId() {
        return requestId;
    }

    @Override
    public String getLogGroupName() {
        return "/aws/lambda/" + function;
    }

    @Override
    public String getLogStreamName() {
        return "demo";
    }

    @Override
    public String getFunctionName() {
        return function;
    }

    @Override
    public String getFunctionVersion() {
        return "$LATEST";
    }

    @Override
    public String getInvokedFunctionArn() {
        return "arn:aws:lambda:us-east-1:123456789012:function:" + function;
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
        return (int) Math.max(0, Duration.between(clock.instant(), deadline).toMillis());
    }

    @Override
    public int getMemoryLimitInMB() {
        return 512;
    }

    @Override
    public LambdaLogger getLogger() {
        return null;
    }
}
