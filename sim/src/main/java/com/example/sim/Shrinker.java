package com.example.sim;

import java.util.BitSet;
import java.util.List;

/**
 * Shrinks a failing trace to a short one that still fails the same oracle: first the payments to
 * a window of time around the failing transaction's (its own payment always kept), widened until
 * the oracle fails again; then each fault window left out in turn; then, when few are left, each
 * payment left out in turn. Every step is a whole run, so the result replays exactly.
 */
final class Shrinker {

    /** The shrunk run, and the fault windows it keeps, described. */
    record Shrunk(Result result, String faults) {
    }

    private static final long[] WINDOWS_MICROS = {60_000_000L, 600_000_000L, 3_600_000_000L, 6 * 3_600_000_000L,
            86_400_000_000L, 3 * 86_400_000_000L};
    private static final int ONE_BY_ONE_BELOW = 60;

    private final Profile profile;
    private final TemplateWindows windows;

    Shrinker(Profile profile, TemplateWindows windows) {
        this.profile = profile;
        this.windows = windows;
    }

    Shrunk shrink(Result failing) {
        String oracle = failing.first().oracle();
        Trace trace = failing.trace();
        Result best = failing;
        List<Payment> payments = Workload.draw(profile, new Scheduler(trace.seed()).random(), i -> true).payments();
        long at = payments.stream().filter(p -> p.txnId().equals(failing.first().txnId())).mapToLong(Payment::at)
                .findFirst().orElse(-1);
        if (at >= 0) {
            for (long window : WINDOWS_MICROS) {
                BitSet kept = new BitSet();
                for (Payment p : payments) {
                    if (Math.abs(p.at() - at) <= window && trace.keepsPayment(p.index())) {
                        kept.set(p.index());
                    }
                }
                Result tried = Simulation.run(trace.withPayments(kept), profile, windows);
                if (fails(tried, oracle)) {
                    best = tried;
                    break;
                }
            }
        }
        int faultCount = FaultSchedule.draw(new Scheduler(trace.seed()).random(), profile.traffic()).windows().size();
        BitSet faults = new BitSet();
        faults.set(0, faultCount);
        for (int f = 0; f < faultCount; f++) {
            BitSet without = (BitSet) faults.clone();
            without.clear(f);
            Result tried = Simulation.run(best.trace().withFaults(without), profile, windows);
            if (fails(tried, oracle)) {
                faults = without;
                best = tried;
            }
        }
        if (best.trace().payments().isPresent() && best.trace().payments().get().cardinality() < ONE_BY_ONE_BELOW) {
            BitSet kept = (BitSet) best.trace().payments().get().clone();
            for (int i = kept.nextSetBit(0); i >= 0; i = kept.nextSetBit(i + 1)) {
                BitSet without = (BitSet) kept.clone();
                without.clear(i);
                Result tried = Simulation.run(best.trace().withPayments(without), profile, windows);
                if (fails(tried, oracle)) {
                    kept = without;
                    best = tried;
                }
            }
        }
        FaultSchedule drawn = FaultSchedule.draw(new Scheduler(trace.seed()).random(), profile.traffic());
        BitSet keptFaults = faults;
        String described = drawn.windows().stream().filter(w -> keptFaults.get(w.index()))
                .map(w -> "#" + w.index() + " " + w).toList().toString();
        return new Shrunk(best, described);
    }

    private static boolean fails(Result result, String oracle) {
        return result.violations().stream().anyMatch(v -> v.oracle().equals(oracle));
    }
}
