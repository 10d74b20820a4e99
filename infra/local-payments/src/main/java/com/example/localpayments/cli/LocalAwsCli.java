package com.example.localpayments.cli;

import com.example.localaws.ProjectRoot;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The local runtime's command line, which the Makefile wraps:
 * {@code LocalAwsCli <up|down|invoke|send|stamp|drain|state|dlq|redrive|outputs|push-api-fault|push-api-keys> [--name value]...}.
 * Prints the command's JSON document (or one value, as plain text) on stdout and progress on stderr; exit status 0 on success, 1 when the command
 * ran but did not succeed (the function failed, the queues did not drain), 2 for a usage error or
 * a situation the user can fix (the message says how).
 *
 * <p>The state file and the function logs live in {@code target/local-aws/} of the project's
 * root (the nearest folder with {@code template.yaml}), or in {@code --state-dir DIR}.
 */
public final class LocalAwsCli {

    private static final Map<String, Supplier<Command>> COMMANDS = Map.ofEntries(
            Map.entry("up", Up::new),
            Map.entry("down", Down::new),
            Map.entry("invoke", Invoke::new),
            Map.entry("send", Send::new),
            Map.entry("stamp", Stamp::new),
            Map.entry("drain", Drain::new),
            Map.entry("state", State::new),
            Map.entry("dlq", Dlq::new),
            Map.entry("outputs", Outputs::new),
            Map.entry("push-api-fault", PushApiFault::new),
            Map.entry("push-api-keys", PushApiKeys::new),
            Map.entry("redrive", Redrive::new));

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private LocalAwsCli() {
    }

    public static void main(String[] args) {
        LibraryLogging.silence();
        int status = run(Arrays.asList(args), System.out, System.err);
        System.out.flush();
        // the AWS SDK's and the function invokers' threads must not keep a finished command alive
        System.exit(status);
    }

    /** Runs one command with {@code out} for its JSON document and {@code err} for progress; returns the exit status. */
    public static int run(List<String> args, PrintStream out, PrintStream err) {
        if (args.isEmpty() || !COMMANDS.containsKey(args.get(0))) {
            err.println("usage: LocalAwsCli <" + String.join("|", COMMANDS.keySet().stream().sorted().toList())
                    + "> [--name value]...");
            return 2;
        }
        try {
            Options options = Options.parse(args.subList(1, args.size()));
            Path root = ProjectRoot.find();
            Path stateDir = options.get("state-dir").map(Path::of).orElse(root.resolve("target/local-aws")).toAbsolutePath();
            JsonNode document = COMMANDS.get(args.get(0)).get().run(options, new Console(root, stateDir, out, err));
            // A single value (an output's, for out()) is printed as plain text, as aws --output text prints one.
            out.println(document.isTextual() ? document.asText() : JSON.writeValueAsString(document));
            return succeeded(document) ? 0 : 1;
        } catch (CliException e) {
            err.println("local-aws: " + e.getMessage());
            return 2;
        } catch (Exception e) {
            err.println("local-aws: " + args.get(0) + " failed: " + e);
            return 1;
        }
    }

    /** A drain that did not finish and a function's error document are failures. */
    private static boolean succeeded(JsonNode document) {
        return !(document.path("drained").isBoolean() && !document.path("drained").asBoolean())
                && !document.has("errorType");
    }
}
