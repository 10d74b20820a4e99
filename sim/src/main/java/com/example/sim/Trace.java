package com.example.sim;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a run is a function of: the seed, and, for a shrunk trace, which of the seed's payments and
 * fault windows it keeps (all when absent). Printed as the command that replays it.
 *
 * @param seed     the seed of every random choice
 * @param payments the payments kept, by index, or all
 * @param faults   the fault windows kept, by index, or all
 */
record Trace(long seed, Optional<BitSet> payments, Optional<BitSet> faults) {

    static Trace of(long seed) {
        return new Trace(seed, Optional.empty(), Optional.empty());
    }

    /**
     * The traces {@code variables} name: {@code SEED} (shrunk by {@code KEEP_PAYMENTS} and
     * {@code KEEP_FAULTS}), else {@code SEEDS} ({@code seeds} when absent) from {@code FIRST_SEED} (1).
     */
    static List<Trace> named(Map<String, String> variables, int seeds) {
        List<Trace> traces = new ArrayList<>();
        if (variables.containsKey("SEED")) {
            Trace trace = Trace.of(Variables.number(variables, "SEED", 0, 0, Integer.MAX_VALUE));
            if (variables.containsKey("KEEP_PAYMENTS")) {
                trace = trace.withPayments(parseRanges("KEEP_PAYMENTS", variables.get("KEEP_PAYMENTS")));
            }
            if (variables.containsKey("KEEP_FAULTS")) {
                trace = trace.withFaults(parseRanges("KEEP_FAULTS", variables.get("KEEP_FAULTS")));
            }
            traces.add(trace);
        } else {
            int count = Variables.number(variables, "SEEDS", seeds, 1, 100_000);
            int first = Variables.number(variables, "FIRST_SEED", 1, 0, Integer.MAX_VALUE - count);
            for (int s = 0; s < count; s++) {
                traces.add(Trace.of(first + s));
            }
        }
        return traces;
    }

    boolean keepsPayment(int index) {
        return payments.map(kept -> kept.get(index)).orElse(true);
    }

    boolean keepsFault(int index) {
        return faults.map(kept -> kept.get(index)).orElse(true);
    }

    Trace withPayments(BitSet kept) {
        return new Trace(seed, Optional.of(kept), faults);
    }

    Trace withFaults(BitSet kept) {
        return new Trace(seed, payments, Optional.of(kept));
    }

    /** The make variables that replay this trace. */
    String variables() {
        StringBuilder text = new StringBuilder("SEED=").append(seed);
        payments.ifPresent(kept -> text.append(" KEEP_PAYMENTS=").append(ranges(kept)));
        faults.ifPresent(kept -> text.append(" KEEP_FAULTS=").append(kept.isEmpty() ? "none" : ranges(kept)));
        return text.toString();
    }

    static String ranges(BitSet set) {
        StringBuilder text = new StringBuilder();
        for (int i = set.nextSetBit(0); i >= 0; ) {
            int end = set.nextClearBit(i) - 1;
            text.append(text.isEmpty() ? "" : ",").append(i).append(end > i ? "-" + end : "");
            i = set.nextSetBit(end + 1);
        }
        return text.toString();
    }

    /** {@code 1,4-7} (or {@code none}) as a set; refuses anything else, naming the variable. */
    static BitSet parseRanges(String variable, String text) {
        BitSet set = new BitSet();
        if (text.equals("none")) {
            return set;
        }
        for (String part : text.split(",")) {
            if (!part.matches("[0-9]{1,9}(-[0-9]{1,9})?")) {
                throw new IllegalArgumentException(variable + " must be indexes or ranges like 3,10-20 (or none), was '" + text + "'");
            }
            String[] bounds = part.split("-");
            int from = Integer.parseInt(bounds[0]);
            int to = bounds.length == 2 ? Integer.parseInt(bounds[1]) : from;
            if (to < from) {
                throw new IllegalArgumentException(variable + ": range " + part + " ends before it starts");
            }
            set.set(from, to + 1);
        }
        return set;
    }
}
