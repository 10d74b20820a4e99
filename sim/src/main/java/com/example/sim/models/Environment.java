package com.example.sim.models;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.receiver.BatchResult;
import com.example.lambdafakes.LambdaContext;
import com.example.sim.runtime.Scheduler;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

/**
 * One Lambda execution environment: the receiver its init built (of whichever version: its
 * {@link Handler}), and whether
 * it is still alive (a crash or a timeout ends it; every later AWS call of its fibers throws
 * {@link Scheduler.Ended}).
 */
public final class Environment {

    /** The function as its invocations' contexts report it. */
    private static final LambdaContext.Function FUNCTION = new LambdaContext.Function("payment-authorizer", "1", "live",
            SqsModel.REGION, SqsModel.ACCOUNT, "sim", 1024);

    /** What an environment's init builds: a batch in, the receiver's answer out, each message's outcome a value. */
    @FunctionalInterface
    public interface Handler {

        BatchResult decide(SQSEvent event, com.amazonaws.services.lambda.runtime.Context context);
    }

    private final Handler receiver;
    private final int id;
    private boolean dead;
    private int invocations;

    public Environment(int id, Function<PrintStream, Handler> init) {
        this.id = id;
        // its lines are for people: no oracle reads them (each reads the receiver's answers as values)
        this.receiver = init.apply(new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8));
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

    /** The receiver's answer for the batch, each message's outcome a value (what its batch response is made of). */
    public BatchResult decide(SQSEvent event, com.amazonaws.services.lambda.runtime.Context context) {
        return receiver.decide(event, context);
    }

    /** An invocation's context on the virtual clock: its remaining time is {@code deadline} less the scheduler's now. */
    public static LambdaContext context(Scheduler scheduler, String requestId, long deadline) {
        return new LambdaContext(FUNCTION, requestId, Scheduler.EPOCH.plusNanos(deadline * 1_000), scheduler::instant);
    }
}
