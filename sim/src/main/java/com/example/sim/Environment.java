package com.example.sim;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.payment.Payment;
import com.example.receiver.lambda.IdempotentReceiver;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * One Lambda execution environment: the receiver its init built, the lines it writes, and whether
 * it is still alive (a crash or a timeout ends it; every later AWS call of its fibers throws
 * {@link Scheduler.Ended}).
 */
final class Environment {

    private final ByteArrayOutputStream lines = new ByteArrayOutputStream();
    private final IdempotentReceiver<Payment> receiver;
    private final int id;
    private boolean dead;
    private int invocations;

    Environment(int id, SimulatedReceiver factory) {
        this.id = id;
        this.receiver = factory.build(new PrintStream(lines, false, StandardCharsets.UTF_8));
    }

    int id() {
        return id;
    }

    boolean dead() {
        return dead;
    }

    void die() {
        dead = true;
    }

    int nextInvocation() {
        return ++invocations;
    }

    SQSBatchResponse handle(SQSEvent event, com.amazonaws.services.lambda.runtime.Context context) {
        return receiver.handle(event, context);
    }

    /** The lines written since the last call, and forgets them. */
    String takeLines() {
        String text = lines.toString(StandardCharsets.UTF_8);
        lines.reset();
        return text;
    }
}
