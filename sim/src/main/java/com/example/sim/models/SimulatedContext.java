package com.example.sim.models;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import com.example.sim.models.SqsModel;
import com.example.sim.runtime.Scheduler;

/** An invocation's Lambda context on the virtual clock: its remaining time is the deadline less the scheduler's now. */
public record SimulatedContext(Scheduler scheduler, String requestId, long deadline) implements Context {

    @Override
    public String getAwsRequestId() {
        return requestId;
    }

    @Override
    public String getLogGroupName() {
        return "/aws/lambda/payment-authorizer";
    }

    @Override
    public String getLogStreamName() {
        return "sim";
    }

    @Override
    public String getFunctionName() {
        return "payment-authorizer";
    }

    @Override
    public String getFunctionVersion() {
        return "1";
    }

    @Override
    public String getInvokedFunctionArn() {
        return "arn:aws:lambda:" + SqsModel.REGION + ":" + SqsModel.ACCOUNT + ":function:payment-authorizer:live";
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
        return (int) Math.max(0, (deadline - scheduler.now()) / 1000);
    }

    @Override
    public int getMemoryLimitInMB() {
        return 1024;
    }

    @Override
    public LambdaLogger getLogger() {
        return null;
    }
}
