package com.example.compat;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsFolder;
import com.example.localaws.LocalQueues;
import com.example.localaws.invoke.FunctionInvoker;
import com.example.localaws.invoke.LambdaFunction;
import com.example.localaws.mapping.DrainLoop;
import com.example.localaws.mapping.DynamoDbStreamsEventSourceMapping;
import com.example.localaws.mapping.Poller;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.localaws.mapping.SqsPoller;
import com.example.localaws.mapping.StreamPoller;
import com.example.localpayments.Accounts;
import com.example.localpayments.ReceiverEnvironment;
import com.example.localpayments.downstream.Downstream;
import com.example.paymenttraffic.Send;
import com.example.paymenttraffic.Traffic;
import com.example.paymenttraffic.reference.ReferenceModel;
import com.example.receiver.lambda.ReceiverVariables;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * One run of two versions side by side on a local AWS of its own: the template's tables, one
 * payments queue (with its DLQ), the records' stream and the decisions' topic. Each version's
 * authorizer runs its real package under the runtime emulator in its own process, behind its own
 * event source mapping on the one queue; the stream's mapping hands batches to the two versions'
 * publishers in turn ({@link PublisherRoute}). Three phases: both versions take the first third
 * of the traffic; then a rollback, the released version alone takes the second third; then both
 * again take the rest and the late retries and conflicts. Then it reads what the tables, the DLQ
 * and the topic hold, and each version's readers read every record ({@link RecordReaders}).
 */
final class CompatRun {

    /** The template's batch size on the payments queue. */
    private static final int BATCH_SIZE = 10;
    /** Short, so that an answer lost after the decision comes back within the run. */
    private static final int VISIBILITY_SECONDS = 2;
    private static final int MAX_RECEIVE_COUNT = 5;
    /** Every seventh invocation of each version loses its answer (a batch redelivered). */
    private static final int CRASH_EVERY = 7;
    private static final Duration DRAIN_TIMEOUT = Duration.ofMinutes(15);
    private static final Duration POLL_PAUSE = Duration.ofMillis(200);

    /**
     * What a run leaves for the oracles and the report.
     *
     * @param phases messages sent per phase, in order
     */
    record Result(Version released, Version tree, Traffic traffic, ReferenceModel expected, Producer producer,
                  Map<String, Integer> phases, boolean drained, Map<String, AuthorizerVersion> authorizers,
                  TableState tables, List<String> deadLetters, List<Downstream.Published> published,
                  Map<String, String> publishedBy, List<RecordReaders.Reading> readings, Duration took) {
    }

    private CompatRun() {
    }

    static Result run(Version released, Version tree, int payments, long seed, Consumer<String> progress) {
        Instant started = Instant.now();
        Duration maxAge = Duration.ofSeconds(Long.parseLong(tree.authorizerVariable(ReceiverVariables.MAX_MESSAGE_AGE_SECONDS)));
        Traffic traffic = Traffic.generate(CompatTraffic.profile(payments, maxAge), seed);
        ReferenceModel expected = ReferenceModel.replay(traffic);
        if (!traffic.sends(Send.Moment.AFTER_TTL).isEmpty()) {
            throw new IllegalStateException("the profile sends after the records' TTL, which this run cannot reach");
        }
        progress.accept(String.format("%d messages, %d unique payments; %s and %s side by side",
                traffic.sends().size(), traffic.payments().size(), released.label(), tree.label()));
        try (LocalAws aws = LocalAws.start("compat"); SqsClient sqs = aws.sqs(); DynamoDbClient dynamoDb = aws.dynamoDb();
             DynamoDbStreamsClient streams = aws.dynamoDbStreams();
             Downstream downstream = Downstream.create(aws, Duration.ofSeconds(VISIBILITY_SECONDS))) {
            String dlq = sqs.createQueue(request -> request.queueName("PaymentsDeadLetterQueue-compat")).queueUrl();
            String queue = LocalQueues.withDeadLetterQueue(sqs, "PaymentsQueue-compat", VISIBILITY_SECONDS, dlq, MAX_RECEIVE_COUNT);
            Accounts.seed(dynamoDb, traffic.accounts().stream().map(account -> new Accounts.Account(account.id(),
                    account.balanceMinor(), account.currency(), account.active() ? "ACTIVE" : "BLOCKED")).toList());
            List<FunctionInvoker> invokers = Collections.synchronizedList(new ArrayList<>());
            try {
                // The four runtimes start at once: each waits for its emulator to listen.
                Map<String, FunctionInvoker> runtimes = new ConcurrentHashMap<>();
                List.of(released, tree).parallelStream().forEach(version -> {
                    Path workDir = LocalAwsFolder.of(aws.root()).resolve("compat").resolve(version.label());
                    List.of(version.authorizerFunction(authorizerVariables(aws, dlq)),
                            version.publisherFunction(connection(aws, downstream.publisherEnvironment()))).parallelStream()
                            .forEach(function -> runtimes.put(version.label() + " " + function.name(),
                                    start(invokers, function, aws, workDir)));
                });
                Map<String, AuthorizerVersion> authorizers = new LinkedHashMap<>();
                Map<String, FunctionInvoker> publishers = new HashMap<>();
                for (Version version : List.of(released, tree)) {
                    authorizers.put(version.label(), new AuthorizerVersion(version.label(),
                            runtimes.get(version.label() + " " + Version.AUTHORIZER), CRASH_EVERY));
                    publishers.put(version.label(), runtimes.get(version.label() + " " + Version.PUBLISHER));
                }
                PublisherRoute route = new PublisherRoute(publishers, released.label());
                Map<String, SqsPoller> pollers = new LinkedHashMap<>();
                authorizers.forEach((label, authorizer) -> pollers.put(label, new SqsPoller("payments -> " + label,
                        new SqsEventSourceMapping(sqs, queue, LocalAws.REGION.id(), BATCH_SIZE, Duration.ZERO, authorizer::handle),
                        sqs, queue)));
                StreamPoller stream = new StreamPoller("records stream -> publishers", new DynamoDbStreamsEventSourceMapping(
                        streams, sqs, DynamoDbStreamsEventSourceMapping.streamArnOf(dynamoDb, TableState.RECORDS),
                        LocalAws.REGION.id(), Downstream.streamSettings(downstream.streamFailuresQueueUrl()), route::handle,
                        Clock.systemUTC()));

                Producer producer = new Producer(sqs, queue);
                List<Send> inStream = traffic.sends(Send.Moment.STREAM);
                int third = inStream.size() / 3;
                List<Send> rest = new ArrayList<>(inStream.subList(2 * third, inStream.size()));
                rest.addAll(traffic.sends(Send.Moment.AFTER_DECIDED));
                Map<String, Integer> phases = new LinkedHashMap<>();
                boolean drained = phase("both versions", inStream.subList(0, third), producer,
                        List.of(pollers.get(released.label()), pollers.get(tree.label()), stream), phases, progress);
                route.rolledBack(true);
                drained &= phase("rolled back: " + released.label() + " alone", inStream.subList(third, 2 * third), producer,
                        List.of(pollers.get(released.label()), stream), phases, progress);
                route.rolledBack(false);
                drained &= phase("both versions again", rest, producer,
                        List.of(pollers.get(released.label()), pollers.get(tree.label()), stream), phases, progress);

                progress.accept("reading the tables, the DLQ and the topic; each version's readers read every record");
                List<String> deadLetters = LocalQueues.take(sqs, dlq).stream().map(message -> message.body()).toList();
                List<RecordReaders.Reading> readings = List.of(released, tree).parallelStream()
                        .map(version -> RecordReaders.read(version, aws, TableState.RECORDS)).toList();
                return new Result(released, tree, traffic, expected, producer, phases, drained, authorizers,
                        TableState.read(dynamoDb), deadLetters, downstream.published(), route.publishedBy(), readings,
                        Duration.between(started, Instant.now()));
            } finally {
                invokers.forEach(FunctionInvoker::close);
            }
        }
    }

    private static boolean phase(String name, List<Send> sends, Producer producer, List<Poller> pollers,
                                 Map<String, Integer> phases, Consumer<String> progress) {
        progress.accept(String.format("%s: %d messages", name, sends.size()));
        phases.put(name, sends.size());
        producer.send(sends);
        DrainLoop.Result result = new DrainLoop(pollers, POLL_PAUSE, Clock.systemUTC()).run(DRAIN_TIMEOUT, progress);
        progress.accept(String.format("%s: %s in %d s", name, result.drained() ? "drained" : "NOT drained", result.took().toSeconds()));
        return result.drained();
    }

    private static FunctionInvoker start(List<FunctionInvoker> invokers, LambdaFunction function,
                                         LocalAws aws, Path workDir) {
        FunctionInvoker invoker = FunctionInvoker.start(function, aws.root(), workDir);
        invokers.add(invoker);
        return invoker;
    }

    /** The authorizer's variables that point it at this local AWS; the rest are its version's env.json. */
    private static Map<String, String> authorizerVariables(LocalAws aws, String deadLetterQueue) {
        Map<String, String> variables = new HashMap<>(ReceiverEnvironment.fastPath(aws.redis(), aws.fastPathSigningSecret()));
        variables.put(ReceiverVariables.DEAD_LETTER_QUEUE_URL, deadLetterQueue);
        variables.put("METRICS_NAMESPACE", "PaymentsCompat");
        return connection(aws, variables);
    }

    private static Map<String, String> connection(LocalAws aws, Map<String, String> variables) {
        Map<String, String> connected = new HashMap<>(variables);
        connected.put("AWS_REGION", LocalAws.REGION.id());
        connected.put("AWS_ENDPOINT_URL", aws.endpoint().toString());
        return connected;
    }
}
