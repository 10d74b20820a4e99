package com.example.localaws.invoke;

import com.amazonaws.services.lambda.runtime.api.client.AWSLambda;
import com.amazonaws.services.lambda.runtime.api.client.EventHandlerLoader;
import com.amazonaws.services.lambda.runtime.api.client.HandlerInfo;
import com.amazonaws.services.lambda.runtime.api.client.LambdaRequestHandler;
import com.amazonaws.services.lambda.runtime.api.client.UserFault;
import com.amazonaws.services.lambda.runtime.api.client.runtimeapi.DtoSerializers;
import com.amazonaws.services.lambda.runtime.api.client.runtimeapi.converters.LambdaErrorConverter;
import com.amazonaws.services.lambda.runtime.api.client.runtimeapi.dto.ErrorRequest;
import com.amazonaws.services.lambda.runtime.api.client.runtimeapi.dto.InvocationRequest;
import java.io.IOException;
import java.lang.reflect.Field;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The entry point of a direct invoke's JVM (not an API): loads the handler as the runtime
 * interface client's {@code AWSLambda} does, runs it once on the event file, and writes what
 * Lambda would answer (the result, or the error document) to the response file.
 *
 * <p>Arguments: handler, request id, event file, response file, timeout in milliseconds. Exit
 * status 0 when the handler ran (the response may be an error document), {@value #INIT_FAILED}
 * when it could not be loaded or constructed.
 */
public final class DirectInvocation {

    /** The exit status of an init failure. */
    static final int INIT_FAILED = 3;

    private DirectInvocation() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 5) {
            System.err.println("usage: DirectInvocation <handler> <request id> <event file> <response file> <timeout ms>");
            System.exit(2);
        }
        Path response = Path.of(args[3]);
        LambdaRequestHandler handler;
        try {
            ClassLoader functionLoader = useFunctionClassLoader();
            handler = EventHandlerLoader.loadEventHandler(HandlerInfo.fromString(args[0], functionLoader));
        } catch (Throwable t) {
            fail(response, t);
            return;
        }
        // As AWSLambda: a constructor that threw is an init error; other faults fail each invoke.
        if (handler instanceof LambdaRequestHandler.UserFaultHandler faulty && Boolean.TRUE.equals(faulty.fault.fatal)) {
            fail(response, faulty.fault);
            return;
        }
        InvocationRequest request = new InvocationRequest();
        request.setId(args[1]);
        request.setDeadlineTimeInMs(System.currentTimeMillis() + Long.parseLong(args[4]));
        request.setInvokedFunctionArn("arn:aws:lambda:" + System.getenv().getOrDefault("AWS_REGION", "us-east-1")
                + ":123456789012:function:" + System.getenv("AWS_LAMBDA_FUNCTION_NAME"));
        request.setContent(Files.readAllBytes(Path.of(args[2])));
        byte[] answer;
        try {
            answer = handler.call(request).toByteArray();
        } catch (Throwable t) {
            answer = DtoSerializers.serialize(report(t));
        }
        Files.write(response, answer);
        // The handler's non-daemon threads must not keep a finished invocation alive.
        System.exit(0);
    }

    /**
     * The class loader of the function's code, installed where the runtime interface client
     * looks for it. {@code AWSLambda} keeps it in a private static field that only its Runtime
     * API loop sets, and the serializers of Lambda's event types (SQSEvent...) load the event
     * classes through it; like Lambda's, it delegates to the system class loader, which holds the
     * function's classpath here.
     */
    private static ClassLoader useFunctionClassLoader() throws ReflectiveOperationException {
        URLClassLoader loader = new URLClassLoader(new URL[0], ClassLoader.getSystemClassLoader());
        Field field = AWSLambda.class.getDeclaredField("customerClassLoader");
        field.setAccessible(true);
        field.set(null, loader);
        Thread.currentThread().setContextClassLoader(loader);
        return loader;
    }

    private static void fail(Path response, Throwable t) throws IOException {
        Files.write(response, DtoSerializers.serialize(report(t)));
        System.exit(INIT_FAILED);
    }

    /** Logs the fault as the runtime client does and returns its error document. */
    private static ErrorRequest report(Throwable t) {
        UserFault.filterStackTrace(t);
        UserFault fault = UserFault.makeUserFault(t);
        System.err.println(fault.reportableError());
        return t instanceof UserFault userFault
                ? LambdaErrorConverter.fromUserFault(userFault)
                : LambdaErrorConverter.fromThrowable(t);
    }
}
