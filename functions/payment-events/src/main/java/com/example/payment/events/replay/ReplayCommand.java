package com.example.payment.events.replay;

import com.example.payment.events.SnsDecisionPublisher;
import java.io.PrintStream;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * {@code make replay}: the replay as a command, against whatever the AWS SDK's default chain
 * points at (credentials, {@code AWS_REGION}, and {@code AWS_ENDPOINT_URL} for a local AWS).
 * <pre>
 * --table &lt;idempotency table&gt; --topic &lt;topic ARN&gt; --from &lt;instant&gt; --to &lt;instant&gt;
 * --table &lt;idempotency table&gt; --topic &lt;topic ARN&gt; --on-failure-queue &lt;queue URL&gt;
 * </pre>
 * Prints one JSON line (found, published, failed; with a failure queue, per batch what it covered and
 * published for the first time or again) on stdout; exit status 0 when every decision
 * found was published, 1 when some were not (run it again), 2 on a usage error.
 */
public final class ReplayCommand {

    private static final ObjectMapper JSON = new ObjectMapper();
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
            List<BatchReport> batches = List.of();
            if (options.containsKey("--on-failure-queue")) {
                try (SqsClient sqs = SqsClient.create(); DynamoDbStreamsClient streams = DynamoDbStreamsClient.create()) {
                    OnFailureReplay.Run run = new OnFailureReplay(sqs, replay, new StreamBatchTransactions(streams), System.err)
                            .run(options.get("--on-failure-queue"));
                    result = run.total();
                    batches = run.batches();
                }
            } else {
                result = replay.replay(window(options));
            }
            print(result, batches, System.out);
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

    /**
     * One JSON line: {@code found}, {@code published}, {@code failed}, and with a failure queue
     * {@code batches}, each {@link BatchReport} as its components.
     */
    public static void print(ReplayResult result, List<BatchReport> batches, PrintStream out) {
        ObjectNode line = JSON.createObjectNode().put("found", result.found()).put("published", result.published());
        line.set("failed", JSON.valueToTree(result.failed()));
        if (!batches.isEmpty()) {
            ArrayNode reports = line.putArray("batches");
            for (BatchReport batch : batches) {
                ObjectNode report = reports.addObject();
                report.set("messages", JSON.valueToTree(batch.messages()));
                report.putObject("window").put("from", batch.window().from().toString()).put("to", batch.window().to().toString());
                report.put("coveredKnown", batch.coveredKnown());
                report.set("covered", JSON.valueToTree(batch.covered()));
                report.set("publishedFirstTime", JSON.valueToTree(batch.publishedFirstTime()));
                report.set("publishedAgain", JSON.valueToTree(batch.publishedAgain()));
                report.set("failed", JSON.valueToTree(batch.failed()));
            }
        }
        out.println(line);
    }
}
