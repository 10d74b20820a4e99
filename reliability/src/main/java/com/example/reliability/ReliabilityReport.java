package com.example.reliability;

import com.example.localaws.ProjectRoot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code make reliability}: every scenario at full size, each on a fresh local AWS, ours and the
 * baselines in two {@link Lane}s side by side, their results saved ({@link ResultsFile}), then
 * {@code docs/reliability.md}; with {@value #FROM_SAVED_RESULTS} ({@code make reliability-report})
 * only the report, from the saved results. Progress goes to stderr. The exit status is non-zero when the receiver shows a double debit, a lost message or a
 * stuck record anywhere, or a decision its stream publisher never published (the baseline's
 * figures are what they are: measured and explained, never a failure).
 */
public final class ReliabilityReport {

    static final int PAYMENTS = 4_000;
    static final int COPIES = 1_000;
    static final int LOAD_PAYMENTS = 2_000;
    static final int LOAD_POLLERS = 4;
    static final long SEED = 20_261_202;
    /** Accounts of the hot fault scenarios: every batch of 10 holds several payments of one. */
    static final int HOT_ACCOUNTS = 3;
    /** Environments on one account in the contended load. */
    static final int HOT_POLLERS = 8;
    /** How long each transaction holds its items in the launcher's conflict mode. */
    static final Duration CONFLICT_HOLD = Duration.ofMillis(10);
    /** How long the pollers may take to empty one scenario's queue. */
    static final Duration DEADLINE = Duration.ofMinutes(10);

    /** The argument of {@code make reliability-report}: the report from the last run's saved results, nothing run. */
    static final String FROM_SAVED_RESULTS = "--from-saved-results";
    /** The argument of {@code make reliability SCENARIOS=...}: only the named faults' scenarios, merged into the saved results. */
    static final String SCENARIOS = "--scenarios";

    private ReliabilityReport() {
    }

    public static void main(String[] args) {
        Path root = ProjectRoot.find();
        Path saved = root.resolve(ResultsFile.LOCATION);
        ResultsFile.Run run;
        if (args.length == 0) {
            Instant started = Instant.now();
            List<Result> results = runInTwoLanes(plan());
            run = new ResultsFile.Run(started, Duration.between(started, Instant.now()), ReportMarkdown.machine(), results);
            ResultsFile.write(saved, run);
        } else if (args.length == 1 && args[0].equals(FROM_SAVED_RESULTS)) {
            run = ResultsFile.read(saved);
        } else if (args.length == 2 && args[0].equals(SCENARIOS) && !Files.exists(saved)) {
            // No saved run to merge into (it was deleted): the named scenarios' report alone, beside
            // the results, leaving docs/reliability.md as it is.
            Instant started = Instant.now();
            List<Result> results = runInTwoLanes(chosen(List.of(args[1].split(","))));
            run = new ResultsFile.Run(started, Duration.between(started, Instant.now()), ReportMarkdown.machine(), results);
            Path partial = root.resolve("reliability/target/reliability-scenarios.md");
            write(partial, new ReportMarkdown(run.results(), run.started(), run.wall(), run.machine(), run.reruns()).render());
            System.err.printf(Locale.ROOT, "reliability: no saved run at %s to merge into; the %d scenarios' report is %s%n",
                    ResultsFile.LOCATION, results.size(), root.relativize(partial));
            System.exit(oursHolds(run) ? 0 : 1);
            return;
        } else if (args.length == 2 && args[0].equals(SCENARIOS)) {
            run = rerun(ResultsFile.read(saved), List.of(args[1].split(",")));
            ResultsFile.write(saved, run);
        } else {
            System.err.println("usage: ReliabilityReport [" + FROM_SAVED_RESULTS + " | " + SCENARIOS + " <Kind.NAME,...>]: "
                    + "run every scenario; write the report again from " + ResultsFile.LOCATION + " (saved by the last "
                    + "run); or run again the scenarios of the named faults (e.g. UndecidableMessages.AT_ONCE) and put "
                    + "their results in place of the saved ones");
            System.exit(2);
            return;
        }
        write(root.resolve("docs/reliability.md"),
                new ReportMarkdown(run.results(), run.started(), run.wall(), run.machine(), run.reruns()).render());
        System.err.printf(Locale.ROOT, "reliability: docs/reliability.md written from %s, %d scenarios run in %d s%n",
                ResultsFile.LOCATION, run.results().size(), run.wall().toSeconds());
        System.exit(oursHolds(run) ? 0 : 1);
    }

    /** Whether the receiver held in every scenario of {@code run}: nothing debited twice, lost, stuck or unpublished. */
    private static boolean oursHolds(ResultsFile.Run run) {
        return run.results().stream()
                .filter(r -> r.scenario().implementation() == Implementation.RECEIVER)
                .allMatch(r -> r.extraDebits() == 0 && r.lost() == 0 && r.stuck() == 0 && r.drained()
                        && r.publishing().map(p -> p.neverPublished() == 0).orElse(true));
    }

    private static void write(Path file, String markdown) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, markdown, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /**
     * The saved run with the plan's scenarios of {@code faults} ({@code Kind.NAME}, as the results
     * file names them) run again, their results in place of (or, new, added to) the saved ones.
     */
    static ResultsFile.Run rerun(ResultsFile.Run saved, List<String> faults) {
        List<Scenario> plan = plan();
        List<Scenario> chosen = chosen(faults);
        Instant started = Instant.now();
        List<Result> fresh = runInTwoLanes(chosen);
        List<Result> results = new ArrayList<>(saved.results().stream().filter(r -> !chosen.contains(r.scenario())).toList());
        results.addAll(fresh);
        results.sort(Comparator.comparingInt(result -> plan.indexOf(result.scenario())));
        List<String> reruns = new ArrayList<>(saved.reruns());
        reruns.add(String.format(Locale.ROOT, "%s: %s run again (%d scenarios, %d s, on %s), their rows replaced",
                started.truncatedTo(ChronoUnit.SECONDS), String.join(", ", faults), chosen.size(),
                Duration.between(started, Instant.now()).toSeconds(), ReportMarkdown.machine()));
        return new ResultsFile.Run(saved.started(), saved.wall(), saved.machine(), results, reruns);
    }

    /** The plan's scenarios of {@code faults} ({@code Kind.NAME}); refused when one names no fault of the plan. */
    static List<Scenario> chosen(List<String> faults) {
        List<Scenario> chosen = plan().stream().filter(s -> faults.contains(ResultsFile.faultName(s.fault()))).toList();
        if (chosen.isEmpty() || chosen.stream().map(s -> ResultsFile.faultName(s.fault())).distinct().count() != faults.size()) {
            throw new IllegalArgumentException(SCENARIOS + " must name faults of the plan (Kind.NAME, comma-separated), was "
                    + faults);
        }
        return chosen;
    }

    /** Every scenario of the report, in the report's order. */
    static List<Scenario> plan() {
        List<Scenario> plan = new ArrayList<>();
        for (FaultPoint point : FaultPoint.values()) {
            for (Implementation implementation : Implementation.values()) {
                if (point.appliesTo(implementation)) {
                    plan.add(new Scenario(implementation, point, PAYMENTS, COPIES, 1, SEED));
                }
            }
        }
        for (DependencyFault fault : DependencyFault.values()) {
            if (fault != DependencyFault.DYNAMODB_CAPACITY) {
                plan.add(new Scenario(Implementation.RECEIVER, fault, PAYMENTS, COPIES, 1, SEED));
            }
        }
        for (UndecidableMessages undecidable : UndecidableMessages.values()) {
            plan.add(new Scenario(Implementation.RECEIVER, undecidable, PAYMENTS, COPIES, 1, SEED));
        }
        for (Implementation implementation : Implementation.values()) {
            plan.add(new Scenario(implementation, FaultPoint.NONE, LOAD_PAYMENTS, 2 * LOAD_PAYMENTS, LOAD_POLLERS, SEED + 1));
        }
        for (FaultPoint point : FaultPoint.values()) {
            if (point.appliesTo(Implementation.RECEIVER)) {
                plan.add(new Scenario(Implementation.RECEIVER, point, PAYMENTS, COPIES, 1, SEED).onAccounts(HOT_ACCOUNTS));
            }
        }
        for (DependencyFault fault : DependencyFault.values()) {
            if (fault != DependencyFault.DYNAMODB_CAPACITY) {
                plan.add(new Scenario(Implementation.RECEIVER, fault, PAYMENTS, COPIES, 1, SEED).onAccounts(HOT_ACCOUNTS));
            }
        }
        // Throttling shaped by capacity, which back-off relieves, on the hot accounts, for every implementation.
        for (Implementation implementation : Implementation.values()) {
            plan.add(new Scenario(implementation, DependencyFault.DYNAMODB_CAPACITY, PAYMENTS, COPIES, 1, SEED)
                    .onAccounts(HOT_ACCOUNTS));
        }
        plan.add(new Scenario(Implementation.RECEIVER, FaultPoint.NONE, LOAD_PAYMENTS, 2 * LOAD_PAYMENTS, HOT_POLLERS,
                SEED + 2).onAccounts(1).withConflicts(CONFLICT_HOLD));
        return plan;
    }

    /**
     * Runs ours and the baselines in two {@link Lane}s side by side; returns the results in
     * {@code plan}'s order.
     */
    private static List<Result> runInTwoLanes(List<Scenario> plan) {
        List<Lane> lanes = List.of(
                new Lane("lane-ours", plan.stream().filter(s -> !s.implementation().baseline()).toList(), DEADLINE,
                        ReliabilityReport::progress),
                new Lane("lane-baselines", plan.stream().filter(s -> s.implementation().baseline()).toList(), DEADLINE,
                        ReliabilityReport::progress));
        Thread stopServersOnExit = new Thread(() -> lanes.forEach(Lane::stopServers), "reliability-stop-servers");
        Runtime.getRuntime().addShutdownHook(stopServersOnExit);
        ExecutorService pool = Executors.newFixedThreadPool(lanes.size());
        try {
            List<Future<List<Result>>> running = lanes.stream().map(pool::submit).toList();
            List<Result> results = new ArrayList<>();
            RuntimeException failed = null;
            for (Future<List<Result>> lane : running) {
                try {
                    results.addAll(lane.get());
                } catch (ExecutionException e) {
                    RuntimeException cause = new IllegalStateException("a reliability lane failed", e.getCause());
                    if (failed == null) {
                        failed = cause;
                    } else {
                        failed.addSuppressed(cause);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted", e);
                }
            }
            if (failed != null) {
                throw failed;
            }
            results.sort(Comparator.comparingInt(result -> plan.indexOf(result.scenario())));
            return results;
        } finally {
            pool.shutdown();
            Runtime.getRuntime().removeShutdownHook(stopServersOnExit);
        }
    }

    /** One result's progress lines, printed at once (the two lanes print side by side). */
    private static void progress(Result result) {
        Scenario scenario = result.scenario();
        StringBuilder lines = new StringBuilder();
        lines.append(String.format(Locale.ROOT, "reliability: %-20s %-50s accounts=%d pollers=%d decisions=%d double=%d missing=%d lost=%d stuck=%d dlq=%d crashes=%d dropped=%d conflicts=%d throttled=%d deliveries=%d %.1f ms/msg %ds%n",
                scenario.implementation().label(), scenario.fault().label(), scenario.accounts(), scenario.pollers(),
                result.decisions(), result.extraDebits(),
                result.missingDebits(), result.lost(), result.stuck(), result.dlq(), result.crashes(),
                result.droppedResponses(), result.conflictsAnswered(), result.throttled(), result.deliveries(), result.meanMsPerMessage(),
                result.wall().truncatedTo(ChronoUnit.SECONDS).toSeconds()));
        result.sendToDecision().ifPresent(latency -> lines.append(String.format(Locale.ROOT,
                "reliability: %-20s send to decision: median %.0f ms, p99 %.0f ms, max %.0f ms over %d transactions%n",
                "", latency.p50Ms(), latency.p99Ms(), latency.maxMs(), latency.count())));
        result.deadLetters().ifPresent(d -> lines.append(String.format(Locale.ROOT,
                "reliability: %-20s dead letters: %d of %d in the DLQ, %d with their reason; send to DLQ: poison %s, conflicts %s%n",
                "", d.found(), d.expected(), d.withReason(), d.poison().map(ReliabilityReport::brief).orElse("-"),
                d.conflicts().map(ReliabilityReport::brief).orElse("-"))));
        result.publishing().ifPresent(p -> lines.append(String.format(Locale.ROOT,
                "reliability: %-20s stream publisher: decisions=%d on-topic=%d never-published=%d more-than-once=%d refused=%d on-failure-batches=%d%n",
                "", p.decisions(), p.publishes(), p.neverPublished(), p.publishedMoreThanOnce(), p.injectedFailures(),
                p.onFailureBatches())));
        System.err.print(lines);
    }

    private static String brief(Latency latency) {
        return String.format(Locale.ROOT, "median %.0f ms, max %.0f ms", latency.p50Ms(), latency.maxMs());
    }
}
