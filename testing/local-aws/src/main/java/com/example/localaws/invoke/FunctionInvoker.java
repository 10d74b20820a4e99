package com.example.localaws.invoke;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs one {@link LambdaFunction}'s real handler locally, synchronously, like Lambda's Invoke API
 * with {@code RequestResponse}. An invoker is one execution environment: it serves one invocation
 * at a time (concurrent callers wait their turn), keeps what the handler built at init across
 * invocations, and re-initialises after an init failure, as Lambda does. Closing it stops every
 * process it started.
 */
public interface FunctionInvoker extends AutoCloseable {

    /**
     * Invokes the function with {@code event} (JSON) and returns what it answered, the handler's
     * error document included.
     *
     * @throws InvocationFailedException when the function could not be invoked at all
     */
    Invocation invoke(String event);

    /** The function this invoker runs. */
    LambdaFunction function();

    @Override
    void close();

    /**
     * The runtime emulator when {@code <root>/.tools/rie/aws-lambda-rie} is there, else (saying so
     * on stderr) a direct invoke in a fresh JVM per invocation, which runs the same handler through the
     * same runtime interface client's loading and serialization, without the Runtime API.
     *
     * @param root    the project's root
     * @param workDir where logs and scratch files go
     */
    static FunctionInvoker start(LambdaFunction function, Path root, Path workDir) {
        Path emulator = RuntimeEmulator.binary(root);
        if (Files.isExecutable(emulator)) {
            return RuntimeEmulator.start(function, root, workDir);
        }
        System.err.println("invoke: " + root.relativize(emulator) + " is missing (testing/local-aws/setup-rie.sh builds it): invoking "
                + function.name() + " directly, in a fresh JVM per invocation, without the Lambda runtime emulator");
        return direct(function, root, workDir);
    }

    /**
     * A direct invoke without the emulator, as {@link #start} falls back to: a fresh JVM per
     * invocation, with the function's environment.
     */
    static FunctionInvoker direct(LambdaFunction function, Path root, Path workDir) {
        return new DirectInvoker(function, root, workDir);
    }
}
