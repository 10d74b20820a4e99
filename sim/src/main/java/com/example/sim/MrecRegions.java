package com.example.sim;

import com.example.payment.AccountAttributes;
import com.example.payment.LedgerAttributes;
import com.example.paymenttraffic.Account;
import com.example.receiver.MessageResult;
import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.sim.faults.FaultSchedule;
import com.example.sim.models.Alias;
import com.example.sim.models.DynamoDbModel;
import com.example.sim.models.Environment;
import com.example.sim.models.FunctionConcurrency;
import com.example.sim.models.InvocationEnds;
import com.example.sim.models.LambdaService;
import com.example.sim.models.RegionWorld;
import com.example.sim.models.SimWorld;
import com.example.sim.models.SqsMessage;
import com.example.sim.models.SqsModel;
import com.example.sim.models.World;
import com.example.sim.oracles.Event;
import com.example.sim.regions.FencedReplica;
import com.example.sim.regions.HomeRegions;
import com.example.sim.regions.MrecReplication;
import com.example.sim.runtime.Scheduler;
import com.example.sim.workload.History;
import com.example.sim.workload.Producers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntPredicate;
import java.util.function.ToIntFunction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The designs on global tables in MREC ({@link MrecReplication}): today's receiver in each Region
 * on its Region's replica of the three tables, design (a) as it is, design (c) with a home Region
 * per account ({@link HomeRegions}), its transactions fenced ({@link FencedReplica}).
 */
final class MrecRegions {

    /** An account item without a home (design (a)'s, as today's). */
    private static final int NO_HOME = -1;

    private MrecRegions() {
    }

    /** Design (a): today's receiver in each Region on its replica, the replicas a global table in MREC. */
    static RegionsSimulation.Deployed today(RegionsSimulation.Setting setting) {
        Wired wired = wire(setting, (world, region) -> new DynamoDbModel(world, setting.profile().warmWriteUnits()),
                account -> NO_HOME, region -> false);
        return wired.deployed(setting, () -> "", route -> route);
    }

    /**
     * Design (c): each account homed in one Region (its index among the accounts, modulo the
     * Regions), its payments forwarded there and decided there only, each transaction fenced on
     * its home and epoch; the lost Region's accounts moved to the next Region up when the loss is
     * seen; the returning Region's consumers stopped until its replica holds the moves.
     */
    static RegionsSimulation.Deployed homeRegions(RegionsSimulation.Setting setting) {
        HomeRegions homes = new HomeRegions(setting.scheduler(), setting.outages(), Simulation.ACCOUNTS, AccountAttributes.PK,
                setting.sent());
        Map<String, Integer> firstHomes = new HashMap<>();
        List<Account> accounts = setting.workload().accounts();
        for (int i = 0; i < accounts.size(); i++) {
            firstHomes.put(accounts.get(i).id(), i % RegionsSimulation.REGIONS);
        }
        Wired wired = wire(setting, (world, region) -> new FencedReplica(world, setting.profile().warmWriteUnits(),
                Simulation.ACCOUNTS, AccountAttributes.PK, region, homes), firstHomes::get, homes::stopped);
        for (int r = 0; r < RegionsSimulation.REGIONS; r++) {
            homes.add(wired.replicas().get(r), wired.regions().get(r).payments(), wired.regions().get(r).poller());
        }
        return wired.deployed(setting, () -> String.format(" moved_accounts=%d forwarded_on_return=%d fence_refused=%d",
                homes.moved(), homes.forwarded(), wired.replicas().stream().mapToLong(r -> ((FencedReplica) r).refused()).sum()),
                homes::frontDoors);
    }

    /** A Region's replica as the design makes it. */
    private interface Replicas {
        DynamoDbModel make(World world, int region);
    }

    /** The Regions wired, their replicas, and the replication between them. */
    private record Wired(List<RegionsSimulation.Region> regions, List<DynamoDbModel> replicas, MrecReplication replication) {

        RegionsSimulation.Deployed deployed(RegionsSimulation.Setting setting, java.util.function.Supplier<String> figures,
                                            java.util.function.Function<com.example.sim.regions.FailoverRoute, Producers.Route> doors) {
            Scheduler scheduler = setting.scheduler();
            return new RegionsSimulation.Deployed(regions, () -> RegionsSimulation.balances(replicas.get(0), scheduler),
                    () -> replicas.stream().mapToLong(DynamoDbModel::writeUnits).sum() + replication.replicatedUnits(),
                    () -> String.format(" local_write_units=%d replicated_write_units=%d lww_dropped=%d",
                            replicas.stream().mapToLong(DynamoDbModel::writeUnits).sum(), replication.replicatedUnits(),
                            replication.dropped()) + figures.get(), doors);
        }
    }

    /**
     * Today's receiver in each Region on the replica {@code replicas} makes, each account item
     * carrying the home {@code homes} gives it, each Region's event source polling while the
     * Region is up and {@code stopped} does not hold.
     */
    private static Wired wire(RegionsSimulation.Setting setting, Replicas makeReplica, ToIntFunction<String> homes,
                              IntPredicate stopped) {
        Scheduler scheduler = setting.scheduler();
        TemplateWindows windows = setting.windows();
        Profile profile = setting.profile();
        var outages = setting.outages();
        var oracles = setting.oracles();
        SimWorld world = new SimWorld(scheduler, FaultSchedule.NONE);
        List<RegionsSimulation.Region> regions = new ArrayList<>();
        List<DynamoDbModel> replicas = new ArrayList<>();
        for (int r = 0; r < RegionsSimulation.REGIONS; r++) {
            int region = r;
            World regional = new RegionWorld(scheduler, world, () -> !outages.lost(region, scheduler.now()));
            DynamoDbModel dynamoDb = makeReplica.make(regional, region);
            load(dynamoDb, setting, homes);
            dynamoDb.observe(write -> oracles.observe(new Event.Written(scheduler.now(), write)));
            dynamoDb.observeTransactions(transaction -> oracles.observe(new Event.Transacted(scheduler.now(), transaction)));
            SqsModel sqs = new SqsModel(regional);
            LambdaService[] lambda = new LambdaService[1];
            RegionsSimulation.Region queues = setting.queues(sqs, () -> lambda[0].sent());
            SimulatedReceiver receivers = new SimulatedReceiver(scheduler, FaultSchedule.NONE,
                    Simulation.environment(windows, profile.rules(), queues.deadLetters()), dynamoDb, sqs, Producers.secret());
            int[] environments = {0};
            Alias alias = Alias.of(scheduler, () -> new Environment(++environments[0], receivers::build));
            lambda[0] = new LambdaService(scheduler, queues.payments(), alias,
                    new LambdaService.Settings(windows.batchSize(), windows.batchingWindowSeconds(),
                            windows.visibilityTimeoutSeconds(), windows.functionTimeoutSeconds()),
                    profile.maxConcurrency(), new FunctionConcurrency(0, FaultSchedule.NONE), latency -> { },
                    new InvocationEnds() {
                        @Override
                        public void answered(SqsMessage message, MessageResult result, String version) {
                            setting.answered(region, message, result);
                        }

                        @Override
                        public void failed(List<SqsMessage> batch, String version) {
                            oracles.observe(new Event.InvocationFailed(scheduler.now(), batch));
                        }
                    }).pollingWhile(() -> !outages.lost(region, scheduler.now()) && !stopped.test(region));
            regions.add(queues);
            replicas.add(dynamoDb);
        }
        return new Wired(regions, replicas, new MrecReplication(scheduler, replicas, outages));
    }

    /** A Region's replica of the three tables, the accounts loaded and the payments approved before the run. */
    private static void load(DynamoDbModel dynamoDb, RegionsSimulation.Setting setting, ToIntFunction<String> homes) {
        dynamoDb.createTable(Simulation.RECORDS, IdempotencyRecordAttributes.PK, Optional.empty(),
                Optional.of(IdempotencyRecordAttributes.EXPIRES_AT));
        dynamoDb.createTable(Simulation.ACCOUNTS, AccountAttributes.PK, Optional.empty(), Optional.empty());
        dynamoDb.createTable(Simulation.LEDGER, LedgerAttributes.PK, Optional.of(LedgerAttributes.SK), Optional.empty());
        for (Account account : setting.workload().accounts()) {
            Map<String, AttributeValue> item = new HashMap<>(Map.of(AccountAttributes.PK, AttributeValue.fromS(account.id()),
                    AccountAttributes.BALANCE_MINOR, AttributeValue.fromN(Long.toString(account.balanceMinor())),
                    AccountAttributes.CURRENCY, AttributeValue.fromS(account.currency()),
                    AccountAttributes.ACCOUNT_STATUS, AttributeValue.fromS(AccountAttributes.ACTIVE)));
            int home = homes.applyAsInt(account.id());
            if (home != NO_HOME) {
                item.putAll(HomeRegions.first(home));
            }
            dynamoDb.load(Simulation.ACCOUNTS, item);
        }
        History.load(setting.workload(), dynamoDb, Simulation.RECORDS, Simulation.LEDGER, setting.scheduler().instant(),
                Duration.ofSeconds(setting.windows().recordTtlSeconds()), setting.oracles()::decidedBefore);
    }
}
