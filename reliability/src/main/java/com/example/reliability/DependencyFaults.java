package com.example.reliability;

import com.example.localaws.LocalAws;
import com.example.localaws.proxy.LoopbackProxy;
import java.time.Duration;
import java.time.Instant;

/**
 * Drives a {@link DependencyFault} during a run: on from the start until half the messages have
 * been handled, then healed. Throttling and 5xx come in bursts of 12 failing TransactWriteItems
 * every 2 s (more than the SDK's 3 attempts absorb, so some messages go back to the queue).
 */
final class DependencyFaults {

    private static final Duration BURST_EVERY = Duration.ofSeconds(2);
    private static final int BURST = 12;

    private final DependencyFault fault;
    private final LocalAws aws;
    private final LoopbackProxy redisProxy;
    private final Timings timings;
    private final long healAfterMessages;
    private boolean healed;
    private Instant nextBurst = Instant.MIN;

    DependencyFaults(Fault fault, LocalAws aws, LoopbackProxy redisProxy, Timings timings, long healAfterMessages) {
        this.fault = fault instanceof DependencyFault d ? d : null;
        this.aws = aws;
        this.redisProxy = redisProxy;
        this.timings = timings;
        this.healAfterMessages = healAfterMessages;
        this.healed = this.fault == null;
        if (this.fault != null) {
            switch (this.fault) {
                case REDIS_STOPPED -> aws.redis().stop();
                case REDIS_SLOW -> redisProxy.delay(Duration.ofMillis(20));
                case REDIS_BLACKHOLED -> redisProxy.blackhole();
                case DYNAMODB_THROTTLING, DYNAMODB_5XX -> tick();
                case SNS_PUBLISH_ERRORS -> {
                    // made by FlakyTopic, behind the stream publisher; nothing to do on the receiver's side
                }
            }
        }
    }

    /** Called about twice a second by the runner: renews bursts, heals when it is time. */
    void tick() {
        if (healed) {
            return;
        }
        if (timings.messages() >= healAfterMessages) {
            heal();
            return;
        }
        if ((fault == DependencyFault.DYNAMODB_THROTTLING || fault == DependencyFault.DYNAMODB_5XX)
                && Instant.now().isAfter(nextBurst)) {
            aws.moto().inject(fault == DependencyFault.DYNAMODB_THROTTLING
                    ? com.example.localaws.Fault.throttling("TransactWriteItems", "", BURST)
                    : com.example.localaws.Fault.internalError("TransactWriteItems", "", BURST));
            nextBurst = Instant.now().plus(BURST_EVERY);
        }
    }

    /** Ends the fault (idempotent). */
    void heal() {
        if (healed) {
            return;
        }
        healed = true;
        aws.redis().start();
        redisProxy.pass();
        aws.moto().clearFaults();
    }
}
