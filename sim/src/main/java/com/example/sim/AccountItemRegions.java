package com.example.sim;

import com.example.payment.AccountAttributes;
import com.example.payment.LedgerAttributes;
import com.example.payment.PaymentParser;
import com.example.paymenttraffic.Account;
import com.example.receiver.ParseResult;
import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.sim.models.DynamoDbModel;
import com.example.sim.models.SimWorld;
import com.example.sim.models.SqsModel;
import com.example.sim.models.Transaction;
import com.example.sim.oracles.Event;
import com.example.sim.oracles.Oracles;
import com.example.sim.regions.AccountItemReceiver;
import com.example.sim.regions.ItemGrowth;
import com.example.sim.regions.MrscGlobalTable;
import com.example.sim.regions.RecordSweeper;
import com.example.sim.regions.RegionSettings;
import com.example.sim.regions.RegionalPublishers;
import com.example.sim.regions.SingleWrite;
import com.example.sim.runtime.Scheduler;
import com.example.sim.workload.Workload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Design (b) deployed in the run's Regions: the accounts, the idempotency records and the ledger
 * as global tables in MRSC (three replicas, one per Region), each Region's {@link
 * AccountItemReceiver} on its queue deciding by the single-write commit ({@link SingleWrite}),
 * and each Region's {@link RecordSweeper} every minute it is up. What each decision costs: every
 * write charged in each of the three replica Regions, by the larger of its item before and after.
 */
final class AccountItemRegions {

    private static final String NONE = "None";
    /** How long the sweepers run after the traffic: past every return and redrive of the run's messages. */
    private static final long SWEEPS_AFTER_TRAFFIC_MICROS = 86_400_000_000L;

    private AccountItemRegions() {
    }

    static RegionsSimulation.Deployed deploy(RegionsSimulation.Setting setting) {
        Scheduler scheduler = setting.scheduler();
        SimWorld world = new SimWorld(scheduler, setting.faults());
        DynamoDbModel committed = new DynamoDbModel(world, setting.profile().warmWriteUnits());
        committed.createTable(Simulation.ACCOUNTS, AccountAttributes.PK, Optional.empty(), Optional.empty());
        committed.createTable(Simulation.RECORDS, IdempotencyRecordAttributes.PK, Optional.empty(), Optional.empty());
        committed.createTable(Simulation.LEDGER, LedgerAttributes.PK, Optional.of(LedgerAttributes.SK), Optional.empty());
        load(committed, setting);
        ItemGrowth growth = new ItemGrowth();
        var oracle = setting.oracles().publishedOnceAcrossRegions();
        RegionalPublishers publishers = new RegionalPublishers(scheduler, setting.outages(), AccountItemRegions::name, true,
                oracle::published, new SplittableRandom(scheduler.random().nextLong()));
        java.util.function.Consumer<DynamoDbModel.Write> written = write -> {
            setting.oracles().observe(new Event.Written(scheduler.now(), write));
            growth.written(write);
            if (write.table().equals(Simulation.RECORDS) && write.before().isEmpty()) {
                publishers.recorded(write.after());
            }
        };
        committed.observe(written);
        int replicas = setting.regions().receivers(); // a witness holds no item: what it is charged, no page we found says
        MrscGlobalTable table = new MrscGlobalTable(scheduler, committed, setting.outages(), RegionSettings.MEMBERS, replicas,
                setting.regions().roundTripMicros());
        table.observeUpdates(written);
        Oracles.Tables tables = new Oracles.Tables(Simulation.RECORDS, Simulation.ACCOUNTS, Simulation.LEDGER);
        RecordSweeper.Counts sweeps = new RecordSweeper.Counts();
        long sweepsUntil = Scheduler.micros(setting.profile().traffic()) + SWEEPS_AFTER_TRAFFIC_MICROS;
        List<RegionsSimulation.Region> regions = new ArrayList<>();
        for (int r = 0; r < replicas; r++) {
            int region = r;
            java.util.function.BooleanSupplier up = () -> !setting.outages().lost(region, scheduler.now());
            java.util.function.BooleanSupplier polling = () -> up.getAsBoolean() && setting.runbook().enabled(region);
            SingleWrite singleWrite = new SingleWrite(scheduler, table.replica(region), tables, name(region),
                    setting.windows().recordTtlSeconds(), new SingleWrite.Committed() {
                        @Override
                        public void committed(boolean approved, Map<String, AttributeValue> record, Map<String, AttributeValue> account,
                                              Optional<Map<String, AttributeValue>> ledger) {
                            List<Transaction.Action> actions = new ArrayList<>(List.of(
                                    new Transaction.Action(Simulation.RECORDS, record, NONE),
                                    new Transaction.Action(Simulation.ACCOUNTS, account, approved ? NONE : "ConditionalCheckFailed")));
                            ledger.ifPresent(entry -> actions.add(new Transaction.Action(Simulation.LEDGER, entry, NONE)));
                            setting.oracles().observe(new Event.Transacted(scheduler.now(),
                                    new Transaction(approved, actions, scheduler.instant())));
                        }

                        @Override
                        public void unanswered(boolean approved, Map<String, AttributeValue> record, Map<String, AttributeValue> account,
                                               Optional<Map<String, AttributeValue>> ledger) {
                            if (landed(committed, account, record, scheduler)) {
                                committed(approved, record, account, ledger);
                            }
                        }
                    }, true);
            AccountItemReceiver[] receiver = new AccountItemReceiver[1];
            RegionsSimulation.Region queues = setting.queues(new SqsModel(world), () -> receiver[0].sent());
            receiver[0] = new AccountItemReceiver(scheduler, queues.payments(), queues.deadLetters(), table.replica(region),
                    tables, polling, (message, result) -> setting.answered(region, message, result), singleWrite);
            new RecordSweeper(scheduler, table.replica(region), tables, up, RecordSweeper.DEFAULT_RETENTION_SECONDS, sweepsUntil,
                    sweeps).start();
            regions.add(queues);
        }
        return new RegionsSimulation.Deployed(regions, () -> RegionsSimulation.balances(committed, scheduler), table::writeUnits,
                () -> String.format(" mrsc_write_units=%d replicas=%d%s %s %s %s", table.writeUnits(), replicas,
                        setting.regions().witness() ? "+witness" : "", growth, sweeps, publishers) + setting.runbook());
    }

    /**
     * Whether the write that was to make {@code account} (the item as read, its balance as decided)
     * applied, its answer lost: the item's version is the next one and holds the decision (the
     * condition on the version lets one write only take it).
     */
    private static boolean landed(DynamoDbModel committed, Map<String, AttributeValue> account, Map<String, AttributeValue> record,
                                  Scheduler scheduler) {
        String txn = record.get(IdempotencyRecordAttributes.PK).s().substring("PAYMENT#".length());
        return committed.table(Simulation.ACCOUNTS).get(account.get(AccountAttributes.PK).s(), scheduler.instant())
                .map(item -> item.containsKey("applied") && item.get("applied").m().containsKey(txn)
                        && version(item) == version(account) + 1)
                .orElse(false);
    }

    private static long version(Map<String, AttributeValue> item) {
        return item.containsKey("version") ? Long.parseLong(item.get("version").n()) : 0;
    }

    /** The name a Region's functions write as theirs ({@code AWS_REGION}). */
    static String name(int region) {
        return "region-" + region;
    }

    /**
     * The accounts as the run opens them, seeded without a {@code version} (read as 0) and, where
     * it had payments approved before the run, their decisions in {@code applied} (a late one sent
     * again is a duplicate of that approval; with no record behind them, the sweeper leaves them).
     */
    private static void load(DynamoDbModel committed, RegionsSimulation.Setting setting) {
        Map<String, Map<String, AttributeValue>> applied = new HashMap<>();
        PaymentParser parser = new PaymentParser();
        for (Workload.Message message : setting.workload().messages()) {
            if (message.payment().late() && parser.parse(message.send().body()) instanceof ParseResult.Valid<?> valid) {
                applied.computeIfAbsent(message.payment().account(), a -> new HashMap<>()).put(message.payment().txnId(),
                        AttributeValue.fromM(Map.of(IdempotencyRecordAttributes.STATUS, AttributeValue.fromS("APPROVED"),
                                IdempotencyRecordAttributes.FINGERPRINT, AttributeValue.fromS(valid.command().fingerprint().hex()))));
                setting.oracles().decidedBefore(message.payment().txnId());
            }
        }
        for (Account account : setting.workload().accounts()) {
            Map<String, AttributeValue> item = new HashMap<>(Map.of(AccountAttributes.PK, AttributeValue.fromS(account.id()),
                    AccountAttributes.BALANCE_MINOR, AttributeValue.fromN(Long.toString(account.balanceMinor())),
                    AccountAttributes.CURRENCY, AttributeValue.fromS(account.currency()),
                    AccountAttributes.ACCOUNT_STATUS, AttributeValue.fromS(AccountAttributes.ACTIVE)));
            if (applied.containsKey(account.id())) {
                item.put("applied", AttributeValue.fromM(applied.get(account.id())));
            }
            committed.load(Simulation.ACCOUNTS, item);
        }
    }
}
