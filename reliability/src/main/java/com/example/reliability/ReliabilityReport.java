package com.example.reliability;

import com.example.localaws.LocalAws;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code make reliability}: every scenario at full size on a fresh local AWS, then
 * {@code docs/reliability.md}. Progress goes to stderr. The exit status is non-zero when the
 * receiver shows a double debit, a lost message or a stuck record anywhere, or a decision its
 * stream publisher never published (the baseline's figures are what they are: measured and
 * explained, never a failure).
 */
public final class ReliabilityReport {

    static final int PAYMENTS = 400;
    static final int COPIES = 100;
    static final int LOAD_PAYMENTS = 1_000;
    static final int LOAD_POLLERS = 4;
    static final long SEED = 20_261_202;
    /** Accounts of the hot fault scenarios: every batch of 10 holds several payments of one. */
    static final int HOT_ACCOUNTS = 3;
    /** Environments on one account in the contended load. */
    static final int HOT_POLLERS = 8;
    /** How long each transaction holds its items in the launcher's conflict mode. */
    static final Duration CONFLICT_HOLD = Duration.ofMillis(10);

    private ReliabilityReport() {
    }

    public static void main(String[] args) {
        Instant started = Instant.now();
        List<Result> results = new ArrayList<>();
        Path root;
        try (LocalAws aws = LocalAws.start()) {
            root = aws.root();
            ScenarioRunner runner = new ScenarioRunner(aws, Duration.ofMinutes(6));
            // Warm-up, not reported: the first run of each implementation pays for class loading
            // and JIT compilation, which would make the first row's time per message incomparable.
            for (Implementation implementation : Implementation.values()) {
                runner.run(new Scenario(implementation, FaultPoint.NONE, 100, 20, 1, SEED - 1));
            }
            for (FaultPoint point : FaultPoint.values()) {
                for (Implementation implementation : Implementation.values()) {
                    if (point.appliesTo(implementation)) {
                        results.add(run(runner, new Scenario(implementation, point, PAYMENTS, COPIES, 1, SEED)));
                    }
                }
            }
            for (DependencyFault fault : DependencyFault.values()) {
                results.add(run(runner, new Scenario(Implementation.RECEIVER, fault, PAYMENTS, COPIES, 1, SEED)));
            }
            for (Implementation implementation : Implementation.values()) {
                results.add(run(runner, new Scenario(implementation, FaultPoint.NONE, LOAD_PAYMENTS, 2 * LOAD_PAYMENTS,
                        LOAD_POLLERS, SEED + 1)));
            }
            for (FaultPoint point : FaultPoint.values()) {
                if (point.appliesTo(Implementation.RECEIVER)) {
                    results.add(run(runner, new Scenario(Implementation.RECEIVER, point, PAYMENTS, COPIES, 1, SEED)
                            .onAccounts(HOT_ACCOUNTS)));
                }
            }
            for (DependencyFault fault : DependencyFault.values()) {
                results.add(run(runner, new Scenario(Implementation.RECEIVER, fault, PAYMENTS, COPIES, 1, SEED)
                        .onAccounts(HOT_ACCOUNTS)));
            }
            results.add(run(runner, new Scenario(Implementation.RECEIVER, FaultPoint.NONE, LOAD_PAYMENTS, 2 * LOAD_PAYMENTS,
                    HOT_POLLERS, SEED + 2).onAccounts(1).withConflicts(CONFLICT_HOLD)));
        }
        Duration wall = Duration.between(started, Instant.now());
        String markdown = new ReportMarkdown(results, started, wall).render();
        try {
            Files.writeString(root.resolve("docs/reliability.md"), markdown, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write docs/reliability.md", e);
        }
        System.err.printf(Locale.ROOT, "reliability: docs/reliability.md written, %d scenarios in %d s%n",
                results.size(), wall.toSeconds());
        boolean oursHolds = results.stream()
                .filter(r -> r.scenario().implementation() == Implementation.RECEIVER)
                .allMatch(r -> r.extraDebits() == 0 && r.lost() == 0 && r.stuck() == 0 && r.drained()
                        && r.publishing().map(p -> p.neverPublished() == 0).orElse(true));
        System.exit(oursHolds ? 0 : 1);
    }

    private static Result run(ScenarioRunner runner, Scenario scenario) {
        Result result = runner.run(scenario);
        System.err.printf(Locale.ROOT, "reliability: %-20s %-50s accounts=%d pollers=%d decisions=%d double=%d missing=%d lost=%d stuck=%d dlq=%d crashes=%d dropped=%d conflicts=%d %.1f ms/msg %ds%n",
                scenario.implementation().label(), scenario.fault().label(), scenario.accounts(), scenario.pollers(),
                result.decisions(), result.extraDebits(),
                result.missingDebits(), result.lost(), result.stuck(), result.dlq(), result.crashes(),
                result.droppedResponses(), result.conflictsAnswered(), result.meanMsPerMessage(),
                result.wall().truncatedTo(ChronoUnit.SECONDS).toSeconds());
        result.sendToDecision().ifPresent(latency -> System.err.printf(Locale.ROOT,
                "reliability: %-20s send to decision: median %.0f ms, p99 %.0f ms, max %.0f ms over %d transactions%n",
                "", latency.p50Ms(), latency.p99Ms(), latency.maxMs(), latency.count()));
        result.publishing().ifPresent(p -> System.err.printf(Locale.ROOT,
                "reliability: %-20s stream publisher: decisions=%d on-topic=%d never-published=%d more-than-once=%d refused=%d on-failure-batches=%d%n",
                "", p.decisions(), p.publishes(), p.neverPublished(), p.publishedMoreThanOnce(), p.injectedFailures(),
                p.onFailureBatches()));
        return result;
    }
}
