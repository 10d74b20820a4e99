package com.example.localpayments.cli;

import com.example.localaws.invoke.FunctionInvoker;
import com.example.localaws.invoke.Invocation;
import com.example.localaws.invoke.LambdaFunction;
import com.example.localpayments.TimesOfIssue;
import com.example.receiver.lambda.ReceiverVariables;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * {@code make invoke FUNCTION=… EVENT=…}: invokes the function once with the event file, under
 * the Lambda runtime emulator (or, when it is missing, a direct invoke in a fresh JVM, which the
 * invoker says on stderr), against the running local AWS. Prints the function's response as
 * Lambda's Invoke API returns it; the function's log lines go to stderr. Options:
 * {@code --function LOGICAL_ID --event FILE}.
 *
 * <p>A function that bounds a payment's age ({@code MAX_MESSAGE_AGE_SECONDS} set, as env.json sets
 * it) is given the event as if recorded now ({@link TimesOfIssue}: each payment keeps its age
 * relative to the others, the newest issued now), which stderr says: the files of {@code events/}
 * were recorded months ago, and would otherwise all be refused as too old.
 */
final class Invoke implements Command {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public JsonNode run(Options options, Console console) {
        RunState state = RunState.require(console.stateDir());
        Path eventFile = options.file("event", console.root())
                .orElseThrow(() -> new CliException("--event is required (make invoke EVENT=events/purchase.json)"));
        String event;
        try {
            event = Files.readString(eventFile);
        } catch (IOException e) {
            throw new CliException("cannot read the event " + eventFile + ": " + e.getMessage());
        }
        String name = options.get("function").orElse("PaymentAuthorizerFunction");
        LambdaFunction function = new LocalFunctions(console.root(), state).function(name);
        String bound = function.environment().getOrDefault(ReceiverVariables.MAX_MESSAGE_AGE_SECONDS, "");
        if (!bound.isEmpty()) {
            String recorded = event;
            event = TimesOfIssue.event(recorded, Instant.now());
            if (!event.equals(recorded)) {
                console.progress("the event's payments stamped as if recorded now (headers.timestamp moved together, the newest "
                        + "issued now): %s refuses a payment issued more than %s s ago", name, bound);
            }
        }
        try (FunctionInvoker invoker = FunctionInvoker.start(function, console.root(), console.stateDir())) {
            console.progress("invoking %s with %s", name, console.root().relativize(eventFile));
            Invocation invocation = invoker.invoke(event);
            invocation.logs().forEach(console.err()::println);
            return JSON.readTree(invocation.payload());
        } catch (IOException e) {
            throw new UncheckedIOException("the function's response is not JSON", e);
        }
    }
}
