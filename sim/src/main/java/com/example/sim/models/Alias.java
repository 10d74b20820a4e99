package com.example.sim.models;

import com.example.sim.runtime.Scheduler;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The alias the event source mapping invokes ({@code live}), and the execution environments of each
 * version it routes to. An alias points at one version and may route a share of its invocations to
 * a second ({@code AdditionalVersionWeights}, "AliasRoutingConfiguration", AWS Lambda API
 * reference: "The second version, and the percentage of traffic that's routed to it"); CodeDeploy
 * moves that share during a gradual deploy. Each invocation draws its version from the weights, as
 * a share of the invocations is what the API promises; whether an event source mapping on the
 * alias follows the weights at all no page we hold says, so a canary also runs under the worse
 * reading, every batch to the new version ({@link #everyInvocationTo}). An environment serves the
 * version its init was built for, and only that one.
 */
public final class Alias {

    /** A version's environments: how to build one, and those idle. */
    private record Version(Supplier<Environment> init, ArrayDeque<Environment> idle) {
    }

    /** An environment to run one invocation in, and whether it was just built (a cold start). */
    public record Lease(Environment environment, String version, boolean cold) {
    }

    private final Scheduler scheduler;
    private final Map<String, Version> versions = new LinkedHashMap<>();
    private final Map<Environment, String> versionOf = new IdentityHashMap<>();
    private final Map<String, Long> invocations = new HashMap<>();
    private String primary;
    private String additional;
    private double weight;

    private Alias(Scheduler scheduler, String version, Supplier<Environment> init) {
        this.scheduler = scheduler;
        this.primary = version;
        versions.put(version, new Version(init, new ArrayDeque<>()));
    }

    /** An alias on one version, {@code 1}, whose environments {@code init} builds. */
    public static Alias of(Scheduler scheduler, Supplier<Environment> init) {
        return new Alias(scheduler, "1", init);
    }

    /** Publishes {@code version}, whose environments {@code init} builds; the alias routes nothing to it yet. */
    public void publish(String version, Supplier<Environment> init) {
        versions.put(version, new Version(init, new ArrayDeque<>()));
    }

    /** Routes {@code share} (0 to 1) of the invocations to {@code version}, the rest to the primary one. */
    public void route(String version, double share) {
        if (share < 0 || share > 1) {
            throw new IllegalArgumentException("a version's weight is 0.0 to 1.0, was " + share);
        }
        additional = version;
        weight = share;
    }

    /** Points the alias at {@code version} alone (a deploy's end, or its rollback's). */
    public void pointAt(String version) {
        primary = version;
        additional = null;
        weight = 0;
    }

    /** The worse reading of a mapping on a weighted alias: any weight at all sends it every batch. */
    public void everyInvocationTo(String version) {
        route(version, 1.0);
    }

    /**
     * An environment for the next invocation: the version drawn from the weights (a draw only while
     * two versions share the traffic, so that a run on one version draws what it always drew), an
     * idle environment of it, or a new one.
     */
    public Lease lease() {
        String version = additional != null && weight > 0
                && (weight >= 1 || scheduler.random().nextDouble() < weight) ? additional : primary;
        invocations.merge(version, 1L, Long::sum);
        Version of = versions.get(version);
        Environment idle = of.idle().pollFirst();
        if (idle != null) {
            return new Lease(idle, version, false);
        }
        Environment built = of.init().get();
        versionOf.put(built, version);
        return new Lease(built, version, true);
    }

    /** {@code environment} is free again, for its own version's invocations. */
    public void release(Environment environment) {
        versions.get(versionOf.get(environment)).idle().addFirst(environment);
    }

    /** Invocations each version was given, by version. */
    public Map<String, Long> invocations() {
        return Map.copyOf(invocations);
    }
}
