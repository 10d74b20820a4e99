package com.example.localpayments.cli;

import com.example.localaws.invoke.FunctionInvoker;
import com.example.localaws.invoke.Invocation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code make invoke FUNCTION=… EVENT=…}: invokes the function once with the event file, under
 * the Lambda runtime emulator (or, when it is missing, a direct invoke in a fresh JVM, which the
 * invoker says on stderr), against the running local AWS. Prints the function's response as
 * Lambda's Invoke API returns it; the function's log lines go to stderr. Options:
 * {@code --function LOGICAL_ID --event FILE}.
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
        try (FunctionInvoker invoker = FunctionInvoker.start(new LocalFunctions(console.root(), state).function(name),
                console.root(), console.stateDir())) {
            console.progress("invoking %s with %s", name, console.root().relativize(eventFile));
            Invocation invocation = invoker.invoke(event);
            invocation.logs().forEach(console.err()::println);
            return JSON.readTree(invocation.payload());
        } catch (IOException e) {
            throw new UncheckedIOException("the function's response is not JSON", e);
        }
    }
}
