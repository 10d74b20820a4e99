package com.example.sim;

import com.example.receiver.MessageResult;
import com.example.receiver.Outcome;
import com.example.sim.deploy.CodeDeployment;
import com.example.localaws.observability.MetricSamples;
import com.example.sim.models.Alias;
import com.example.sim.models.Environment;
import com.example.sim.models.LambdaService;
import com.example.sim.models.SqsMessage;
import com.example.sim.models.SqsQueue;
import com.example.sim.oracles.Oracles;
import com.example.sim.runtime.Scheduler;
import com.example.sim.workload.Operators;
import com.example.sim.workload.Payment;
import com.example.sim.workload.Producers;
import com.example.sim.workload.RollbackRedrive;
import com.example.sim.workload.SentMessages;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A run's gradual deploy ({@link Canary}): the new version published on the alias, the metrics
 * its alarms read made from what the run does (the new version's failed invocations, Lambda's
 * {@code Errors} by {@code ExecutedVersion}; the receiver's {@code Received}, {@code DeadLettered}
 * and {@code Conflict}, of every version alike, as its metrics are), the
 * deployment, and the runbook's redrive after a rollback, which holds the usual operators off the
 * DLQ until it has run. Its figures: the payments the new version touched, those it dead-lettered,
 * and how many of those were decided after the rollback.
 */
final class CanarySetup {

    private static final String OLD = "1";
    private static final String NEW = "2";

    private final Canary canary;
    private final Scheduler scheduler;
    private final SentMessages sent;
    private final MetricSamples samples = new MetricSamples();
    private final Set<String> touched = new TreeSet<>();
    private final Set<String> deadLettered = new TreeSet<>();
    private CodeDeployment deployment;
    private RollbackRedrive redrive;
    private Alias alias;

    private CanarySetup(Canary canary, Scheduler scheduler, SentMessages sent) {
        this.canary = canary;
        this.scheduler = scheduler;
        this.sent = sent;
    }

    /** The deploy of {@code canary}, if the run has one. */
    static Optional<CanarySetup> of(Optional<Canary> canary, Scheduler scheduler, SentMessages sent) {
        return canary.map(plan -> new CanarySetup(plan, scheduler, sent));
    }

    /**
     * Publishes the new version on {@code alias}: the old version's receiver, or (a bad one) the
     * receiver {@code withProducersSecret} builds reading the wrong producers' keys.
     */
    void publish(Alias alias, SimulatedReceiver old, java.util.function.Function<String, SimulatedReceiver> withProducersSecret,
                 int[] environments) {
        this.alias = alias;
        SimulatedReceiver version = canary.bad() ? withProducersSecret.apply(Producers.secretWithAnotherKey()) : old;
        alias.publish(NEW, () -> new Environment(++environments[0], version::build));
    }

    /** The deployment, and the runbook's redrive should it be rolled back; the usual operators held off the DLQ meanwhile. */
    void start(LambdaService lambda, SqsQueue deadLetters, SqsQueue payments, Operators operators, long functionTimeoutSeconds) {
        deployment = new CodeDeployment(scheduler, alias, canary.type(), canary.alarms(), samples, OLD, NEW,
                canary.mappingFollowsWeights());
        redrive = new RollbackRedrive(scheduler, deadLetters, payments, lambda, functionTimeoutSeconds);
        deployment.whenEnded(ended -> {
            if (ended.state() == CodeDeployment.State.ROLLED_BACK) {
                redrive.rolledBack();
            }
        });
        operators.holdWhile(() -> deployment.state() == CodeDeployment.State.IN_PROGRESS || redrive.due());
        deployment.startAt(canary.startMicros());
    }

    /** The receiver of {@code version} answered {@code result} for {@code message}. */
    void answered(SqsMessage message, MessageResult result, String version) {
        made("Received", false);
        if (result.deadLettered()) {
            made("DeadLettered", false);
        }
        if (result.outcome() instanceof Outcome.Conflict) {
            made("Conflict", false);
        }
        Optional<Payment> payment = sent.payment(message).filter(Payment::good);
        if (version.equals(NEW) && payment.isPresent()) {
            touched.add(payment.get().txnId());
            if (result.deadLettered()) {
                deadLettered.add(payment.get().txnId());
            }
        }
    }

    /** An invocation of {@code version} failed. */
    void failed(List<SqsMessage> batch, String version) {
        if (version.equals(NEW)) {
            made("Errors", true);
            batch.forEach(message -> sent.payment(message).filter(Payment::good).ifPresent(p -> touched.add(p.txnId())));
        }
    }

    /**
     * One of the metric {@code name}, now, as the deployment's alarms read it: the receiver's (its
     * {@code Service} dimension alone), or Lambda's of the version being deployed
     * ({@code byVersion}: its {@code ExecutedVersion} dimension).
     */
    private void made(String name, boolean byVersion) {
        canary.alarms().stream().flatMap(alarm -> alarm.alarm().queries().stream()).map(query -> query.metric())
                .filter(metric -> metric.name().equals(name) && metric.dimensions().containsKey("ExecutedVersion") == byVersion)
                .distinct().forEach(metric -> samples.add(metric, scheduler.instant(), 1.0));
    }

    /**
     * A deploy's figures.
     *
     * @param row          which deploy ({@link Canary#row()})
     * @param type         its deployment type
     * @param state        how it ended
     * @param startedAt    when it started
     * @param endedAt      when it ended, -1 if it did not
     * @param stoppedBy    the alarm that stopped it, if one did
     * @param invocations  invocations by version
     * @param touched      good payments the new version was invoked with
     * @param deadLettered good payments the new version dead-lettered
     * @param redriven     letters the runbook's redrive moved back
     * @param redrivenAt   when, -1 if it did not run
     * @param decided      of {@code deadLettered}, those decided in the end (once: the oracles check it)
     * @param decidedAfter of those, decided after the rollback (the others were decided before it, by the old
     *                     version from another copy, or a month before the run)
     */
    record Figures(String row, String type, CodeDeployment.State state, long startedAt, long endedAt, Optional<String> stoppedBy,
                   Map<String, Long> invocations, int touched, int deadLettered, int redriven, long redrivenAt, long decided,
                   long decidedAfter) {

        String line() {
            return String.format(" canary[%s: %s %s, started %s, %s%s, invocations %s, payments touched by v2 %d, dead-lettered by v2 %d,"
                            + " redriven by the runbook %d at %s, of v2's dead letters decided %d (after the rollback %d)]",
                    row, type, state, Oracles.at(startedAt), endedAt < 0 ? "never ended" : "ended " + Oracles.at(endedAt),
                    stoppedBy.map(alarm -> " by " + alarm).orElse(""), invocations, touched, deadLettered, redriven,
                    redrivenAt < 0 ? "never" : Oracles.at(redrivenAt), decided, decidedAfter);
        }
    }

    /** The deploy's figures, after the run. */
    Figures figures(Oracles oracles) {
        long rolledBackAt = deployment.state() == CodeDeployment.State.ROLLED_BACK ? deployment.endedAt() : Long.MAX_VALUE;
        long decided = deadLettered.stream().filter(oracles::decided).count();
        long decidedAfter = deadLettered.stream().map(oracles.decisions()::get)
                .filter(decision -> decision != null && decision.at() > rolledBackAt).count();
        return new Figures(canary.row(), canary.type().name(), deployment.state(), deployment.startedAt(), deployment.endedAt(),
                deployment.stoppedBy().map(com.example.sim.deploy.DeployAlarm::logicalId), new java.util.TreeMap<>(alias.invocations()),
                touched.size(), deadLettered.size(), Math.max(0, redrive.moved()), redrive.at(), decided, decidedAfter);
    }
}
