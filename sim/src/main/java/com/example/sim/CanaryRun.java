package com.example.sim;

import com.example.sim.deploy.CodeDeployment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code make simulate PROFILE=canary}: the template's gradual deploy of the authorizer in the
 * middle of an hour of traffic, per seed in three rows: a bad version (it dead-letters every good
 * payment) with the mapping following the alias's weights; the same under the worse reading (every
 * batch to the new version from its first shift); and a good version (the old one's receiver), to
 * show what the alarms do to a deploy that should pass. Every run's oracles must hold, a bad
 * version must be rolled back, and each good payment it dead-lettered must be decided after the
 * rollback (by the runbook's redrive); exits 1 otherwise.
 */
final class CanaryRun {

    /** The deploy starts a quarter of an hour into the traffic. */
    private static final long START_MICROS = 15 * 60_000_000L;

    private CanaryRun() {
    }

    static int run(Path template, TemplateWindows windows, Map<String, String> variables) {
        int payments = Variables.number(variables, "PAYMENTS", 3_000, 100, 100_000);
        Profile profile = Profile.canary(windows, payments);
        List<Trace> traces = Trace.named(variables, 3);
        List<Canary> rows = List.of(Canary.of(template, START_MICROS, true, true), Canary.of(template, START_MICROS, true, false),
                Canary.of(template, START_MICROS, false, true));
        Canary first = rows.get(0);
        System.out.printf("profile=canary %d payments over 1 h, deploy %s at %s; alarms:%s%n", payments, first.type().name(),
                com.example.sim.oracles.Oracles.at(START_MICROS), first.alarms().stream()
                        .map(a -> String.format(" %s(%d s periods, %d to alarm, soonest %d s)", a.logicalId(),
                                a.alarm().period().toSeconds(), a.alarm().datapointsToAlarm(), a.soonestMicros() / 1_000_000))
                        .reduce("", String::concat));
        List<Callable<Result>> runs = new ArrayList<>();
        for (Trace trace : traces) {
            rows.forEach(row -> runs.add(() -> Simulation.run(trace, profile, windows, Optional.of(row))));
        }
        int[] failing = {0};
        int[] index = {0};
        SideBySide.inOrder(runs, result -> {
            Canary row = rows.get(index[0]++ % rows.size());
            System.out.println(result.line());
            List<String> why = new ArrayList<>();
            result.violations().stream().limit(3).forEach(v -> why.add(v.toString()));
            CanarySetup.Figures deploy = result.canary().orElseThrow();
            if (row.bad() && deploy.state() != CodeDeployment.State.ROLLED_BACK) {
                why.add("the bad version was not rolled back");
            }
            if (deploy.decided() != deploy.deadLettered()) {
                why.add("not every good payment the new version dead-lettered was decided in the end");
            }
            if (!why.isEmpty()) {
                failing[0]++;
                why.forEach(w -> System.out.println("  FAILED " + w));
            }
        });
        System.out.println("runs=" + runs.size() + " failing=" + failing[0]);
        return failing[0] == 0 ? 0 : 1;
    }
}
