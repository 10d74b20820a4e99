package com.example.reliability;

import com.example.localaws.LocalAws;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * Scenarios run one after another, each on a fresh local AWS of its own (a new moto launcher and
 * Redis node, logging under {@code target/local-aws/}<i>name</i>): no scenario inherits another's
 * state, and the launcher holds one scenario's data, never the whole suite's.
 *
 * <p>{@code make reliability} runs two lanes side by side, one per core: ours, and the baselines.
 * The moto launcher is the busy process (most of a core during a scenario), so each lane has its
 * own. The baselines share one lane because Powertools keeps its idempotency configuration in a
 * process-wide singleton: two baseline scenarios must never run at once in one JVM.
 */
final class Lane implements Callable<List<Result>> {

    private final String name;
    private final List<Scenario> scenarios;
    private final Duration deadline;
    private final Consumer<Result> progress;
    private volatile LocalAws current;

    /**
     * @param name      the lane's folder under {@code target/local-aws}
     * @param scenarios run in this order
     * @param deadline  how long the pollers may take to empty one scenario's queue
     * @param progress  told each result as it comes
     */
    Lane(String name, List<Scenario> scenarios, Duration deadline, Consumer<Result> progress) {
        this.name = name;
        this.scenarios = List.copyOf(scenarios);
        this.deadline = deadline;
        this.progress = progress;
    }

    @Override
    public List<Result> call() {
        warmUp();
        List<Result> results = new ArrayList<>();
        for (Scenario scenario : scenarios) {
            try (LocalAws aws = start()) {
                Result result = new ScenarioRunner(aws, deadline).run(scenario);
                progress.accept(result);
                results.add(result);
            }
        }
        return results;
    }

    /**
     * Stops the local AWS of the scenario running now, if any: for a JVM ending mid-run (Ctrl-C),
     * so that its moto launcher and Redis node do not outlive it.
     */
    void stopServers() {
        LocalAws aws = current;
        if (aws != null) {
            aws.close();
        }
    }

    private LocalAws start() {
        current = LocalAws.start(name);
        return current;
    }

    /**
     * A small run of each implementation of the lane, not reported: the first run pays for class
     * loading and JIT compilation, which would make the first row's time per message incomparable.
     */
    private void warmUp() {
        Set<Implementation> implementations = EnumSet.noneOf(Implementation.class);
        scenarios.forEach(scenario -> implementations.add(scenario.implementation()));
        try (LocalAws aws = start()) {
            ScenarioRunner runner = new ScenarioRunner(aws, deadline);
            for (Implementation implementation : implementations) {
                runner.run(new Scenario(implementation, FaultPoint.NONE, 100, 20, 1, ReliabilityReport.SEED - 1));
            }
        }
    }
}
