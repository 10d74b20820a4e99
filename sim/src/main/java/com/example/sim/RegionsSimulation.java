package com.example.sim;

import com.example.payment.AccountAttributes;
import com.example.payment.LedgerAttributes;
import com.example.paymenttraffic.Account;
import com.example.receiver.MessageResult;
import com.example.receiver.lambda.ReceiverWindows;
import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.sim.faults.FaultSchedule;
import com.example.sim.models.Alias;
import com.example.sim.models.DynamoDbModel;
import com.example.sim.models.DynamoDbTable;
import com.example.sim.models.Environment;
import com.example.sim.models.FunctionConcurrency;
import com.example.sim.models.LambdaService;
import com.example.sim.models.RegionWorld;
import com.example.sim.models.SimWorld;
import com.example.sim.models.SqsMessage;
import com.example.sim.models.SqsModel;
import com.example.sim.models.SqsQueue;
import com.example.sim.models.World;
import com.example.sim.oracles.Event;
import com.example.sim.oracles.Oracle;
import com.example.sim.oracles.Oracles;
import com.example.sim.oracles.RecordedDecisions;
import com.example.sim.regions.FailoverRoute;
import com.example.sim.regions.MrecReplication;
import com.example.sim.regions.RegionOutages;
import com.example.sim.runtime.Scheduler;
import com.example.sim.workload.History;
import com.example.sim.workload.Payment;
import com.example.sim.workload.Producers;
import com.example.sim.workload.SentMessages;
import com.example.sim.workload.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One run across Regions ({@code make simulate PROFILE=regions}): a pure function of its trace,
 * as {@link Simulation}'s. Each Region has its own payments queue and DLQ, its own Lambda event
 * source and environments running the real receiver (wired by {@link SimulatedReceiver}, as in a
 * single Region), and its own replica of the three tables; the design says how the replicas are
 * kept ({@link RegionDesign}). The producers send by {@link FailoverRoute}; the Regions are lost
 * and partitioned by {@link RegionOutages}, drawn from the seed's own stream. One set of oracles
 * hears every Region: each Region's answers and its replica's own writes and transactions (not
 * what replication brings it), and at the end the first Region's replica, once replication has
 * drained, with every Region's queues.
 */
final class RegionsSimulation {

    /** How many Regions a run has. */
    static final int REGIONS = 3;
    /** The outages' own stream of the seed, apart from every payment's. */
    private static final long OUTAGES = 0x5e610_0L;
    private static final long TAIL_MICROS = 14L * 86_400_000_000L;

    /** One Region of the run: its replica, its queues and its function. */
    private record Region(DynamoDbModel dynamoDb, SqsQueue payments, SqsQueue deadLetters, LambdaService lambda) {
    }

    private RegionsSimulation() {
    }

    /** The run's outages, as the seed draws them. */
    static RegionOutages outages(long seed, Profile profile) {
        return RegionOutages.draw(REGIONS, Scheduler.micros(profile.traffic()), new SplittableRandom(seed ^ OUTAGES));
    }

    static Result run(Trace trace, Profile profile, TemplateWindows windows, RegionDesign design) {
        Scheduler scheduler = new Scheduler(trace.seed());
        Workload workload = Workload.draw(profile.mix(), trace.seed(), trace::keepsPayment);
        RegionOutages outages = outages(trace.seed(), profile);
        SimWorld world = new SimWorld(scheduler, FaultSchedule.NONE);
        SentMessages sent = new SentMessages();
        Oracles oracles = new Oracles(workload, sent, new Oracles.Tables(Simulation.RECORDS, Simulation.ACCOUNTS, Simulation.LEDGER),
                profile.rules().maxPaymentAgeSeconds(windows).map(Duration::ofSeconds),
                Duration.ofSeconds(ReceiverWindows.PRODUCER_CLOCK_SKEW_SECONDS + windows.functionTimeoutSeconds()));
        Map<String, Long> initial = new TreeMap<>();
        workload.accounts().forEach(account -> initial.put(account.id(), account.balanceMinor()));

        List<Region> regions = new ArrayList<>();
        FailoverRoute[] route = new FailoverRoute[1];
        for (int r = 0; r < REGIONS; r++) {
            int region = r;
            World regional = new RegionWorld(scheduler, world, () -> !outages.lost(region, scheduler.now()));
            DynamoDbModel dynamoDb = replica(regional, profile, workload, scheduler, windows, oracles);
            dynamoDb.observe(write -> oracles.observe(new Event.Written(scheduler.now(), write)));
            dynamoDb.observeTransactions(transaction -> oracles.observe(new Event.Transacted(scheduler.now(), transaction)));
            SqsModel sqs = new SqsModel(regional);
            SqsQueue deadLetters = sqs.createQueue("payments-dlq", 30, windows.deadLetterRetentionSeconds());
            SqsQueue payments = sqs.createQueue("payments", windows.visibilityTimeoutSeconds(), windows.queueRetentionSeconds());
            payments.redrivePolicy(deadLetters, windows.maxReceiveCount());
            payments.onDeparture((queue, message, why) -> oracles.observe(
                    new Event.Departed(scheduler.now(), queue, message, sent.payment(message), why, true)));
            deadLetters.onDeparture((queue, message, why) -> oracles.observe(
                    new Event.Departed(scheduler.now(), queue, message, sent.payment(message), why, false)));
            SimulatedReceiver receivers = new SimulatedReceiver(scheduler, FaultSchedule.NONE,
                    Simulation.environment(windows, profile.rules(), deadLetters), dynamoDb, sqs, Producers.secret());
            int[] environments = {0};
            Alias alias = Alias.of(scheduler, () -> new Environment(++environments[0], receivers::build));
            LambdaService lambda = new LambdaService(scheduler, payments, alias,
                    new LambdaService.Settings(windows.batchSize(), windows.batchingWindowSeconds(),
                            windows.visibilityTimeoutSeconds(), windows.functionTimeoutSeconds()),
                    profile.maxConcurrency(), new FunctionConcurrency(0, FaultSchedule.NONE), latency -> { },
                    new LambdaService.Invocations() {
                        @Override
                        public void answered(SqsMessage message, MessageResult result, String version) {
                            Optional<Payment> payment = sent.payment(message);
                            oracles.observe(new Event.Answered(scheduler.now(), message, payment, result));
                            payment.ifPresent(p -> route[0].answered(region, p, result.outcome()));
                        }

                        @Override
                        public void failed(List<SqsMessage> batch, String version) {
                            oracles.observe(new Event.InvocationFailed(scheduler.now(), batch));
                        }
                    }).pollingWhile(() -> !outages.lost(region, scheduler.now()));
            scheduler.at(outages.lostUntil(), lambda::sent); // the Region back: its pollers find what waited
            regions.add(new Region(dynamoDb, payments, deadLetters, lambda));
        }
        MrecReplication replication = new MrecReplication(scheduler, regions.stream().map(Region::dynamoDb).toList(), outages);
        route[0] = new FailoverRoute(scheduler, regions.stream().map(Region::payments).toList(),
                regions.stream().<Runnable>map(r -> r.lambda()::sent).toList(), outages, workload,
                new SplittableRandom(trace.seed() ^ OUTAGES ^ 1));
        Producers producers = new Producers(scheduler, route[0], workload, sent, trace.seed());
        producers.start();
        route[0].start(producers);
        long trafficEnd = Scheduler.micros(profile.traffic());
        scheduler.runUntil(trafficEnd + TAIL_MICROS);
        scheduler.endAll();

        Map<String, Long> balances = new HashMap<>();
        for (Map<String, AttributeValue> account : regions.get(0).dynamoDb().table(Simulation.ACCOUNTS).scan(scheduler.instant())) {
            balances.put(account.get(AccountAttributes.PK).s(), Oracles.balance(account));
        }
        List<SqsMessage> left = new ArrayList<>();
        List<SqsMessage> dead = new ArrayList<>();
        regions.forEach(r -> {
            left.addAll(r.payments().messages());
            dead.addAll(r.deadLetters().messages());
        });
        oracles.atEnd(new Oracle.End(balances, initial, left, dead));
        return result(trace, workload, oracles, producers, regions, replication, outages, route[0], scheduler.now(), dead.size());
    }

    /** A Region's replica of the three tables, the accounts loaded and the payments approved before the run. */
    private static DynamoDbModel replica(World world, Profile profile, Workload workload, Scheduler scheduler,
                                         TemplateWindows windows, Oracles oracles) {
        DynamoDbModel dynamoDb = new DynamoDbModel(world, profile.warmWriteUnits());
        dynamoDb.createTable(Simulation.RECORDS, IdempotencyRecordAttributes.PK, Optional.empty(),
                Optional.of(IdempotencyRecordAttributes.EXPIRES_AT));
        dynamoDb.createTable(Simulation.ACCOUNTS, AccountAttributes.PK, Optional.empty(), Optional.empty());
        dynamoDb.createTable(Simulation.LEDGER, LedgerAttributes.PK, Optional.of(LedgerAttributes.SK), Optional.empty());
        for (Account account : workload.accounts()) {
            dynamoDb.load(Simulation.ACCOUNTS, Map.of(AccountAttributes.PK, AttributeValue.fromS(account.id()),
                    AccountAttributes.BALANCE_MINOR, AttributeValue.fromN(Long.toString(account.balanceMinor())),
                    AccountAttributes.CURRENCY, AttributeValue.fromS(account.currency()),
                    AccountAttributes.ACCOUNT_STATUS, AttributeValue.fromS(AccountAttributes.ACTIVE)));
        }
        History.load(workload, dynamoDb, Simulation.RECORDS, Simulation.LEDGER, scheduler.instant(),
                Duration.ofSeconds(windows.recordTtlSeconds()), oracles::decidedBefore);
        return dynamoDb;
    }

    /** The run's figures, summed over the Regions, with the Regions' own after them. */
    private static Result result(Trace trace, Workload workload, Oracles oracles, Producers producers, List<Region> regions,
                                 MrecReplication replication, RegionOutages outages, FailoverRoute route, long end,
                                 int deadLetterLeft) {
        Map<String, RecordedDecisions.Decision> decisions = oracles.decisions();
        long approved = decisions.values().stream().filter(d -> d.status().equals("APPROVED")).count();
        long inLoss = decisions.values().stream().filter(d -> d.at() >= outages.lostFrom() && d.at() < outages.lostUntil()).count();
        long afterReturn = 0;
        long lastAfterReturn = 0;
        for (Payment payment : workload.payments()) {
            RecordedDecisions.Decision decision = decisions.get(payment.txnId());
            if (decision != null && payment.at() < outages.lostUntil() && decision.at() >= outages.lostUntil()) {
                afterReturn++;
                lastAfterReturn = Math.max(lastAfterReturn, decision.at() - outages.lostUntil());
            }
        }
        long localUnits = regions.stream().mapToLong(r -> r.dynamoDb().writeUnits()).sum();
        String figures = String.format(" | %s sent_again=%d decided_in_loss=%d decided_after_return=%d last_after_return=%s"
                        + " local_write_units=%d replicated_write_units=%d lww_dropped=%d",
                outages, route.sentAgain(), inLoss, afterReturn, Oracles.at(lastAfterReturn), localUnits,
                replication.replicatedUnits(), replication.dropped());
        var latencies = oracles.latencies();
        return new Result(trace, workload.payments().size(), producers.messages(), approved, decisions.size() - approved,
                deadLetterLeft, 0, regions.stream().mapToLong(r -> r.lambda().invocations()).sum(),
                regions.stream().mapToLong(r -> r.lambda().coldStarts()).sum(),
                regions.stream().mapToLong(r -> r.lambda().failedInvocations()).sum(),
                regions.stream().mapToInt(r -> r.lambda().peakConcurrency()).max().orElse(0),
                regions.stream().mapToLong(r -> r.dynamoDb().calls()).sum(), localUnits + replication.replicatedUnits(),
                regions.stream().mapToLong(r -> r.dynamoDb().throttled()).sum(), latencies.percentile(0.50),
                latencies.percentile(0.99), latencies.oldest(), latencies.percentileByMinute(0.99), latencies.oldestByMinute(),
                end, regions.stream().mapToLong(r -> r.lambda().throttles()).sum(), List.copyOf(oracles.violations()),
                new Downstream.Figures(0, 0, 0, 0, 0, 0, 0, 0), figures, Optional.empty());
    }
}
