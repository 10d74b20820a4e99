package com.example.sim;

import com.example.payment.AccountAttributes;
import com.example.receiver.MessageResult;
import com.example.receiver.lambda.ReceiverWindows;
import com.example.sim.models.DynamoDbModel;
import com.example.sim.models.SqsMessage;
import com.example.sim.models.SqsModel;
import com.example.sim.models.SqsQueue;
import com.example.sim.oracles.Event;
import com.example.sim.oracles.Oracle;
import com.example.sim.oracles.Oracles;
import com.example.sim.oracles.RecordedDecisions;
import com.example.sim.faults.FaultSchedule;
import com.example.sim.regions.FailoverRoute;
import com.example.sim.regions.RegionOutages;
import com.example.sim.regions.RegionRunbook;
import com.example.sim.regions.RegionSettings;
import com.example.sim.runtime.Scheduler;
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
import java.util.Set;
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

    private RegionsSimulation() {
    }

    /** The run's outages, as the seed draws them. */
    static RegionOutages outages(long seed, Profile profile) {
        return outages(seed, profile, RegionSettings.DEFAULT);
    }

    /** The run's outages, as the seed draws them within {@code settings}. */
    static RegionOutages outages(long seed, Profile profile, RegionSettings settings) {
        return RegionOutages.draw(RegionSettings.MEMBERS, settings, Scheduler.micros(profile.traffic()),
                new SplittableRandom(seed ^ OUTAGES));
    }

    /** The run's fault windows: none unless the profile draws faults (a swarm's), drawn first from the run's stream. */
    static FaultSchedule faults(Scheduler scheduler, Profile profile) {
        return profile.faults() ? Simulation.drawFaults(profile, scheduler.random()) : FaultSchedule.NONE;
    }

    static Result run(Trace trace, Profile profile, TemplateWindows windows, RegionDesign design) {
        return run(trace, profile, windows, design, RegionSettings.DEFAULT, RegionRunbook.ALL);
    }

    /**
     * The run of {@code trace} by {@code design}, its Regions made and struck within {@code settings},
     * the operators walking the runbook's {@code steps} (design (b)'s Regions only).
     */
    static Result run(Trace trace, Profile profile, TemplateWindows windows, RegionDesign design, RegionSettings settings,
                      Set<RegionRunbook.Step> steps) {
        if (settings.witness() && design != RegionDesign.MRSC_ACCOUNT_ITEM) {
            throw new IllegalArgumentException("a witness is a member of an MRSC table: design " + design.id() + " has three Regions");
        }
        Scheduler scheduler = new Scheduler(trace.seed());
        FaultSchedule faults = faults(scheduler, profile).keeping(trace::keepsFault);
        Workload workload = Workload.draw(profile.mix(), trace.seed(), trace::keepsPayment);
        RegionOutages outages = outages(trace.seed(), profile, settings);
        RegionRunbook runbook = new RegionRunbook(scheduler, outages, settings, steps,
                () -> !faults.in(FaultSchedule.Kind.THROTTLING, scheduler.now()) && !faults.in(FaultSchedule.Kind.OUTAGE, scheduler.now()),
                new SplittableRandom(trace.seed() ^ OUTAGES ^ 2));
        SentMessages sent = new SentMessages();
        Oracles oracles = new Oracles(workload, sent, new Oracles.Tables(Simulation.RECORDS, Simulation.ACCOUNTS, Simulation.LEDGER),
                profile.rules().maxPaymentAgeSeconds(windows).map(Duration::ofSeconds),
                Duration.ofSeconds(ReceiverWindows.PRODUCER_CLOCK_SKEW_SECONDS + windows.functionTimeoutSeconds()));
        Map<String, Long> initial = new TreeMap<>();
        workload.accounts().forEach(account -> initial.put(account.id(), account.balanceMinor()));
        FailoverRoute[] route = new FailoverRoute[1];
        Setting setting = new Setting(scheduler, profile, windows, workload, outages, settings, faults, runbook, sent, oracles,
                (region, payment, outcome) -> route[0].answered(region, payment, outcome));
        Deployed deployed = switch (design) {
            case MREC_TODAY -> MrecRegions.today(setting);
            case MRSC_ACCOUNT_ITEM -> AccountItemRegions.deploy(setting);
            case HOME_REGION -> MrecRegions.homeRegions(setting);
        };
        List<Region> regions = deployed.regions();
        route[0] = new FailoverRoute(scheduler, regions.stream().map(Region::payments).toList(),
                regions.stream().map(Region::poller).toList(), outages, settings, workload,
                new SplittableRandom(trace.seed() ^ OUTAGES ^ 1));
        if (design == RegionDesign.MRSC_ACCOUNT_ITEM) { // (a) and (c) have no runbook walked: (c)'s return is HomeRegions'
            runbook.manage(regions.stream().map(Region::payments).toList(), regions.stream().map(Region::deadLetters).toList(),
                    regions.stream().map(Region::poller).toList());
            runbook.start(route[0].detectedAt());
        }
        Producers producers = new Producers(scheduler, deployed.frontDoors().apply(route[0]), workload, sent, trace.seed());
        producers.start();
        route[0].start(producers);
        if (outages.lost() < regions.size()) { // not the witness
            scheduler.at(outages.lostUntil(), () -> regions.get(outages.lost()).poller().run()); // back: what waited is found
        }
        long trafficEnd = Scheduler.micros(profile.traffic());
        scheduler.runUntil(trafficEnd + TAIL_MICROS);
        scheduler.endAll();

        List<SqsMessage> left = new ArrayList<>();
        List<SqsMessage> dead = new ArrayList<>();
        regions.forEach(r -> {
            left.addAll(r.payments().messages());
            dead.addAll(r.deadLetters().messages());
        });
        oracles.atEnd(new Oracle.End(deployed.balances().get(), initial, left, dead));
        return result(trace, workload, oracles, producers, deployed, outages, route[0], scheduler.now(), dead.size());
    }

    /**
     * What a design's wiring is given: the run's parts (its Regions' settings, its fault windows,
     * the operators' runbook), and who hears that a Region answered a payment.
     */
    record Setting(Scheduler scheduler, Profile profile, TemplateWindows windows, Workload workload, RegionOutages outages,
                   RegionSettings regions, FaultSchedule faults, RegionRunbook runbook, SentMessages sent, Oracles oracles,
                   Heard heard) {

        /** Region {@code region}'s queues, their departures told to the oracles. */
        Region queues(SqsModel sqs, Runnable poller) {
            SqsQueue deadLetters = sqs.createQueue("payments-dlq", 30, windows.deadLetterRetentionSeconds());
            SqsQueue payments = sqs.createQueue("payments", windows.visibilityTimeoutSeconds(), windows.queueRetentionSeconds());
            payments.redrivePolicy(deadLetters, windows.maxReceiveCount());
            payments.onDeparture((queue, message, why) -> oracles.observe(
                    new Event.Departed(scheduler.now(), queue, message, sent.payment(message), why, true)));
            deadLetters.onDeparture((queue, message, why) -> oracles.observe(
                    new Event.Departed(scheduler.now(), queue, message, sent.payment(message), why, false)));
            return new Region(payments, deadLetters, poller);
        }

        /** Region {@code region} answered {@code result} for {@code message}: the oracles and the producers hear it. */
        void answered(int region, SqsMessage message, MessageResult result) {
            Optional<Payment> payment = sent.payment(message);
            oracles.observe(new Event.Answered(scheduler.now(), message, payment, result));
            payment.ifPresent(p -> heard.answered(region, p, result.outcome()));
        }
    }

    /** Who hears a Region's answers besides the oracles: the producers ({@link FailoverRoute#answered}). */
    interface Heard {
        void answered(int region, Payment payment, com.example.receiver.Outcome outcome);
    }

    /** One Region of the run: its queues, and what looks at them when messages arrive or the Region returns. */
    record Region(SqsQueue payments, SqsQueue deadLetters, Runnable poller) {
    }

    /**
     * A design deployed in the run's Regions: its Regions, the accounts' balances once the run is
     * over, the write units it spent (every Region's), its own figures, and where the producers'
     * sends go given the Region they fail over to (a Region's front door).
     */
    record Deployed(List<Region> regions, java.util.function.Supplier<Map<String, Long>> balances,
                    java.util.function.LongSupplier writeUnits, java.util.function.Supplier<String> figures,
                    java.util.function.Function<FailoverRoute, Producers.Route> frontDoors) {

        Deployed(List<Region> regions, java.util.function.Supplier<Map<String, Long>> balances,
                 java.util.function.LongSupplier writeUnits, java.util.function.Supplier<String> figures) {
            this(regions, balances, writeUnits, figures, route -> route);
        }
    }

    /** Each account's balance in {@code dynamoDb}'s accounts table now. */
    static Map<String, Long> balances(DynamoDbModel dynamoDb, Scheduler scheduler) {
        Map<String, Long> balances = new HashMap<>();
        for (Map<String, AttributeValue> account : dynamoDb.table(Simulation.ACCOUNTS).scan(scheduler.instant())) {
            balances.put(account.get(AccountAttributes.PK).s(), Oracles.balance(account));
        }
        return balances;
    }

    /** The run's figures, with the Regions' own after them. */
    private static Result result(Trace trace, Workload workload, Oracles oracles, Producers producers, Deployed deployed,
                                 RegionOutages outages, FailoverRoute route, long end, int deadLetterLeft) {
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
        String figures = String.format(" | %s sent_again=%d decided_in_loss=%d decided_after_return=%d last_after_return=%s",
                outages, route.sentAgain(), inLoss, afterReturn, Oracles.at(lastAfterReturn)) + deployed.figures().get();
        var latencies = oracles.latencies();
        return new Result(trace, workload.payments().size(), producers.messages(), approved, decisions.size() - approved,
                deadLetterLeft, 0, 0, 0, 0, 0, 0, deployed.writeUnits().getAsLong(), 0, latencies.percentile(0.50),
                latencies.percentile(0.99), latencies.oldest(), latencies.percentileByMinute(0.99), latencies.oldestByMinute(),
                end, 0, List.copyOf(oracles.violations()), new Downstream.Figures(0, 0, 0, 0, 0, 0, 0, 0), figures,
                Optional.empty(), Optional.empty());
    }
}
