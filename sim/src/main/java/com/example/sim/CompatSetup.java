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

    /** What one version answered, as it goes. */
    private static final class Tally {
        long messages;
        long approved;
        long declined;
        long duplicates;
        long duplicatesOfTheOther;
        long conflicts;
        long failedInvocations;

        Counts counts() {
            return new Counts(messages, approved, declined, duplicates, duplicatesOfTheOther, conflicts, failedInvocations);
        }
    }

    /**
     * What one version answered in a run.
     *
     * @param messages             messages it answered (each delivery of each copy)
     * @param approved             approvals
     * @param declined             declines
     * @param duplicates           duplicates
     * @param duplicatesOfTheOther of those, copies of a payment the other version had decided
     * @param conflicts            conflicts
     * @param failedInvocations    invocations of it that failed (a crash, a timeout)
     */
    record Counts(long messages, long approved, long declined, long duplicates, long duplicatesOfTheOther, long conflicts,
                  long failedInvocations) {

        @Override
        public String toString() {
            return String.format("messages=%d approved=%d declined=%d duplicates=%d (of the other's decisions %d) conflicts=%d"
                    + " failed_invocations=%d", messages, approved, declined, duplicates, duplicatesOfTheOther, conflicts,
                    failedInvocations);
        }
    }

    private final Compat compat;
    private final Scheduler scheduler;
    private final SentMessages sent;
    private final Map<String, Tally> counts = new LinkedHashMap<>();
    private final Map<String, String> decidedBy = new HashMap<>();
    private final ReadByReleasedNotifier messages;

    private CompatSetup(Compat compat, Scheduler scheduler, SentMessages sent) {
        this.compat = compat;
        this.scheduler = scheduler;
        this.sent = sent;
        this.messages = new ReadByReleasedNotifier(compat.notifier());
        counts.put(RELEASED, new Tally());
        counts.put(WORKING_TREE, new Tally());
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
        Tally of = counts.get(version);
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
     * The two versions' figures.
     *
     * @param release     the release's version
     * @param released    what the release answered
     * @param workingTree what the working tree answered
     */
    record Figures(String release, Counts released, Counts workingTree) {

        String line() {
            return String.format(" compat[release %s: %s; working tree: %s]", release, released, workingTree);
        }
    }

    Figures figures() {
        return new Figures(compat.release().version(), counts.get(RELEASED).counts(), counts.get(WORKING_TREE).counts());
    }
}
