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
import com.example.sim.regions.AccountItemReceiver;
import com.example.sim.regions.MrscGlobalTable;
import com.example.sim.regions.RegionSettings;
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
 * AccountItemReceiver} on its queue; the stream's reader, in whichever Region is up, writes a
 * decision's record and ledger entry 0.1 to 1 s after it if its consumer did not. What each
 * decision costs: every write is charged in each of the three replica Regions.
 */
final class AccountItemRegions {

    private static final String NONE = "None";

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
        committed.observe(write -> setting.oracles().observe(new Event.Written(scheduler.now(), write)));
        MrscGlobalTable table = new MrscGlobalTable(scheduler, committed, setting.outages(), RegionSettings.MEMBERS,
                setting.regions().roundTripMicros());
        int replicas = setting.regions().receivers(); // a witness holds no item: what it is charged, no page we found says
        SplittableRandom streamLag = new SplittableRandom(scheduler.random().nextLong());
        List<RegionsSimulation.Region> regions = new ArrayList<>();
        for (int r = 0; r < replicas; r++) {
            int region = r;
            AccountItemReceiver[] receiver = new AccountItemReceiver[1];
            RegionsSimulation.Region queues = setting.queues(new SqsModel(world), () -> receiver[0].sent());
            receiver[0] = new AccountItemReceiver(scheduler, queues.payments(), queues.deadLetters(), table.replica(region),
                    new com.example.sim.oracles.Oracles.Tables(Simulation.RECORDS, Simulation.ACCOUNTS, Simulation.LEDGER),
                    () -> !setting.outages().lost(region, scheduler.now()) && setting.runbook().enabled(region),
                    new AccountItemReceiver.Told() {
                        @Override
                        public void answered(com.example.sim.models.SqsMessage message, com.example.receiver.MessageResult result) {
                            setting.answered(region, message, result);
                        }

                        @Override
                        public void transacted(boolean approved, Map<String, AttributeValue> record,
                                               Map<String, AttributeValue> account, Optional<Map<String, AttributeValue>> ledger) {
                            List<Transaction.Action> actions = new ArrayList<>(List.of(
                                    new Transaction.Action(Simulation.RECORDS, record, NONE),
                                    new Transaction.Action(Simulation.ACCOUNTS, account, approved ? NONE : "ConditionalCheckFailed")));
                            ledger.ifPresent(entry -> actions.add(new Transaction.Action(Simulation.LEDGER, entry, NONE)));
                            setting.oracles().observe(new Event.Transacted(scheduler.now(),
                                    new Transaction(approved, actions, scheduler.instant())));
                        }
                    }, (record, ledger) -> scheduler.at(scheduler.now() + streamLag.nextLong(100_000, 1_000_001), () -> {
                        AccountItemReceiver.putOnce(committed, Simulation.RECORDS, record, IdempotencyRecordAttributes.PK);
                        ledger.ifPresent(entry -> AccountItemReceiver.putOnce(committed, Simulation.LEDGER, entry, LedgerAttributes.SK));
                    }), setting.windows().recordTtlSeconds());
            regions.add(queues);
        }
        return new RegionsSimulation.Deployed(regions, () -> RegionsSimulation.balances(committed, scheduler),
                () -> committed.writeUnits() * replicas,
                () -> String.format(" mrsc_write_units_per_replica=%d replicas=%d%s", committed.writeUnits(),
                        replicas, setting.regions().witness() ? "+witness" : "") + setting.runbook());
    }

    /**
     * The accounts as the run opens them, version 0, and on each the decisions of its payments
     * approved before the run (a late one sent again is a duplicate of that approval).
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
            committed.load(Simulation.ACCOUNTS, Map.of(AccountAttributes.PK, AttributeValue.fromS(account.id()),
                    AccountAttributes.BALANCE_MINOR, AttributeValue.fromN(Long.toString(account.balanceMinor())),
                    AccountAttributes.CURRENCY, AttributeValue.fromS(account.currency()),
                    AccountAttributes.ACCOUNT_STATUS, AttributeValue.fromS(AccountAttributes.ACTIVE),
                    "version", AttributeValue.fromN("0"),
                    "applied", AttributeValue.fromM(applied.getOrDefault(account.id(), Map.of()))));
        }
    }
}
