package com.example.reliability;

import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalQueues;
import com.example.localaws.proxy.LoopbackProxy;
import com.example.localpayments.Accounts;
import com.example.localpayments.ReceiverEnvironment;
import com.example.payment.PaymentTables;
import com.example.paymenttraffic.Traffic;
import com.example.paymenttraffic.reference.Decision;
import com.example.paymenttraffic.reference.ReferenceModel;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.receiver.testkit.TransactionConflicts;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * Runs one {@link Scenario} on a local AWS: fresh tables (the template's, plus the baseline's
 * Powertools table), a queue with a DLQ (visibility {@value #VISIBILITY_SECONDS} s,
 * {@code maxReceiveCount} {@value #MAX_RECEIVE_COUNT}), the input streamed into it while
 * {@code pollers} local SQS event source mappings (batch size {@value QueueConsumption#BATCH_SIZE}), each with its
 * own execution environments, consume it until it is empty ({@link QueueConsumption}); then the audit. The implementations
 * reach DynamoDB and Redis through loopback proxies, where lost responses and Redis faults are
 * made. Under {@link DependencyFault#SNS_PUBLISH_ERRORS} the stream publisher runs behind ours
 * ({@link StreamPublishing}) and the result carries its audit.
 */
public final class ScenarioRunner {

    /** The baseline's Powertools table: not in template.yaml, created here in Powertools' default shape. */
    public static final String BASELINE_TABLE = "PowertoolsIdempotencyTable";
    static final int VISIBILITY_SECONDS = 3;
    static final int MAX_RECEIVE_COUNT = 5;
    /**
     * Lost responses are spread: one in this many matching requests has its response dropped. Each
     * costs its client the attempt timeout, so dropping every matching response in a row would be
     * a DynamoDB outage of (lost responses x attempt timeout / lanes) seconds, beyond the scenarios'
     * 3 s visibility timeout many times over (the template's is 181 s): another fault.
     */
    static final int LOST_RESPONSE_ONE_IN = 10;
    /** The baseline's function timeout: the visibility timeout / 6, as AWS advises for SQS. */
    static final Duration FUNCTION_TIMEOUT = Duration.ofMillis(500);
    static final int MAX_CRASHES = 20;

    private final LocalAws aws;
    private final DynamoDbClient admin;
    private final SqsClient sqs;
    private final Duration deadline;
    private final AtomicInteger runs = new AtomicInteger();

    /** @param deadline how long the pollers may take to empty the queue */
    public ScenarioRunner(LocalAws aws, Duration deadline) {
        this.aws = aws;
        this.admin = aws.dynamoDbForAudits();
        this.sqs = aws.sqs();
        this.deadline = deadline;
    }

    /** Runs {@code scenario} from empty tables and queues; returns its audit. */
    public Result run(Scenario scenario) {
        Instant started = Instant.now();
        prepareTables(scenario.accounts());
        Traffic traffic = ScenarioTraffic.of(scenario);
        ReferenceModel expected = ReferenceModel.replay(traffic);
        int run = runs.incrementAndGet();
        String dlq = sqs.createQueue(r -> r.queueName("reliability-" + run + "-dlq")).queueUrl();
        String queue = LocalQueues.withDeadLetterQueue(sqs, "reliability-" + run, VISIBILITY_SECONDS, dlq, MAX_RECEIVE_COUNT);
        DeadLetterWatch deadLetterWatch = DeadLetterWatch.start(sqs, dlq);
        CrashSchedule schedule = new CrashSchedule(crashEvery(scenario.fault()), MAX_CRASHES);
        Map<String, Instant> firstSent = new ConcurrentHashMap<>();
        int conflictsAnswered = 0;
        int throttled;
        Timings timings = new Timings();
        boolean drained;
        int dropped;
        int droppedRefusals;
        Optional<Publishing> publishing;
        try (LoopbackProxy dynamoDbProxy = aws.proxyToAws();
             LoopbackProxy redisProxy = LoopbackProxy.start(aws.redis().port());
             StreamPublishing publisher = scenario.fault() == DependencyFault.SNS_PUBLISH_ERRORS
                     ? StreamPublishing.start(aws, scenario.seed()) : null) {
            // The cluster's node announces the proxy, so that the cluster client (which learns the
            // nodes from CLUSTER SLOTS) reaches it only through the proxy and its faults.
            aws.redis().announce(aws.redis().node(0), redisProxy.port());
            LambdaEnvironments.Factory factory = factory(scenario, schedule, dynamoDbProxy, redisProxy, dlq);
            if (scenario.fault() == FaultPoint.RESPONSE_LOST) {
                dynamoDbProxy.dropResponses(Math.max(1, scenario.payments() / 20), LOST_RESPONSE_ONE_IN,
                        lostResponse(scenario.implementation()));
            }
            DependencyFaults dependency = new DependencyFaults(scenario.fault(), aws, redisProxy, timings, scenario.messages() / 2);
            TransactionConflicts conflicts = scenario.conflicts().map(aws::transactionConflicts).orElse(null);
            try {
                drained = new QueueConsumption(sqs, queue, deadline)
                        .run(scenario.pollers(), traffic.sends(), factory, timings, dependency, firstSent);
            } finally {
                if (conflicts != null) {
                    conflicts.close();
                    conflictsAnswered = conflicts.answered();
                }
            }
            dependency.heal();
            throttled = dependency.throttled();
            dropped = dynamoDbProxy.droppedResponses();
            droppedRefusals = dynamoDbProxy.droppedRefusals();
            publishing = Optional.ofNullable(publisher)
                    .map(p -> p.finish(new Audit(admin).decidedByReceiver()));
        } finally {
            aws.redis().announce(aws.redis().node(0), aws.redis().port());
        }
        List<DeadLetterWatch.Arrival> deadLettered = deadLetterWatch.finish();
        Audit.Counts counts = new Audit(admin).of(scenario.implementation(), traffic, expected,
                deadLettered.stream().map(DeadLetterWatch.Arrival::message).toList(), BASELINE_TABLE);
        Optional<Latency> sendToDecision = Latency.of(counts.decidedAt(), firstSent);
        Optional<DeadLetters> deadLetters = scenario.undecidable() == 0 ? Optional.empty()
                : Optional.of(DeadLetters.of(traffic, deadLettered, firstSent));
        int lost = counts.lost() + deadLetters.map(DeadLetters::missing).orElse(0);
        return new Result(scenario, counts.decisions(), counts.extraDebits(), counts.missingDebits(), lost,
                counts.stuck(), counts.dlq(), counts.ledgerRows(), (int) expected.count(Decision.Approved.class), schedule.crashes(), dropped,
                droppedRefusals,
                timings.meanMsPerMessage(), timings.slowestInvocationMs(), drained, Duration.between(started, Instant.now()),
                publishing, sendToDecision, conflictsAnswered, throttled, timings.messages(), deadLetters);
    }

    /**
     * Every 3rd invocation for the points met once per batch, every 10th message for the points
     * met once per message.
     */
    private static int crashEvery(Fault fault) {
        return fault == FaultPoint.CRASH_AFTER_FAST_PATH || fault == FaultPoint.CRASH_BEFORE_DELETE ? 3 : 10;
    }

    /** The request whose response is lost: ours, the commit; the baseline, its debit. */
    private static java.util.function.Predicate<String> lostResponse(Implementation implementation) {
        return implementation == Implementation.RECEIVER
                ? request -> request.contains("DynamoDB_20120810.TransactWriteItems")
                : request -> request.contains("DynamoDB_20120810.UpdateItem") && request.contains("\"" + Accounts.TABLE + "\"");
    }

    private LambdaEnvironments.Factory factory(Scenario scenario, CrashSchedule schedule, LoopbackProxy dynamoDbProxy,
                                               LoopbackProxy redisProxy, String deadLetterQueue) {
        FaultPoint point = scenario.fault() instanceof FaultPoint p ? p : FaultPoint.NONE;
        return switch (scenario.implementation()) {
            case RECEIVER -> new ReceiverEnvironments(receiverVariables(redisProxy,
                    scenario.fault() == UndecidableMessages.BY_REDRIVE_POLICY ? Optional.empty() : Optional.of(deadLetterQueue)),
                    aws::secretString, dynamoDbProxy.uri(),
                    point, schedule, aws::sqs);
            case POWERTOOLS, POWERTOOLS_FIXED -> new BaselineEnvironments(dynamoDbProxy.uri(), BASELINE_TABLE,
                    new PaymentTables(Accounts.TABLE, "LedgerTable"), point, schedule, FUNCTION_TIMEOUT,
                    scenario.implementation() == Implementation.POWERTOOLS_FIXED);
        };
    }

    /** {@code deadLetterQueue}: where the function sends what it can never decide, at once, as deployed; empty, it does not. */
    private Map<String, String> receiverVariables(LoopbackProxy redisProxy, Optional<String> deadLetterQueue) {
        Map<String, String> env = new HashMap<>(ReceiverEnvironment.fastPath(aws.redis(), aws.fastPathSigningSecret()));
        env.putAll(ReceiverEnvironment.idempotencyStore("IdempotencyTable"));
        env.put(PaymentTables.ACCOUNTS_TABLE, Accounts.TABLE);
        env.put(PaymentTables.LEDGER_TABLE, "LedgerTable");
        env.put(ReceiverVariables.FAST_PATH_ENDPOINT, redisProxy.endpoint());
        env.remove(ReceiverVariables.FAST_PATH_TIMEOUT_MS);
        env.put(TelemetryConfig.METRICS_NAMESPACE, "Reliability");
        deadLetterQueue.ifPresent(url -> env.put(ReceiverVariables.DEAD_LETTER_QUEUE_URL, url));
        return env;
    }

    /**
     * Empty tables (the template's and the baseline's), an empty Redis, and the traffic's
     * accounts, each holding {@link ScenarioTraffic#OPENING_BALANCE}.
     */
    void prepareTables(int accounts) {
        resetFixture();
        seedAccounts(accounts);
    }

    private void resetFixture() {
        aws.redis().start();
        aws.resetTables();
        aws.redis().flushAll();
        try {
            admin.deleteTable(r -> r.tableName(BASELINE_TABLE));
        } catch (ResourceNotFoundException absent) {
            // first run
        }
        admin.createTable(r -> r.tableName(BASELINE_TABLE)
                .attributeDefinitions(AttributeDefinition.builder().attributeName("id").attributeType(ScalarAttributeType.S).build())
                .keySchema(KeySchemaElement.builder().attributeName("id").keyType(KeyType.HASH).build())
                .billingMode(BillingMode.PAY_PER_REQUEST));
        admin.updateTimeToLive(r -> r.tableName(BASELINE_TABLE)
                .timeToLiveSpecification(ttl -> ttl.attributeName("expiration").enabled(true)));
    }

    private void seedAccounts(int count) {
        Accounts.seed(admin, Traffic.generate(ScenarioTraffic.profile(count), 0).accounts().stream()
                .map(account -> new Accounts.Account(account.id(), account.balanceMinor(), account.currency(), "ACTIVE")).toList());
    }
}
