package com.example.sim;

import com.example.sim.faults.FaultSchedule;
import com.example.sim.runtime.Scheduler;
import com.example.sim.workload.Payment;
import com.example.sim.workload.Workload;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.LongFunction;

/**
 * Shrinks a failing trace to a short one that still fails the same oracle. Every step is a whole
 * run, so the result replays exactly:
 * <ol>
 *   <li>the payments cut to the failing transaction's own, else its account's, else to a window of time around
 *       it, widened (1 min, 10 min, 1 h, ...) until the oracle fails again (its own payment always kept);</li>
 *   <li>then halves, quarters, eighths ... of what is left taken out in turn while the oracle still fails
 *       (at most {@value #MOST_RUNS} runs);</li>
 *   <li>then each fault window left out in turn.</li>
 * </ol>
 */
final class Shrinker {

    /** The shrunk run, and the fault windows it keeps, described. */
    record Shrunk(Result result, String faults) {
    }

    private static final long[] WINDOWS_MICROS = {60_000_000L, 600_000_000L, 3_600_000_000L, 6 * 3_600_000_000L,
            86_400_000_000L, 3 * 86_400_000_000L};
    private static final int MOST_RUNS = 60;

    private final Profile profile;
    private final Function<Trace, Result> run;
    private final LongFunction<FaultSchedule> faultsOf;
    private int runs;

    Shrinker(Profile profile, TemplateWindows windows) {
        this(profile, trace -> Simulation.run(trace, profile, windows));
    }

    /** A shrinker of runs made by {@code run} (a run with two versions, say) of {@code profile}'s traffic. */
    Shrinker(Profile profile, Function<Trace, Result> run) {
        this(profile, run, seed -> Simulation.drawFaults(profile, new Scheduler(seed).random()));
    }

    /**
     * A shrinker of the runs {@code run} makes of {@code profile}'s traces, whose fault windows
     * {@code faultsOf} draws for a seed.
     */
    Shrinker(Profile profile, Function<Trace, Result> run, LongFunction<FaultSchedule> faultsOf) {
        this.profile = profile;
        this.run = run;
        this.faultsOf = faultsOf;
    }

    Shrunk shrink(Result failing) {
        String oracle = failing.first().oracle();
        Trace trace = failing.trace();
        Result best = failing;
        List<Payment> payments = Workload.draw(profile.mix(), trace.seed(), trace::keepsPayment).payments();
        Optional<Payment> target = payments.stream().filter(p -> p.txnId().equals(failing.first().txnId())).findFirst();
        if (target.isPresent()) {
            List<BitSet> tries = new ArrayList<>();
            tries.add(kept(payments, p -> p == target.get()));
            tries.add(kept(payments, p -> p.account().equals(target.get().account())));
            for (long window : WINDOWS_MICROS) {
                tries.add(kept(payments, p -> Math.abs(p.at() - target.get().at()) <= window));
            }
            for (BitSet kept : tries) {
                Optional<Result> tried = tryRun(trace.withPayments(kept), oracle);
                if (tried.isPresent()) {
                    best = tried.get();
                    break;
                }
            }
        }
        best = takeOutChunks(best, oracle, target.map(Payment::index).orElse(-1));
        int faultCount = faultsOf.apply(trace.seed()).windows().size();
        BitSet faults = new BitSet();
        faults.set(0, faultCount);
        faults.and(best.trace().faults().orElse(faults));
        for (int f = faults.nextSetBit(0); f >= 0; f = faults.nextSetBit(f + 1)) {
            BitSet without = (BitSet) faults.clone();
            without.clear(f);
            Optional<Result> tried = tryRun(best.trace().withFaults(without), oracle);
            if (tried.isPresent()) {
                faults = without;
                best = tried.get();
            }
        }
        FaultSchedule drawn = faultsOf.apply(trace.seed());
        BitSet keptFaults = faults;
        String described = drawn.windows().stream().filter(w -> keptFaults.get(w.index()))
                .map(w -> "#" + w.index() + " " + w).toList().toString();
        return new Shrunk(best, described);
    }

    /** Takes out halves, then quarters, ... of the kept payments (never {@code keep}) while the oracle still fails. */
    private Result takeOutChunks(Result best, String oracle, int keep) {
        BitSet kept = best.trace().payments().map(b -> (BitSet) b.clone()).orElseGet(() -> {
            BitSet all = new BitSet();
            all.set(0, Workload.size(profile.mix()));
            return all;
        });
        for (int parts = 2; runs < MOST_RUNS; parts *= 2) {
            List<Integer> indexes = kept.stream().filter(i -> i != keep).boxed().toList();
            if (indexes.isEmpty() || parts > 2 * indexes.size()) {
                break;
            }
            int size = Math.max(1, (indexes.size() + parts - 1) / parts);
            for (int from = 0; from < indexes.size() && runs < MOST_RUNS; from += size) {
                BitSet without = (BitSet) kept.clone();
                indexes.subList(from, Math.min(indexes.size(), from + size)).forEach(without::clear);
                Optional<Result> tried = tryRun(best.trace().withPayments(without), oracle);
                if (tried.isPresent()) {
                    kept = without;
                    best = tried.get();
                }
            }
        }
        return best;
    }

    private static BitSet kept(List<Payment> payments, java.util.function.Predicate<Payment> keep) {
        BitSet kept = new BitSet();
        payments.stream().filter(keep).forEach(p -> kept.set(p.index()));
        return kept;
    }

    private Optional<Result> tryRun(Trace trace, String oracle) {
        runs++;
        Result result = run.apply(trace);
        return result.violations().stream().anyMatch(v -> v.oracle().equals(oracle)) ? Optional.of(result) : Optional.empty();
    }
}
