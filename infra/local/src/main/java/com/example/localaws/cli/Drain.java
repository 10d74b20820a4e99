package com.example.localaws.cli;

import com.example.localaws.LocalAws;
import com.example.localaws.TemplateMessaging;
import com.example.localaws.invoke.FunctionInvoker;
import com.example.localaws.invoke.Invocation;
import com.example.localaws.mapping.DrainLoop;
import com.example.localaws.mapping.Poller;
import com.example.localaws.mapping.SqsEventJson;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.localaws.mapping.SqsPoller;
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
import java.util.Set;
import java.util.TreeMap;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * {@code make drain}: runs the local event source mappings of the drained functions (each under
 * the runtime emulator, warm across its invocations) until every source is empty, in-flight
 * messages included, then prints a summary: per poller what it received, deleted and left to
 * redelivery, and the outcomes the functions logged. Exit status 1 when the deadline came first.
 *
 * <p>The pollers are a list: today the SQS event sources (from {@code template.yaml}) of the
 * functions in {@link #DRAINED_FUNCTIONS}; a stream poller joins it as one more {@link Poller}.
 * Options: {@code --timeout-seconds N} (default 1800: the template's 181 s visibility timeout
 * times 5 receives, and more).
 */
final class Drain implements Command {

    /** The functions whose SQS event sources drain runs. */
    static final Set<String> DRAINED_FUNCTIONS = Set.of("PaymentAuthorizerFunction");

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public JsonNode run(Options options, Console console) {
        RunState state = RunState.require(console.stateDir());
        Duration timeout = Duration.ofSeconds(options.number("timeout-seconds").orElse(1800));
        Map<String, Long> outcomes = new TreeMap<>();
        List<FunctionInvoker> invokers = new ArrayList<>();
        List<SqsPoller> sqsPollers = new ArrayList<>();
        LocalFunctions functions = new LocalFunctions(console.root(), state);
        try (LocalAws aws = LocalAws.attach(state.motoEndpoint(), state.redisPort()); SqsClient sqs = aws.sqs()) {
            for (TemplateMessaging.SqsEventSource source : TemplateMessaging.read(console.root().resolve("template.yaml")).sqsEventSources()) {
                if (!DRAINED_FUNCTIONS.contains(source.function())) {
                    continue;
                }
                FunctionInvoker invoker = FunctionInvoker.start(functions.function(source.function()), console.root(), console.stateDir());
                invokers.add(invoker);
                String queue = state.queue(source.queue());
                SqsEventSourceMapping mapping = new SqsEventSourceMapping(sqs, queue, LocalAws.REGION.id(), source.batchSize(),
                        Duration.ZERO, event -> {
                            Invocation invocation = invoker.invoke(SqsEventJson.event(event));
                            count(invocation, outcomes);
                            return SqsEventJson.response(invocation.payload());
                        });
                sqsPollers.add(new SqsPoller(source.queue() + " -> " + source.function(), mapping, sqs, queue));
            }
            List<Poller> pollers = new ArrayList<>(sqsPollers);
            console.progress("draining with %s", String.join(", ", pollers.stream().map(Poller::name).toList()));
            DrainLoop.Result result = new DrainLoop(pollers, Duration.ofMillis(500), Clock.systemUTC())
                    .run(timeout, line -> console.progress("%s", line));
            console.progress(result.drained() ? "drained in %ds" : "NOT drained within %ds", result.took().toSeconds());
            return summary(result, sqsPollers, outcomes);
        } finally {
            invokers.forEach(FunctionInvoker::close);
        }
    }

    /** Counts the outcome of every per-message log line the invocation wrote. */
    private static void count(Invocation invocation, Map<String, Long> outcomes) {
        for (String line : invocation.logs()) {
            if (!line.startsWith("{") || !line.contains("\"outcome\"")) {
                continue;
            }
            try {
                JsonNode node = JSON.readTree(line);
                String outcome = node.path("outcome").asText();
                String key = node.has("source") && outcome.equals("DUPLICATE") ? outcome + "(" + node.path("source").asText() + ")" : outcome;
                synchronized (outcomes) {
                    outcomes.merge(key, 1L, Long::sum);
                }
            } catch (IOException notJson) {
                // a log line of the function that merely mentions the word
            }
        }
    }

    private static JsonNode summary(DrainLoop.Result result, List<SqsPoller> pollers, Map<String, Long> outcomes) {
        ObjectNode document = JSON.createObjectNode();
        document.put("drained", result.drained());
        document.put("seconds", result.took().toMillis() / 1000.0);
        ArrayNode list = document.putArray("pollers");
        for (SqsPoller poller : pollers) {
            ObjectNode node = list.addObject();
            node.put("name", poller.name());
            node.put("polls", poller.polls());
            node.put("invocations", poller.invocations());
            node.put("received", poller.received());
            node.put("deleted", poller.deleted());
            node.put("leftForRedelivery", poller.failed());
        }
        document.set("outcomes", JSON.valueToTree(outcomes));
        return document;
    }
}
