package com.example.sim;

import com.example.receiver.MessageResult;
import com.example.receiver.Outcome;
import com.example.sim.models.Alias;
import com.example.sim.models.Environment;
import com.example.sim.models.SqsMessage;
import com.example.sim.oracles.Oracles;
import com.example.sim.oracles.ReadByReleasedNotifier;
import com.example.sim.oracles.Violation;
import com.example.sim.runtime.Scheduler;
import com.example.sim.workload.Payment;
import com.example.sim.workload.SentMessages;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One run's two versions ({@link Compat}): the alias on the release (version 1) with the working
 * tree published beside it (version 2), the weights' schedule with its rollback, and each
 * version's counts of what it answered; and the oracles of two versions (no false conflict, every
 * record readable by both, every decision message read by the release's notifier) given to the run's.
 */
final class CompatSetup {

    static final String RELEASED = "1";
    static final String WORKING_TREE = "2";

    /** What one version answered. */
    private static final class Counts {
        long messages;
        long approved;
        long declined;
        long duplicates;
        long duplicatesOfTheOther;
        long conflicts;
        long failedInvocations;
    }

    private final Compat compat;
    private final Scheduler scheduler;
    private final SentMessages sent;
    private final Map<String, Counts> counts = new LinkedHashMap<>();
    private final Map<String, String> decidedBy = new HashMap<>();
    private final ReadByReleasedNotifier messages;

    private CompatSetup(Compat compat, Scheduler scheduler, SentMessages sent) {
        this.compat = compat;
        this.scheduler = scheduler;
        this.sent = sent;
        this.messages = new ReadByReleasedNotifier(compat.notifier());
        counts.put(RELEASED, new Counts());
        counts.put(WORKING_TREE, new Counts());
    }

    /** The two versions of {@code compat}, if the run has them. */
    static Optional<CompatSetup> of(Optional<Compat> compat, Scheduler scheduler, SentMessages sent) {
        return compat.map(plan -> new CompatSetup(plan, scheduler, sent));
    }

    /** The oracles of two versions, after the run's own; the release's notifier reading what the topic delivers. */
    void watch(Oracles oracles, Downstream downstream) {
        oracles.twoVersions(compat.readers()::read);
        downstream.alsoDeliverTo(delivery -> messages.delivered(delivery, scheduler.now()));
    }

    /** What the release's notifier could not read as the messages said, at the run's end. */
    List<Violation> atEnd() {
        return messages.violations();
    }

    /**
     * The alias on the release, the working tree published beside it, both built on the same seams
     * by {@code receivers}; the weights moved as {@link Compat} says over a traffic of {@code trafficMicros}.
     */
    Alias alias(SimulatedReceiver receivers, int[] environments, long trafficMicros) {
        Alias alias = Alias.of(scheduler, () -> new Environment(++environments[0], out -> receivers.build(compat.release(), out)));
        alias.publish(WORKING_TREE, () -> new Environment(++environments[0], receivers::build));
        alias.route(WORKING_TREE, compat.weight());
        scheduler.at((long) (trafficMicros * compat.rollbackAt()), () -> alias.pointAt(RELEASED));
        scheduler.at((long) (trafficMicros * compat.forwardAt()), () -> alias.route(WORKING_TREE, compat.weight()));
        scheduler.at(trafficMicros, () -> alias.pointAt(WORKING_TREE));
        return alias;
    }

    /** The receiver of {@code version} answered {@code result} for {@code message}. */
    void answered(SqsMessage message, MessageResult result, String version) {
        Counts of = counts.get(version);
        of.messages++;
        Optional<String> txn = sent.payment(message).map(Payment::txnId);
        switch (result.outcome()) {
            case Outcome.Approved a -> {
                of.approved++;
                txn.ifPresent(t -> decidedBy.putIfAbsent(t, version));
            }
            case Outcome.Declined d -> {
                of.declined++;
                txn.ifPresent(t -> decidedBy.putIfAbsent(t, version));
            }
            case Outcome.Duplicate d -> {
                of.duplicates++;
                if (txn.map(decidedBy::get).filter(by -> !by.equals(version)).isPresent()) {
                    of.duplicatesOfTheOther++;
                }
            }
            case Outcome.Conflict c -> of.conflicts++;
            default -> { }
        }
    }

    /** An invocation of {@code version} failed (a crash, a timeout). */
    void failed(String version) {
        counts.get(version).failedInvocations++;
    }

    /**
     * The two versions' figures: each one's messages answered, approvals, declines, duplicates
     * (and of those, copies of a payment the other version decided), conflicts and failed invocations.
     */
    record Figures(String release, Map<String, String> byVersion) {

        String line() {
            return String.format(" compat[release %s: %s; working tree: %s]", release, byVersion.get(RELEASED),
                    byVersion.get(WORKING_TREE));
        }
    }

    Figures figures() {
        Map<String, String> lines = new LinkedHashMap<>();
        counts.forEach((version, c) -> lines.put(version, String.format(
                "messages=%d approved=%d declined=%d duplicates=%d (of the other's decisions %d) conflicts=%d failed_invocations=%d",
                c.messages, c.approved, c.declined, c.duplicates, c.duplicatesOfTheOther, c.conflicts, c.failedInvocations)));
        return new Figures(compat.release().version(), lines);
    }
}
