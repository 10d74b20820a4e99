package com.example.payment.events.replay;

import com.example.payment.events.SnsDecisionPublisher;
import java.io.PrintStream;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * {@code make replay}: the replay as a command, against whatever the AWS SDK's default chain
 * points at (credentials, {@code AWS_REGION}, and {@code AWS_ENDPOINT_URL} for a local AWS).
 * <pre>
 * --table &lt;idempotency table&gt; --topic &lt;topic ARN&gt; --from &lt;instant&gt; --to &lt;instant&gt;
 * --table &lt;idempotency table&gt; --topic &lt;topic ARN&gt; --on-failure-queue &lt;queue URL&gt;
 * </pre>
 * Prints one JSON line (found, published, failed) on stdout; exit status 0 when every decision
 * found was published, 1 when some were not (run it again), 2 on a usage error.
 */
public final class ReplayCommand {

    private static final Set<String> OPTIONS = Set.of("--table", "--topic", "--from", "--to", "--on-failure-queue");

    private ReplayCommand() {
    }

    public static void main(String[] args) {
        Map<String, String> options;
        try {
            options = options(args);
        } catch (IllegalArgumentException e) {
            System.err.println("replay: " + e.getMessage());
            System.exit(2);
            return;
        }
        try (DynamoDbClient dynamoDb = DynamoDbClient.create(); SnsClient sns = SnsClient.create()) {
            DecisionReplay replay = new DecisionReplay(dynamoDb, options.get("--table"),
                    new SnsDecisionPublisher(sns, options.get("--topic")), System.err);
            ReplayResult result;
            if (options.containsKey("--on-failure-queue")) {
                try (SqsClient sqs = SqsClient.create()) {
                    result = new OnFailureReplay(sqs, replay, System.err).replay(options.get("--on-failure-queue"));
                }
            } else {
                result = replay.replay(window(options));
            }
            print(result, System.out);
            System.exit(result.complete() ? 0 : 1);
        }
    }

    /**
     * The options of {@code args}, checked.
     *
     * @throws IllegalArgumentException naming the option and the rule
     */
    static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!OPTIONS.contains(args[i]) || i + 1 >= args.length || args[i + 1].isBlank()) {
                throw new IllegalArgumentException("expected one of " + OPTIONS + " with a value, got '" + args[i] + "'");
            }
            options.put(args[i], args[i + 1]);
        }
        for (String required : new String[] {"--table", "--topic"}) {
            if (!options.containsKey(required)) {
                throw new IllegalArgumentException(required + " is required");
            }
        }
        boolean byQueue = options.containsKey("--on-failure-queue");
        boolean byWindow = options.containsKey("--from") || options.containsKey("--to");
        if (byQueue == byWindow) {
            throw new IllegalArgumentException("give either --from and --to, or --on-failure-queue");
        }
        if (byWindow) {
            window(options);
        }
        return Map.copyOf(options);
    }

    private static ReplayWindow window(Map<String, String> options) {
        return new ReplayWindow(instant(options, "--from"), instant(options, "--to"));
    }

    private static Instant instant(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null) {
            throw new IllegalArgumentException(name + " is required with a window");
        }
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(name + " must be an ISO-8601 instant such as 2026-12-03T08:00:00Z, was '"
                    + value + "'", e);
        }
    }

    static void print(ReplayResult result, PrintStream out) {
        StringBuilder failed = new StringBuilder();
        for (String failure : result.failed()) {
            failed.append(failed.isEmpty() ? "" : ",").append('"').append(failure.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
        }
        out.println("{\"found\":" + result.found() + ",\"published\":" + result.published() + ",\"failed\":[" + failed + "]}");
    }
}
