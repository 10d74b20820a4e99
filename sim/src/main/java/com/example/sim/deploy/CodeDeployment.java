package com.example.sim.deploy;

import com.example.localaws.observability.MetricSamples;
import com.example.sim.models.Alias;
import com.example.sim.runtime.Scheduler;
import java.util.List;
import java.util.Optional;

/**
 * One CodeDeploy deployment of a new version behind the alias ("Working with deployments on an
 * AWS Lambda compute platform" and "Monitoring deployments with CloudWatch alarms in CodeDeploy",
 * AWS CodeDeploy User Guide): it shifts the alias's weights as its {@link DeploymentType} says and,
 * until the last shift, looks at its alarms once a minute (the later reading: no page gives the
 * interval); an alarm in ALARM, at the start or at any look, stops it and points the alias back at
 * the old version alone (the deployment group's automatic rollback on
 * {@code DEPLOYMENT_STOP_ON_ALARM}, which SAM turns on). Invocations already running on the new
 * version finish there: a rollback moves only the invocations that start after it.
 */
public final class CodeDeployment {

    /** How a deployment ended, or that it has not. */
    public enum State { IN_PROGRESS, SUCCEEDED, ROLLED_BACK }

    private static final long LOOK_EVERY = 60_000_000L;

    private final Scheduler scheduler;
    private final Alias alias;
    private final DeploymentType type;
    private final List<DeployAlarm> alarms;
    private final MetricSamples samples;
    private final String oldVersion;
    private final String newVersion;
    private final boolean mappingFollowsWeights;
    private State state = State.IN_PROGRESS;
    private long startedAt = -1;
    private long endedAt = -1;
    private DeployAlarm stoppedBy;
    private java.util.function.Consumer<CodeDeployment> ended = deployment -> { };

    /**
     * @param mappingFollowsWeights whether the event source's invocations follow the alias's weights;
     *                              false: the worse reading, any share at all sends every batch to the new version
     */
    public CodeDeployment(Scheduler scheduler, Alias alias, DeploymentType type, List<DeployAlarm> alarms, MetricSamples samples,
                          String oldVersion, String newVersion, boolean mappingFollowsWeights) {
        this.scheduler = scheduler;
        this.alias = alias;
        this.type = type;
        this.alarms = List.copyOf(alarms);
        this.samples = samples;
        this.oldVersion = oldVersion;
        this.newVersion = newVersion;
        this.mappingFollowsWeights = mappingFollowsWeights;
    }

    /** {@code listener} hears of the deployment's end, succeeded or rolled back. */
    public void whenEnded(java.util.function.Consumer<CodeDeployment> listener) {
        this.ended = listener;
    }

    /** Starts the deployment at {@code atMicros}. */
    public void startAt(long atMicros) {
        scheduler.at(atMicros, this::start);
    }

    private void start() {
        startedAt = scheduler.now();
        if (stopOnAlarm()) {
            return;
        }
        for (DeploymentType.Step step : type.steps()) {
            scheduler.at(startedAt + step.afterMicros(), () -> shift(step));
        }
        scheduler.at(startedAt + LOOK_EVERY, this::look);
    }

    private void shift(DeploymentType.Step step) {
        if (state != State.IN_PROGRESS) {
            return;
        }
        if (step.share() >= 1.0) {
            if (stopOnAlarm()) {
                return;
            }
            alias.pointAt(newVersion);
            state = State.SUCCEEDED;
            endedAt = scheduler.now();
            ended.accept(this);
        } else if (mappingFollowsWeights) {
            alias.route(newVersion, step.share());
        } else {
            alias.everyInvocationTo(newVersion);
        }
    }

    private void look() {
        if (state != State.IN_PROGRESS || stopOnAlarm()) {
            return;
        }
        scheduler.at(scheduler.now() + LOOK_EVERY, this::look);
    }

    private boolean stopOnAlarm() {
        Optional<DeployAlarm> firing = alarms.stream().filter(alarm -> alarm.firing(samples, scheduler.now())).findFirst();
        if (firing.isEmpty()) {
            return false;
        }
        stoppedBy = firing.get();
        alias.pointAt(oldVersion);
        state = State.ROLLED_BACK;
        endedAt = scheduler.now();
        ended.accept(this);
        return true;
    }

    public State state() {
        return state;
    }

    public long startedAt() {
        return startedAt;
    }

    /** When it succeeded or was rolled back; -1 while in progress. */
    public long endedAt() {
        return endedAt;
    }

    /** The alarm that stopped it, when one did. */
    public Optional<DeployAlarm> stoppedBy() {
        return Optional.ofNullable(stoppedBy);
    }
}
