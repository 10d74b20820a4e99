package com.example.lambdafakes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class LambdaContextTest {

    private static final Instant START = Instant.parse("2026-03-02T00:00:00Z");

    @Test
    void theRemainingTime_countsDownToTheDeadline_onTheGivenClock_andStopsAtZero() {
        VirtualClock clock = VirtualClock.at(START);
        LambdaContext context = new LambdaContext(LambdaContext.Function.local("payment-authorizer"), "req-1",
                START.plusSeconds(30), clock);

        assertEquals(30_000, context.getRemainingTimeInMillis());
        clock.advance(Duration.ofMillis(29_999).plusNanos(500_000));
        assertEquals(0, context.getRemainingTimeInMillis(), "whole milliseconds left, rounded down");
        clock.advance(Duration.ofSeconds(5));
        assertEquals(0, context.getRemainingTimeInMillis());
    }

    @Test
    void aLocalInvocation_startingNow_hasItsTimeout_andAFreshRequestId() {
        LambdaContext first = LambdaContext.startingNow("payment-authorizer", Duration.ofSeconds(30));
        LambdaContext second = LambdaContext.startingNow("payment-authorizer", Duration.ofSeconds(30));

        assertTrue(first.getRemainingTimeInMillis() > 29_000 && first.getRemainingTimeInMillis() <= 30_000);
        assertNotEquals(first.getAwsRequestId(), second.getAwsRequestId());
        assertEquals("/aws/lambda/payment-authorizer", first.getLogGroupName());
        assertEquals("arn:aws:lambda:us-east-1:000000000000:function:payment-authorizer", first.getInvokedFunctionArn());
        assertEquals(512, first.getMemoryLimitInMB());
    }

    @Test
    void aFunctionInvokedThroughAnAlias_namesItInItsArn() {
        LambdaContext.Function function = new LambdaContext.Function("payment-authorizer", "1", "live", "eu-west-1",
                "123456789012", "sim", 1024);
        LambdaContext context = new LambdaContext(function, "req-1", START, VirtualClock.at(START));

        assertEquals("arn:aws:lambda:eu-west-1:123456789012:function:payment-authorizer:live", context.getInvokedFunctionArn());
        assertEquals("1", context.getFunctionVersion());
        assertEquals("sim", context.getLogStreamName());
    }
}
