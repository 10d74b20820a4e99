package com.example.localaws.invoke;

import com.example.localaws.CallRecording;
import java.util.Arrays;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.SdkHttpRequest;

/**
 * Says the Lambda phase of each AWS call a local function's process makes, in the header
 * {@value CallRecording#PHASE_HEADER}, for the launcher's recording ({@link CallRecording}). Not
 * an API: the AWS SDK instantiates it in function processes only, as a global interceptor that
 * {@link PhaseHeaderClasspath} registers on their classpath; it is self-contained (the SDK and
 * the JDK, the constants inlined) because its class file is copied there alone. A function's
 * deployed code never has it.
 *
 * <p>A call is {@value CallRecording#INIT} when it is made while the runtime initialises the
 * function: its thread, or the runtime's main thread, is in the runtime interface client's
 * loading of the handler ({@code HandlerInfo.fromString}, which initialises the handler class:
 * its static init; {@code EventHandlerLoader.loadEventHandler}, which runs its constructor) or in
 * a CRaC {@code beforeCheckpoint} (SnapStart's priming). Looking at the main thread too counts a
 * call from a thread the constructor started as init while the init lasts. Every other call is
 * {@value CallRecording#INVOKE}: the handler's, its threads', and also a call a thread started at
 * init makes after the init ended (Lambda freezes such a thread between invocations, so it runs
 * within one) and a CRaC {@code afterRestore}'s (the restore of a SnapStart environment, which the
 * local runtime never performs).
 */
public final class LambdaPhaseInterceptor implements ExecutionInterceptor {

    private static final String RUNTIME_CLIENT = "com.amazonaws.services.lambda.runtime.api.client.";
    private static final String MAIN = "main";
    private static final StackWalker STACK = StackWalker.getInstance();
    /** The runtime's main thread, found once; null until then or when there is none. */
    private static volatile Thread mainThread;

    /** For the SDK, which instantiates global interceptors by their class name. */
    public LambdaPhaseInterceptor() {
    }

    @Override
    public SdkHttpRequest modifyHttpRequest(Context.ModifyHttpRequest context, ExecutionAttributes executionAttributes) {
        return context.httpRequest().toBuilder().putHeader(CallRecording.PHASE_HEADER, phase()).build();
    }

    /** The phase of a call made now, on this thread. */
    private static String phase() {
        if (STACK.walk(frames -> frames.anyMatch(frame -> initialises(frame.getClassName(), frame.getMethodName())))) {
            return CallRecording.INIT;
        }
        Thread main = mainThread();
        if (main != null && main != Thread.currentThread() && Arrays.stream(main.getStackTrace())
                .anyMatch(frame -> initialises(frame.getClassName(), frame.getMethodName()))) {
            return CallRecording.INIT;
        }
        return CallRecording.INVOKE;
    }

    /** Whether a frame of this method belongs to the function's init. */
    private static boolean initialises(String className, String methodName) {
        return className.equals(RUNTIME_CLIENT + "HandlerInfo") && methodName.equals("fromString")
                || className.equals(RUNTIME_CLIENT + "EventHandlerLoader") && methodName.equals("loadEventHandler")
                || methodName.equals("beforeCheckpoint");
    }

    private static Thread mainThread() {
        Thread main = mainThread;
        if (main == null) {
            main = Thread.getAllStackTraces().keySet().stream()
                    .filter(thread -> thread.getName().equals(MAIN) && thread.getThreadGroup() != null
                            && thread.getThreadGroup().getName().equals(MAIN))
                    .findFirst().orElse(null);
            mainThread = main;
        }
        return main;
    }
}
