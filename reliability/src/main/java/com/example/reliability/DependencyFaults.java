package com.example.reliability;

import com.example.localaws.LocalAws;
import com.example.localaws.proxy.LoopbackProxy;
import com.example.receiver.testkit.WriteCapacity;
import java.time.Duration;
import java.time.Instant;

/**
 * Drives a {@link DependencyFault} during a run: on from the start until half the messages have
 * been handled, then healed. Throttling comes in two shapes. Bursts: the next 12 TransactWriteItems
 * fail (more than the SDK's 3 attempts absorb), whatever the load, and the next burst comes 2 s
 * after one is used up; so do 5xx. A burst is never piled on one not yet used up: while callers
 * back off, that would fail every call they make, however long they wait.
 * Capacity: every table admits {@value #WRITE_UNITS_PER_SECOND} write units a second (a
 * transactional write of a small item costs 2), refilled continuously, and the launcher refuses
 * the excess as DynamoDB does, so waiting relieves it.
 */
final class DependencyFaults {

    /** The capacity of each table under {@link DependencyFault#DYNAMODB_CAPACITY}. */
    static final int WRITE_UNITS_PER_SECOND = 30;
    private static final Duration BURST_EVERY = Duration.ofSeconds(2);
    private static final int BURST = 12;

    private final DependencyFault fault;
    private final LocalAws aws;
    private final LoopbackProxy redisProxy;
    private final Timings timings;
    private final long healAfterMessages;
    private boolean healed;
    private Instant nextBurst = Instant.MIN;
    private boolean burstPending;
    private WriteCapacity capacity;

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
                case DYNAMODB_CAPACITY -> capacity = aws.writeCapacity(WRITE_UNITS_PER_SECOND);
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
        if (fault == DependencyFault.DYNAMODB_THROTTLING || fault == DependencyFault.DYNAMODB_5XX) {
            if (burstPending) {
                if (aws.moto().faultsLeft() == 0) {
                    burstPending = false;
                    nextBurst = Instant.now().plus(BURST_EVERY);
                }
            } else if (Instant.now().isAfter(nextBurst)) {
                aws.moto().inject(fault == DependencyFault.DYNAMODB_THROTTLING
                        ? com.example.receiver.testkit.Fault.throttling("TransactWriteItems", "", BURST)
                        : com.example.receiver.testkit.Fault.internalError("TransactWriteItems", "", BURST));
                burstPending = true;
            }
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
        if (capacity != null) {
            capacity.close();
        }
    }

    /** Requests the launcher refused for capacity; 0 under any other fault. Known once healed. */
    int throttled() {
        return capacity == null ? 0 : capacity.throttled();
    }
}
