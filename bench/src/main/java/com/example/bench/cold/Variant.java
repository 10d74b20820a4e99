package com.example.bench.cold;

import com.example.reliability.Implementation;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One way of building and starting the function.
 *
 * @param name        short id, for file names and JSON
 * @param label       what the report calls it
 * @param handler     the Lambda handler the runtime constructs
 * @param classpath   the function's code
 * @param jvmOptions  added through {@code JAVA_TOOL_OPTIONS}, as a Lambda function would add them
 * @param overrides   added through {@code _JAVA_OPTIONS}, which the JVM reads after the runtime's
 *                    command line: only to undo one of the runtime's own options
 * @param environment extra variables for the handler
 * @param runs        how many cold starts to measure
 */
record Variant(String name, String label, String handler, List<Path> classpath, String jvmOptions, String overrides,
               Map<String, String> environment, int runs) {

    Variant {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(handler, "handler");
        classpath = List.copyOf(classpath);
        Objects.requireNonNull(jvmOptions, "jvmOptions");
        Objects.requireNonNull(overrides, "overrides");
        environment = Map.copyOf(environment);
        if (runs < 1) {
            throw new IllegalArgumentException("runs must be positive");
        }
    }

    /** Whether its runtime JVM records the batches' first-time work ({@link FirstTimeWork}). */
    boolean traced() {
        return jvmOptions.contains("-XX:StartFlightRecording");
    }

    /** Which implementation it runs: the Powertools baseline's handler, or ours in some build. */
    Implementation implementation() {
        return handler.startsWith(BaselineHandler.class.getName() + "::") ? Implementation.POWERTOOLS : Implementation.RECEIVER;
    }

    Variant withRuns(int count) {
        return new Variant(name, label, handler, classpath, jvmOptions, overrides, environment, count);
    }
}
