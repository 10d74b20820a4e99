package com.example.sim;

import com.example.sim.faults.FaultRates;
import com.example.sim.workload.Mix;
import java.time.Duration;

/**
 * What a run simulates besides the template's windows: the traffic, the accounts, and how often
 * each fault happens.
 *
 * @param name             {@code default}, {@code peak}, {@code canary}, {@code regions}, or a swarm's draw
 * @param payments         payments the producers make in the run
 * @param traffic          how long they send them over
 * @param accounts         accounts the payments post to
 * @param hotAccounts      accounts taking {@code hotShare} of the payments between them
 * @param hotShare         the share of payments on the hot accounts
 * @param burstShare       the share of payments sent in bursts (sales), the rest spread evenly
 * @param bursts           how many bursts
 * @param maxConcurrency   the event source's maximum concurrency
 * @param warmWriteUnits   the table's write units a second at the start (on-demand's 4 000 for a new table)
 * @param faults           whether the fault schedule draws faults (the peak profile measures without)
 * @param reservedConcurrency the function's reserved concurrency, 0 for none (the template's: none);
 *                         below {@code maxConcurrency}, the event source's invocations beyond it are throttled
 * @param faultRates       how long the fault windows and how often the calls' faults ({@link FaultRates#DEFAULT}:
 *                         Lambda throttling up to 30 min, as long as DynamoDB's doubling window, which the design rides out)
 * @param cache            the fast path's cache: {@code serverless} (template.yaml's, with
 *                         {@code EnableFastPath=true}), {@code cluster} (node-based, cluster mode) or
 *                         {@code off} (the template's default: no fast path)
 * @param queue            the payments queue: {@code standard} (the template's) or {@code fifo}
 * @param lateShare        the share of payments that were approved a month before the run (their
 *                         records since expired, their ledger entries kept) and are sent again in
 *                         it, as a producer replaying its outbox does
 * @param rules            the rules the receiver runs by ({@link Rules}: today's, or those before the age bound;
 *                         a swarm's draw sets their signatures from {@code RequireProducerSignatures})
 */
public record Profile(String name, int payments, Duration traffic, int accounts, int hotAccounts, double hotShare,
               double burstShare, int bursts, int maxConcurrency, long warmWriteUnits, boolean faults,
               int reservedConcurrency, FaultRates faultRates, String cache, String queue, double lateShare,
               Rules rules) {

    static final java.util.Set<String> CACHES = java.util.Set.of("serverless", "cluster", "off");
    static final java.util.Set<String> QUEUES = java.util.Set.of("standard", "fifo");

    static final int DEFAULT_PAYMENTS_PER_SEED = 50_000;

    /** Seven days of traffic, a fault schedule drawing every kind, the template's concurrency. */
    static Profile standard(TemplateWindows windows, int payments) {
        return new Profile("default", payments, Duration.ofDays(7), Math.max(50, payments / 100), 5, 0.05, 0.4,
                40, windows.maxConcurrency(), 4_000, true, 0, FaultRates.DEFAULT, "serverless", "standard", 0.01, Rules.TODAY);
    }

    /** A peak: {@code perSecond} payments a second for {@code minutes}, 1 % on 5 hot accounts, at {@code concurrency}. */
    static Profile peak(int perSecond, int minutes, int concurrency, long warmWriteUnits) {
        return new Profile("peak", perSecond * 60 * minutes, Duration.ofMinutes(minutes), 200_000, 5, 0.01, 0, 0,
                concurrency, warmWriteUnits, false, 0, FaultRates.DEFAULT, "off", "standard", 0, Rules.TODAY);
    }

    /**
     * A gradual deploy's hour: {@code payments} over an hour, no fault drawn (what stops the new
     * version must be the alarms a bad version trips, nothing else), no cache.
     */
    static Profile canary(TemplateWindows windows, int payments) {
        return new Profile("canary", payments, Duration.ofHours(1), Math.max(50, payments / 100), 5, 0.05, 0, 0,
                windows.maxConcurrency(), 4_000, false, 0, FaultRates.DEFAULT, "off", "standard", 0.01, Rules.TODAY);
    }

    /**
     * A day across Regions ({@link RegionsRun}): {@code payments} over a day on few accounts (each
     * account's payments come through every Region), no fault drawn but the Regions' own (a loss
     * and a partition, {@link com.example.sim.regions.RegionOutages}), no cache.
     */
    static Profile regions(TemplateWindows windows, int payments) {
        return new Profile("regions", payments, Duration.ofDays(1), Math.max(20, payments / 100), 5, 0.05, 0.4, 6,
                windows.maxConcurrency(), 4_000, false, 0, FaultRates.DEFAULT, "off", "standard", 0.01, Rules.TODAY);
    }

    /**
     * Two versions side by side ({@code make compat-sim}): {@code payments} over a day with the
     * default profile's mix (producer retries, conflicting and unreadable messages, late replays)
     * and every fault but the cache's: no cache, as the template's default deployment has none.
     */
    static Profile compat(TemplateWindows windows, int payments) {
        return new Profile("compat", payments, Duration.ofDays(1), Math.max(50, payments / 100), 5, 0.05, 0.4,
                6, windows.maxConcurrency(), 4_000, true, 0, FaultRates.DEFAULT, "off", "standard", 0.01, Rules.TODAY);
    }

    /** The same, the function's concurrency reserved at {@code reserved} (0: none). */
    Profile withReservedConcurrency(int reserved) {
        return new Profile(name, payments, traffic, accounts, hotAccounts, hotShare, burstShare, bursts, maxConcurrency,
                warmWriteUnits, faults, reserved, faultRates, cache, queue, lateShare, rules);
    }

    /** The same, {@code share} of the payments on {@code hot} accounts between them. */
    Profile withHotAccounts(int hot, double share) {
        return new Profile(name, payments, traffic, accounts, hot, share, burstShare, bursts, maxConcurrency,
                warmWriteUnits, faults, reservedConcurrency, faultRates, cache, queue, lateShare, rules);
    }

    /** The same, drawing windows of Lambda throttling up to {@code longest}. */
    Profile withLongestLambdaThrottle(Duration longest) {
        return withFaultRates(faultRates.withLongestLambdaThrottle(longest));
    }

    /** The same, its faults as long and as often as {@code rates} says. */
    Profile withFaultRates(FaultRates rates) {
        return new Profile(name, payments, traffic, accounts, hotAccounts, hotShare, burstShare, bursts, maxConcurrency,
                warmWriteUnits, faults, reservedConcurrency, rates, cache, queue, lateShare, rules);
    }

    /** The same, its fault schedule drawn (a swarm's day across Regions: the regions profile draws none). */
    Profile drawingFaults() {
        return new Profile(name, payments, traffic, accounts, hotAccounts, hotShare, burstShare, bursts, maxConcurrency,
                warmWriteUnits, true, reservedConcurrency, faultRates, cache, queue, lateShare, rules);
    }

    /** The same, the receiver running by {@code rules}. */
    Profile with(Rules rules) {
        return new Profile(name, payments, traffic, accounts, hotAccounts, hotShare, burstShare, bursts, maxConcurrency,
                warmWriteUnits, faults, reservedConcurrency, faultRates, cache, queue, lateShare, rules);
    }

    /** The same, each table serving {@code units} write units a second at the start (its {@code WarmThroughput}). */
    Profile withWarmWriteUnits(long units) {
        return new Profile(name, payments, traffic, accounts, hotAccounts, hotShare, burstShare, bursts, maxConcurrency,
                units, faults, reservedConcurrency, faultRates, cache, queue, lateShare, rules);
    }

    /** The same, named {@code name} (a swarm's draw runs the default profile's traffic under another name). */
    Profile named(String name) {
        return new Profile(name, payments, traffic, accounts, hotAccounts, hotShare, burstShare, bursts, maxConcurrency,
                warmWriteUnits, faults, reservedConcurrency, faultRates, cache, queue, lateShare, rules);
    }

    /** This profile with the cache {@code cache} ({@link #CACHES}) and the payments queue {@code queue} ({@link #QUEUES}). */
    Profile with(String cache, String queue) {
        if (!CACHES.contains(cache)) {
            throw new IllegalArgumentException("CACHE must be one of " + new java.util.TreeSet<>(CACHES) + ", was '" + cache + "'");
        }
        if (!QUEUES.contains(queue)) {
            throw new IllegalArgumentException("QUEUE must be one of " + new java.util.TreeSet<>(QUEUES) + ", was '" + queue + "'");
        }
        return new Profile(name, payments, traffic, accounts, hotAccounts, hotShare, burstShare, bursts, maxConcurrency,
                warmWriteUnits, faults, reservedConcurrency, faultRates, cache, queue, lateShare, rules);
    }

    /** The workload's part: what the payments are. */
    public Mix mix() {
        return new Mix(payments, traffic, accounts, hotAccounts, hotShare, burstShare, bursts, lateShare);
    }

    boolean cacheOn() {
        return !cache.equals("off");
    }

    boolean fifo() {
        return queue.equals("fifo");
    }
}
