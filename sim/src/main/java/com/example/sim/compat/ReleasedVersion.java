package com.example.sim.compat;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.receiver.BatchResult;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.function.IntFunction;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The last release's authorizer, loaded from its shaded package ({@code functions/} of the folder
 * {@code make last-release} builds) in a {@link ReleaseLoader} of its own, and built per
 * environment through the release's own {@code PaymentAuthorizer.builder}, as the working tree's
 * is ({@code SimulatedReceiver}): the same {@link Seams} given through the release's builder, its
 * {@code sqs} and its {@code runtime}. The builder, not the handler, because the handler makes its
 * own SDK clients and runs on the wall clock: the simulation needs the seams. Nothing of the
 * release's types leaks out: an invocation is Lambda's shape (an {@code SQSEvent} and a
 * {@code Context} in), and its answer is read back as values by {@link ReleasedAnswers}.
 */
public final class ReleasedVersion {

    private static final String AUTHORIZER = "com.example.payment.authorizer.PaymentAuthorizer";
    private static final String SECRET_READER = "com.example.receiver.lambda.SecretReader";
    private static final String RUNTIME = "com.example.receiver.lambda.ReceiverRuntime";
    private static final String SLEEPER = RUNTIME + "$Sleeper";

    private final String version;
    private final ReleaseLoader loader;
    private final Method builder;
    private final ReleasedAnswers answers;

    private ReleasedVersion(String version, ReleaseLoader loader) throws ReflectiveOperationException {
        this.version = version;
        this.loader = loader;
        this.builder = loader.loadClass(AUTHORIZER).getMethod("builder", Map.class, DynamoDbClient.class,
                loader.loadClass(SECRET_READER), Clock.class, PrintStream.class, RandomGenerator.class);
        this.answers = new ReleasedAnswers();
    }

    /**
     * The release built in {@code folder} ({@code target/last-release/<version>}): its authorizer's
     * package {@code functions/payment-authorizer-<version>.jar}.
     */
    public static ReleasedVersion in(Path folder) {
        try {
            return new ReleasedVersion(ReleaseLoader.version(folder), ReleaseLoader.ofFunction(folder, "payment-authorizer"));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("release " + ReleaseLoader.version(folder) + " has no PaymentAuthorizer.builder as 1.0.0 had", e);
        }
    }

    /** The release's version, {@code x.y.z}. */
    public String version() {
        return version;
    }

    /** The loader the release's classes come from (its other readers are loaded beside them). */
    ClassLoader loader() {
        return loader;
    }

    /** What an environment of the released version decides a batch with. */
    public interface Receiver {

        /** The release's answer for {@code event}, read back as the working tree's values. */
        BatchResult decide(SQSEvent event, Context context);
    }

    /** What an environment's init builds: the released receiver on {@code seams}. */
    public Receiver build(Seams seams) {
        try {
            Object secrets = proxy(SECRET_READER, args -> seams.secrets().apply((String) args[0]));
            Object sleeper = proxy(SLEEPER, args -> {
                seams.sleeper().accept((Duration) args[0]);
                return null;
            });
            Object runtime = loader.loadClass(RUNTIME).getConstructor(Clock.class, LongSupplier.class,
                    loader.loadClass(SLEEPER), RandomGenerator.class, IntFunction.class)
                    .newInstance(seams.clock(), seams.monotonic(), sleeper, seams.random(),
                            (IntFunction<ExecutorService>) seams.lanes());
            Object receiverBuilder = builder.invoke(null, seams.environment(), seams.dynamoDb(), secrets, seams.clock(),
                    seams.out(), seams.random());
            receiverBuilder = receiverBuilder.getClass().getMethod("sqs", Supplier.class).invoke(receiverBuilder, seams.sqs());
            receiverBuilder = receiverBuilder.getClass().getMethod("runtime", runtime.getClass()).invoke(receiverBuilder, runtime);
            Object receiver = receiverBuilder.getClass().getMethod("build").invoke(receiverBuilder);
            if (receiver.getClass().getClassLoader() != loader) {
                throw new IllegalStateException("the released builder built " + receiver.getClass() + " of another loader");
            }
            Method decide = receiver.getClass().getMethod("decide", SQSEvent.class, Context.class);
            return (event, context) -> answers.read(call(decide, receiver, event, context));
        } catch (InvocationTargetException e) {
            throw unchecked(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("release " + version + "'s builder is not as 1.0.0's: " + e, e);
        }
    }

    /** Calls {@code method}, throwing what it throws (a crashed environment's end among it) as it is. */
    private static Object call(Method method, Object target, Object... args) {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw unchecked(e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static RuntimeException unchecked(Throwable cause) {
        if (cause instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        if (cause instanceof IOException io) {
            throw new UncheckedIOException(io);
        }
        throw new IllegalStateException(cause);
    }

    /** What a call of the proxy's one abstract method does, given its arguments. */
    private interface Call {
        Object with(Object[] args);
    }

    /** The release's functional interface {@code name}, its one abstract method answered by {@code call}. */
    private Object proxy(String name, Call call) throws ClassNotFoundException {
        Class<?> type = loader.loadClass(name);
        return Proxy.newProxyInstance(loader, new Class<?>[] {type}, (self, method, args) -> switch (method.getName()) {
            case "equals" -> self == args[0];
            case "hashCode" -> System.identityHashCode(self);
            case "toString" -> "the simulation's " + type.getSimpleName();
            default -> method.isDefault() ? InvocationHandler.invokeDefault(self, method, args) : call.with(args);
        });
    }
}
