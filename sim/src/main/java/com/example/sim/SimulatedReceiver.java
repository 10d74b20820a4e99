package com.example.sim;

import com.example.lambdafakes.VirtualClock;
import com.example.payment.Payment;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.receiver.lambda.IdempotentReceiver;
import com.example.receiver.lambda.ReceiverBuilder;
import com.example.receiver.lambda.ReceiverRuntime;
import com.example.receiver.testing.ReceiverTestKit;
import com.example.sim.compat.ReleasedVersion;
import com.example.sim.compat.Seams;
import com.example.sim.faults.FaultSchedule;
import com.example.sim.models.Environment;
import com.example.sim.models.DynamoDbModel;
import com.example.sim.models.FiberDeadlines;
import com.example.sim.models.SdkRetries;
import com.example.sim.models.SqsModel;
import com.example.sim.runtime.LaneExecutor;
import com.example.sim.runtime.Scheduler;
import java.io.PrintStream;
import java.util.Map;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * The one place the simulation wires the real receiver: through the function's own wiring,
 * {@link PaymentAuthorizer#builder} (so that no setting of the function can be left out here),
 * its environment variables the template's,
 * every clock, sleeper, random source and the lanes' executor the scheduler's, and the SDK clients
 * the models, DynamoDB's behind the SDK's own standard retries and timeouts as the function
 * configures them ({@link SdkRetries}, one client per environment, its attempts timed on the
 * scheduler's fibers by {@link FiberDeadlines}). Nothing of the receiver is replaced.
 */
public final class SimulatedReceiver {

    private final Scheduler scheduler;
    private final FaultSchedule faults;
    private final Map<String, String> environment;
    private final DynamoDbModel dynamoDb;
    private final SqsModel sqs;
    private final String signingSecret;
    private Consumer<ReceiverTestKit<Payment>> kit = any -> { };

    SimulatedReceiver(Scheduler scheduler, FaultSchedule faults, Map<String, String> environment, DynamoDbModel dynamoDb,
                      SqsModel sqs, String signingSecret) {
        this.scheduler = scheduler;
        this.faults = faults;
        this.environment = Map.copyOf(environment);
        this.dynamoDb = dynamoDb;
        this.sqs = sqs;
        this.signingSecret = signingSecret;
    }

    /** Every receiver built with {@code attach} given its test kit as well (the cache's model). */
    SimulatedReceiver withKit(Consumer<ReceiverTestKit<Payment>> attach) {
        this.kit = attach;
        return this;
    }

    /** What a function environment's init builds, its lines written to {@code out}. */
    public Environment.Handler build(PrintStream out) {
        ReceiverBuilder<Payment> builder = builder(out);
        kit.accept(ReceiverTestKit.of(builder));
        IdempotentReceiver<Payment> receiver = builder.build();
        return receiver::decide;
    }

    /** What an environment's init builds of the released version {@code release}, on the same seams. */
    Environment.Handler build(ReleasedVersion release, PrintStream out) {
        return release.build(seams(out))::decide;
    }

    /**
     * The function's own wiring ({@link PaymentAuthorizer#builder}) with the simulation's inputs:
     * every setting the function gives its receiver (the call timeout among them) is the
     * function's, and only the seams and the SQS client are added here.
     */
    ReceiverBuilder<Payment> builder(PrintStream out) {
        Seams seams = seams(out);
        return PaymentAuthorizer.builder(seams.environment(), seams.dynamoDb(), seams.secrets()::apply, seams.clock(),
                        seams.out(), seams.random())
                .sqs(seams.sqs())
                .runtime(new ReceiverRuntime(seams.clock(), seams.monotonic(), seams.sleeper()::accept, seams.random(),
                        seams.lanes()));
    }

    /**
     * The simulation's inputs to one environment's receiver, of either version: the template's
     * variables, the models behind the SDK's own retries and timeouts, the producers' and the
     * fast path's secrets, and the scheduler's clock, pauses, random source and lanes.
     */
    private Seams seams(PrintStream out) {
        VirtualClock clock = VirtualClock.following(scheduler::instant);
        return new Seams(environment,
                new SdkRetries(dynamoDb, scheduler::random, pause -> scheduler.sleep(Scheduler.micros(pause)),
                        new FiberDeadlines(scheduler, faults)),
                () -> sqs, secretId -> secretId.equals(CacheSetup.SIGNING_SECRET) ? CacheSetup.SIGNING_KEY : signingSecret,
                clock, () -> scheduler.now() * 1_000, pause -> scheduler.sleep(Scheduler.micros(pause)), random(),
                lanes -> new LaneExecutor(scheduler), out);
    }

    /** The run's one generator, seen through the interface the receiver draws its jitter from. */
    private RandomGenerator random() {
        return new RandomGenerator() {
            @Override
            public long nextLong() {
                return scheduler.random().nextLong();
            }
        };
    }
}
