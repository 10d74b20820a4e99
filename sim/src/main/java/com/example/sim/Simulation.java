package com.example.sim;

import com.example.payment.AccountAttributes;
import com.example.payment.LedgerAttributes;
import com.example.paymenttraffic.Account;
import com.example.receiver.MessageResult;
import com.example.receiver.lambda.ReceiverWindows;
import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.sim.faults.CacheFaults;
import com.example.sim.faults.FaultSchedule;
import com.example.sim.models.Alias;
import com.example.sim.models.DynamoDbModel;
import com.example.sim.models.DynamoDbTable;
import com.example.sim.models.Environment;
import com.example.sim.models.FunctionConcurrency;
import com.example.sim.models.InvocationEnds;
import com.example.sim.models.LambdaService;
import com.example.sim.models.SimWorld;
import com.example.sim.models.SqsMessage;
import com.example.sim.models.SqsModel;
import com.example.sim.models.SqsQueue;
import com.example.sim.oracles.Event;
import com.example.sim.oracles.FifoOrder;
import com.example.sim.oracles.Oracle;
import com.example.sim.oracles.Oracles;
import com.example.sim.runtime.Scheduler;
import com.example.sim.workload.History;
import com.example.sim.workload.Operators;
import com.example.sim.workload.Producers;
import com.example.sim.workload.SentMessages;
import com.example.sim.workload.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One run: a pure function of its {@link Trace} (the seed, and what a shrunk trace keeps). Builds
 * the world, the models, the accounts, the workload, Lambda, the producers and the operators, runs
 * the scheduler to the end, and hands the oracles what the tables and queues hold.
 */
public final class Simulation {

    public static final String RECORDS = "payments-idempotency";
    static final String ACCOUNTS = "payments-accounts";
    public static final String LEDGER = "payments-ledger";
    /**
     * How long after the traffic a run may go on: the operators redrive what bounces back to the
     * DLQ (each time within its 14 days' retention) for as long as they leave it there, which a
     * record's 30 days are not enough to see.
     */
    private static final long TAIL_MICROS = 90L * 86_400_000_000L;

    private Simulation() {
    }

    static Result run(Trace trace, Profile profile, TemplateWindows windows) {
        return run(trace, profile, windows, Optional.empty());
    }

    /** The run of {@code trace}, with a gradual deploy of the authorizer when {@code canary} has one. */
    static Result run(Trace trace, Profile profile, TemplateWindows windows, Optional<Canary> canary) {
        return run(trace, profile, windows, canary, Optional.empty());
    }

    /** The run of {@code trace}, the last release and the working tree deciding its payments side by side ({@code compat}). */
    static Result run(Trace trace, Profile profile, TemplateWindows windows, Compat compat) {
        return run(trace, profile, windows, Optional.empty(), Optional.of(compat));
    }

    private static Result run(Trace trace, Profile profile, TemplateWindows windows, Optional<Canary> canary,
                              Optional<Compat> compat) {
        Scheduler scheduler = new Scheduler(trace.seed());
        FaultSchedule drawn = profile.faults() ? drawFaults(profile, scheduler.random()) : FaultSchedule.NONE;
        FaultSchedule faults = drawn.keeping(trace::keepsFault);
        Workload workload = Workload.draw(profile.mix(), trace.seed(), trace::keepsPayment);
        SimWorld world = new SimWorld(scheduler, faults);

        DynamoDbModel dynamoDb = new DynamoDbModel(world, profile.warmWriteUnits());
        DynamoDbTable records = dynamoDb.createTable(RECORDS, IdempotencyRecordAttributes.PK, Optional.empty(),
                Optional.of(IdempotencyRecordAttributes.EXPIRES_AT));
        DynamoDbTable accounts = dynamoDb.createTable(ACCOUNTS, AccountAttributes.PK, Optional.empty(), Optional.empty());
        dynamoDb.createTable(LEDGER, LedgerAttributes.PK, Optional.of(LedgerAttributes.SK), Optional.empty());
        Map<String, Long> initial = new TreeMap<>();
        for (Account account : workload.accounts()) {
            initial.put(account.id(), account.balanceMinor());
            dynamoDb.load(ACCOUNTS, Map.of(AccountAttributes.PK, AttributeValue.fromS(account.id()),
                    AccountAttributes.BALANCE_MINOR, AttributeValue.fromN(Long.toString(account.balanceMinor())),
                    AccountAttributes.CURRENCY, AttributeValue.fromS(account.currency()),
                    AccountAttributes.ACCOUNT_STATUS, AttributeValue.fromS(AccountAttributes.ACTIVE)));
        }

        SqsModel sqs = new SqsModel(world);
        String suffix = profile.fifo() ? ".fifo" : "";
        SqsQueue deadLetters = sqs.createQueue("payments-dlq" + suffix, 30, windows.deadLetterRetentionSeconds());
        SqsQueue payments = sqs.createQueue("payments" + suffix, windows.visibilityTimeoutSeconds(), windows.queueRetentionSeconds());
        if (profile.fifo()) { // exactly-once processing: no extra copies
            deadLetters.fifo();
            payments.fifo();
        } else {
            payments.extraCopies(faults.extraCopies());
        }
        payments.redrivePolicy(deadLetters, windows.maxReceiveCount());

        SentMessages sent = new SentMessages();
        Optional<CanarySetup> deploy = CanarySetup.of(canary, scheduler, sent);
        Optional<CompatSetup> versions = CompatSetup.of(compat, scheduler, sent);
        Oracles oracles = new Oracles(workload, sent, new Oracles.Tables(RECORDS, ACCOUNTS, LEDGER),
                profile.rules().maxPaymentAgeSeconds(windows).map(Duration::ofSeconds),
                Duration.ofSeconds(ReceiverWindows.PRODUCER_CLOCK_SKEW_SECONDS + windows.functionTimeoutSeconds()));
        History.load(workload, dynamoDb, RECORDS, LEDGER, scheduler.instant(), Duration.ofSeconds(windows.recordTtlSeconds()),
                oracles::decidedBefore);
        dynamoDb.observe(write -> oracles.observe(new Event.Written(scheduler.now(), write)));
        dynamoDb.observeTransactions(transaction -> oracles.observe(new Event.Transacted(scheduler.now(), transaction)));
        Optional<FifoOrder> fifoOrder = profile.fifo()
                ? Optional.of(new FifoOrder(workload, oracles.decisions(), oracles.violations())) : Optional.empty();
        payments.onDeparture((queue, message, why) -> {
            Event departed = new Event.Departed(scheduler.now(), queue, message, sent.payment(message), why, true);
            fifoOrder.ifPresent(order -> order.observe(departed));
            oracles.observe(departed);
        });
        deadLetters.onDeparture((queue, message, why) -> oracles.observe(
                new Event.Departed(scheduler.now(), queue, message, sent.payment(message), why, false)));

        Optional<CacheSetup> cache = CacheSetup.of(profile, scheduler, world, faults, windows, records, oracles.violations());
        Map<String, String> env = environment(windows, profile.rules(), deadLetters);
        cache.ifPresent(c -> c.environment(env));
        SimulatedReceiver receivers = new SimulatedReceiver(scheduler, faults, env, dynamoDb, sqs, Producers.secret());
        cache.ifPresent(c -> receivers.withKit(c::attach));
        int[] environments = {0};
        List<Long> batchLatencies = new ArrayList<>();
        long trafficEnd = Scheduler.micros(profile.traffic());
        Alias alias = versions.map(v -> v.alias(receivers, environments, trafficEnd))
                .orElseGet(() -> Alias.of(scheduler, () -> new Environment(++environments[0], receivers::build)));
        deploy.ifPresent(d -> d.publish(alias, receivers,
                secret -> new SimulatedReceiver(scheduler, faults, env, dynamoDb, sqs, secret), environments));
        LambdaService lambda = new LambdaService(scheduler, payments, alias,
                new LambdaService.Settings(windows.batchSize(), windows.batchingWindowSeconds(),
                        windows.visibilityTimeoutSeconds(), windows.functionTimeoutSeconds()),
                profile.maxConcurrency(), new FunctionConcurrency(profile.reservedConcurrency(), faults),
                batchLatencies::add, new InvocationEnds() {
                    @Override
                    public void answered(SqsMessage message, MessageResult result, String version) {
                        deploy.ifPresent(d -> d.answered(message, result, version));
                        versions.ifPresent(v -> v.answered(message, result, version));
                        Event event = new Event.Answered(scheduler.now(), message, sent.payment(message), result);
                        oracles.observe(event);
                        cache.ifPresent(c -> c.observe(event));
                    }

                    @Override
                    public void failed(List<SqsMessage> batch, String version) {
                        deploy.ifPresent(d -> d.failed(batch, version));
                        versions.ifPresent(v -> v.failed(version));
                        oracles.observe(new Event.InvocationFailed(scheduler.now(), batch));
                    }
                });
        Producers producers = new Producers(scheduler, payments, workload, sent, lambda::sent, trace.seed());
        Operators operators = new Operators(scheduler, deadLetters, payments, faults, lambda,
                windows.deadLetterRetentionSeconds(), trace.seed(), trafficEnd, trafficEnd + TAIL_MICROS);
        Downstream downstream = new Downstream(scheduler, faults, windows, dynamoDb, records, sqs, operators::quiet, trace.seed(),
                trafficEnd, trafficEnd + TAIL_MICROS);
        deploy.ifPresent(d -> d.start(lambda, deadLetters, payments, operators, windows.functionTimeoutSeconds()));
        versions.ifPresent(v -> v.watch(oracles, downstream));
        producers.start();
        operators.start();
        downstream.start();
        scheduler.runUntil(trafficEnd + TAIL_MICROS); // the operators stop looking once the run is quiet
        scheduler.endAll();

        Map<String, Long> finalBalances = new HashMap<>();
        for (Map<String, AttributeValue> account : accounts.scan(scheduler.instant())) {
            finalBalances.put(account.get(AccountAttributes.PK).s(), Oracles.balance(account));
        }
        List<SqsMessage> left = payments.messages();
        List<SqsMessage> dead = deadLetters.messages();
        Oracle.End end = new Oracle.End(finalBalances, initial, left, dead);
        oracles.atEnd(end);
        oracles.violations().addAll(downstream.atEnd());
        versions.ifPresent(v -> oracles.violations().addAll(v.atEnd()));
        fifoOrder.ifPresent(order -> order.atEnd(end)); // after the stream's: the order the oracles report in
        return Result.of(trace, workload, oracles, producers.messages(), lambda, dynamoDb, dead.size(),
                operators.redrives(), scheduler.now(), downstream.figures(),
                cache.map(CacheSetup::report).orElse(""), deploy.map(d -> d.figures(oracles)),
                versions.map(CompatSetup::figures));
    }

    /** The run's fault windows, the cache's after DynamoDB's when the profile has a cache. */
    static FaultSchedule drawFaults(Profile profile, java.util.SplittableRandom random) {
        FaultSchedule drawn = FaultSchedule.draw(random, profile.traffic(), profile.faultRates());
        return profile.cacheOn() ? drawn.plus(CacheFaults.draw(random, profile.traffic(), drawn.windows().size())) : drawn;
    }

    /**
     * The function's environment as template.yaml sets it, the age bound and the signatures as
     * {@code rules} have them (today's: the template's age bound, and signatures required, the
     * template's option, on here).
     */
    static Map<String, String> environment(TemplateWindows windows, Rules rules, SqsQueue deadLetters) {
        Map<String, String> env = new HashMap<>();
        env.put("IDEMPOTENCY_TABLE", RECORDS);
        env.put("ACCOUNTS_TABLE", ACCOUNTS);
        env.put("LEDGER_TABLE", LEDGER);
        env.put("IDEMPOTENCY_TTL_SECONDS", Long.toString(windows.recordTtlSeconds()));
        env.put("QUEUE_RETENTION_SECONDS", Long.toString(windows.queueRetentionSeconds()));
        env.put("DEAD_LETTER_RETENTION_SECONDS", Long.toString(windows.deadLetterRetentionSeconds()));
        env.put("DEAD_LETTER_QUEUE_MAX_MESSAGE_BYTES", "1048576");
        env.put("MAX_CONCURRENCY", Integer.toString(windows.inFunctionConcurrency()));
        env.put("MIN_REMAINING_TIME_MS", Long.toString(windows.minRemainingTimeMs()));
        env.put("GROUP_COMMIT", Boolean.toString(windows.groupCommit()));
        env.put("SOON_REDELIVERY", "true");
        env.put("DEAD_LETTER_QUEUE_URL", deadLetters.url());
        env.put("DEAD_LETTER_AT_ONCE", "true");
        rules.environment(env, windows);
        env.put("AWS_LAMBDA_LOG_LEVEL", "WARN");
        return env;
    }
}
