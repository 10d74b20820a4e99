package com.example.localpayments.cli;

import com.example.localaws.LocalAws;
import com.example.localaws.TemplateMessaging;
import com.example.localpayments.downstream.Downstream;
import com.example.localaws.invoke.FunctionInvoker;
import com.example.localaws.invoke.Invocation;
import com.example.localaws.mapping.DrainLoop;
import com.example.localaws.mapping.DynamoDbStreamsEventSourceMapping;
import com.example.localaws.mapping.Poller;
import com.example.localaws.mapping.SqsEventJson;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.localaws.mapping.SqsPoller;
import com.example.localaws.mapping.StreamEventJson;
import com.example.localaws.mapping.StreamPoller;
import com.example.localaws.push.PushApiRequests;
import com.example.localaws.push.PushRequest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * {@code make drain}: runs the local event source mappings of the drained functions (each under
 * the runtime emulator, warm across its invocations) until every source is idle, then prints a
 * summary: per poller what it received and settled, the outcomes the authorizer logged, the
 * decisions the publisher published, the notifier's outcomes, and the notifications the push API
 * has delivered. Exit status 1 when the deadline came first.
 *
 * <p>Three pollers, each on its own thread as Lambda runs each mapping on its own
 * ({@link DrainLoop}): the payments queue into the authorizer, the
 * idempotency table's stream into the publisher ({@link #STREAM_FUNCTION}, with the template's
 * stream settings, resuming from the position the previous drain kept: {@link StreamPosition}),
 * and the notifications queue into the notifier; the SQS ones are the template's event sources of
 * {@link #DRAINED_FUNCTIONS}. Options: {@code --timeout-seconds N} (default 1800: the template's
 * 181 s visibility timeout times 5 receives, and more).
 */
final class Drain implements Command {

    /** The functions whose SQS event sources drain runs, listed around the stream in the summary. */
    static final List<String> DRAINED_FUNCTIONS = List.of("PaymentAuthorizerFunction", "PaymentNotifierFunction");
    /** The function on the idempotency table's stream. */
    static final String STREAM_FUNCTION = "PaymentEventsFunction";
    /** Where stream batches whose retries ran out are recorded (the template's OnFailure destination). */
    static final String STREAM_FAILURE_QUEUE = "PaymentEventsFailureQueue";

    /** How long a poller that found nothing waits before it polls again, and the drain between its checks. */
    private static final Duration POLL_PAUSE = Duration.ofMillis(200);
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public JsonNode run(Options options, Console console) {
        RunState state = RunState.require(console.stateDir());
        Duration timeout = Duration.ofSeconds(options.number("timeout-seconds").orElse(1800));
        Map<String, Map<String, Long>> logged = new TreeMap<>();
        List<FunctionInvoker> invokers = new ArrayList<>();
        LocalFunctions functions = new LocalFunctions(console.root(), state);
        try (LocalAws aws = LocalAws.attach(state.motoEndpoint(), state.redisPort()); SqsClient sqs = aws.sqs();
             DynamoDbStreamsClient streams = aws.dynamoDbStreams(); DynamoDbClient dynamoDb = aws.dynamoDb()) {
            List<SqsPoller> sqsPollers = new ArrayList<>();
            List<TemplateMessaging.SqsEventSource> sources = TemplateMessaging.read(console.root().resolve("template.yaml")).sqsEventSources();
            for (String function : DRAINED_FUNCTIONS) {
                for (TemplateMessaging.SqsEventSource source : sources) {
                    if (!source.function().equals(function)) {
                        continue;
                    }
                    FunctionInvoker invoker = start(functions, function, console, invokers);
                    String queue = state.queue(source.queue());
                    SqsEventSourceMapping mapping = new SqsEventSourceMapping(sqs, queue, LocalAws.REGION.id(), source.batchSize(),
                            Duration.ZERO, event -> {
                                Invocation invocation = invoker.invoke(SqsEventJson.event(event));
                                count(invocation, function, "outcome", logged);
                                return SqsEventJson.response(invocation.payload());
                            });
                    sqsPollers.add(new SqsPoller(source.queue() + " -> " + function, mapping, sqs, queue));
                }
            }
            FunctionInvoker publisher = start(functions, STREAM_FUNCTION, console, invokers);
            String streamArn = DynamoDbStreamsEventSourceMapping.streamArnOf(dynamoDb, Downstream.IDEMPOTENCY_TABLE);
            DynamoDbStreamsEventSourceMapping streamMapping = new DynamoDbStreamsEventSourceMapping(streams, sqs, streamArn,
                    LocalAws.REGION.id(), Downstream.streamSettings(state.queue(STREAM_FAILURE_QUEUE)), event -> {
                        Invocation invocation = publisher.invoke(StreamEventJson.event(event));
                        count(invocation, STREAM_FUNCTION, "event", logged);
                        return StreamEventJson.response(invocation.payload());
                    }, Clock.systemUTC());
            streamMapping.resumeFrom(StreamPosition.read(console.stateDir(), streamArn));
            StreamPoller streamPoller = new StreamPoller(Downstream.IDEMPOTENCY_TABLE + " stream -> " + STREAM_FUNCTION, streamMapping);

            List<Poller> pollers = new ArrayList<>();
            pollers.add(sqsPollers.get(0));
            pollers.add(streamPoller);
            pollers.addAll(sqsPollers.subList(1, sqsPollers.size()));
            console.progress("draining with %s", String.join(", ", pollers.stream().map(Poller::name).toList()));
            DrainLoop.Result result;
            try {
                result = new DrainLoop(pollers, POLL_PAUSE, Clock.systemUTC())
                        .run(timeout, line -> console.progress("%s", line));
            } finally {
                new StreamPosition(streamArn, streamMapping.checkpoints()).write(console.stateDir());
            }
            console.progress(result.drained() ? "drained in %ds" : "NOT drained within %ds", result.took().toSeconds());
            return summary(result, pollers, logged, PushApiRequests.read(state.pushApiBaseUrl()));
        } finally {
            invokers.forEach(FunctionInvoker::close);
        }
    }

    private static FunctionInvoker start(LocalFunctions functions, String function, Console console, List<FunctionInvoker> invokers) {
        FunctionInvoker invoker = FunctionInvoker.start(functions.function(function), console.root(), console.stateDir());
        invokers.add(invoker);
        return invoker;
    }

    /**
     * Counts, per function, the value of {@code field} in every JSON log line the invocation
     * wrote (the authorizer's and the notifier's {@code outcome}, the publisher's {@code event});
     * an authorizer duplicate is counted with its source, e.g. {@code DUPLICATE(FAST_PATH)}.
     */
    private static void count(Invocation invocation, String function, String field, Map<String, Map<String, Long>> logged) {
        for (String line : invocation.logs()) {
            if (!line.startsWith("{") || !line.contains("\"" + field + "\"")) {
                continue;
            }
            try {
                JsonNode node = JSON.readTree(line);
                String value = node.path(field).asText();
                String key = node.has("source") && value.equals("DUPLICATE") ? value + "(" + node.path("source").asText() + ")" : value;
                synchronized (logged) {
                    logged.computeIfAbsent(function, f -> new TreeMap<>()).merge(key, 1L, Long::sum);
                }
            } catch (IOException notJson) {
                // a log line of the function that merely mentions the word
            }
        }
    }

    private static JsonNode summary(DrainLoop.Result result, List<Poller> pollers, Map<String, Map<String, Long>> logged,
                                    List<PushRequest> pushRequests) {
        ObjectNode document = JSON.createObjectNode();
        document.put("drained", result.drained());
        document.put("seconds", result.took().toMillis() / 1000.0);
        ArrayNode list = document.putArray("pollers");
        for (Poller poller : pollers) {
            ObjectNode node = list.addObject();
            node.put("name", poller.name());
            switch (poller) {
                case SqsPoller queue -> node.put("polls", queue.polls()).put("invocations", queue.invocations())
                        .put("received", queue.received()).put("deleted", queue.deleted())
                        .put("leftForRedelivery", queue.failed());
                case StreamPoller stream -> node.put("polls", stream.polls()).put("invocations", stream.invocations())
                        .put("recordsDelivered", stream.delivered()).put("recordsDone", stream.done())
                        .put("recordsToOnFailureQueue", stream.discarded());
                default -> throw new IllegalStateException("no summary for " + poller.name());
            }
        }
        document.set("outcomes", JSON.valueToTree(logged.getOrDefault(DRAINED_FUNCTIONS.get(0), Map.of())));
        Map<String, Long> events = logged.getOrDefault(STREAM_FUNCTION, Map.of());
        ObjectNode published = document.putObject("published");
        events.forEach((event, count) -> {
            if (event.startsWith("Payment")) {
                published.put(event, count);
            }
        });
        published.put("total", events.entrySet().stream().filter(e -> e.getKey().startsWith("Payment")).mapToLong(Map.Entry::getValue).sum());
        document.set("notifierOutcomes", JSON.valueToTree(logged.getOrDefault(DRAINED_FUNCTIONS.get(1), Map.of())));
        document.put("notificationsDelivered", pushRequests.stream().filter(PushRequest::delivered).count());
        document.put("pushRequestsReceived", pushRequests.size());
        return document;
    }
}
