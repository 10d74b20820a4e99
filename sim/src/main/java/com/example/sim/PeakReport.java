package com.example.sim;

import com.example.sim.oracles.Oracles;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * {@code make simulate PROFILE=peak}: a peak day's worst minutes ({@code RATE} payments a second,
 * 2 000 by default, for {@code MINUTES}, 10 by default: every item a run writes is kept in memory,
 * about 5 GB of heap for the 1.2 million payments of 10 minutes), 1 % on 5 hot accounts, at each of the event source's
 * concurrencies up to the template's highest, on a table as new as on-demand's 4 000 write units a
 * second and on one warmed to {@code WARM_WRITE_UNITS}; no faults. One table row per setting: decision latency, the oldest
 * message's age, DynamoDB calls, write units and throttled requests, what the DLQ holds; then the
 * decision p99 and the oldest message of each minute's payments, two columns per setting.
 */
final class PeakReport {

    private PeakReport() {
    }

    static void run(TemplateWindows windows, Map<String, String> variables) {
        int rate = Variables.number(variables, "RATE", 2_000, 1, 100_000);
        int warm = Variables.number(variables, "WARM_WRITE_UNITS", 40_000, 4_000, 1_000_000);
        String concurrencies = variables.getOrDefault("CONCURRENCY", "10,100," + windows.maxConcurrencyAllowed());
        int seed = Variables.number(variables, "SEED", 1, 0, Integer.MAX_VALUE);
        int minutes = Variables.number(variables, "MINUTES", 10, 1, 24 * 60);
        System.out.println("| payments/s | concurrency | each table's write units/s at start | decided | decision p50 | decision p99 | oldest | "
                + "DynamoDB calls | write units | throttled | invocations | DLQ | oracles failed |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        Map<String, SortedMap<Long, Long>> byMinute = new LinkedHashMap<>();
        for (String text : concurrencies.split(",")) {
            int concurrency = Variables.number(Map.of("CONCURRENCY", text), "CONCURRENCY", 10, 1, 10_000);
            for (long units : new long[] {4_000, warm}) {
                Profile profile = Profile.peak(rate, minutes, concurrency, units);
                long started = System.nanoTime();
                Result r = Simulation.run(Trace.of(seed), profile, windows);
                System.out.printf("| %d | %d | %d | %d | %.0f ms | %.0f ms | %s | %d | %d | %d | %d | %d | %d |%n", rate, concurrency,
                        units, r.approved() + r.declined(), r.p50Micros() / 1000.0, r.p99Micros() / 1000.0,
                        Oracles.at(r.oldestMicros()), r.dynamoDbCalls(), r.writeUnits(), r.throttled(), r.invocations(),
                        r.deadLetterLeft(), r.violations().size());
                String setting = concurrency + (units == 4_000 ? ", new" : ", warmed");
                byMinute.put(setting + ": p99", r.p99ByMinute());
                byMinute.put(setting + ": oldest", r.oldestByMinute());
                System.err.printf("concurrency %d, %d units: %.1f s of wall time%n", concurrency, units,
                        (System.nanoTime() - started) / 1e9);
            }
        }
        printByMinute(rate, byMinute);
    }

    /**
     * The decision p99 and the longest wait (the oldest message) of the payments sent in each minute, two
     * columns per setting: how a backlog grows.
     */
    private static void printByMinute(int rate, Map<String, SortedMap<Long, Long>> byMinute) {
        System.out.println();
        System.out.println("decision p99 and oldest message (ms) of the payments sent in each minute, " + rate
                + " payments/s, by concurrency and tables:");
        System.out.println("| minute | " + String.join(" | ", byMinute.keySet()) + " |");
        System.out.println("|---:|" + "---:|".repeat(byMinute.size()));
        SortedSet<Long> minutes = new TreeSet<>();
        byMinute.values().forEach(series -> minutes.addAll(series.keySet()));
        for (long minute : minutes) {
            StringBuilder row = new StringBuilder("| " + (minute + 1) + " |");
            byMinute.values().forEach(series -> row.append(String.format(" %d |", series.getOrDefault(minute, 0L) / 1000)));
            System.out.println(row);
        }
    }
}
