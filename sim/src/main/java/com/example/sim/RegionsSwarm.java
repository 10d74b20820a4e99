package com.example.sim;

import com.example.sim.regions.RegionRunbook;
import com.example.sim.regions.RegionSettings;
import com.example.sim.runtime.Scheduler;
import com.example.sim.swarm.Dimension;
import com.example.sim.swarm.Draw;
import com.example.template.Template;
import java.util.List;

/**
 * The swarm across Regions ({@code make simulate PROFILE=swarm DESIGN=...}): besides every
 * setting the swarm draws ({@link SwarmSettings}), a seed draws its Regions within what the
 * regions model allows ({@link RegionSettings}), each from the gentlest to a few times the
 * regions profile's, which is its default, and runs the regions profile's day
 * ({@link RegionsSimulation}) with the drawn template windows and fault rates, the operators
 * walking the runbook. Design (b) only: the witness, the faults and the runbook are wired for it.
 */
final class RegionsSwarm {

    static final String REGIONS = "sim.Regions";
    private static final String LOSS = "sim.RegionLossMinutes";
    private static final String PARTITION = "sim.PartitionMinutes";
    private static final String ROUND_TRIP = "sim.ReplicationRoundTripMs";
    private static final String FAILOVER = "sim.FailoverMinutes";
    private static final String FAILOVER_SHARE = "sim.FailoverShare";
    private static final String CONTROL_PLANE = "sim.ControlPlaneWhenCutOff";
    private static final String THREE = "3-replicas";
    private static final String ANSWERS = "answers";

    /**
     * The Regions' settings a seed draws: three replicas or two and a witness; a loss of minutes,
     * hours, or up to a day (past the payments queue's retention when it is drawn short); a
     * partition of minutes, hours or none; the MRSC round trip; how soon producers and operators
     * see a loss and how many producers fail over; whether a cut-off Region's control plane answers.
     */
    static final List<Dimension> DIMENSIONS = List.of(
            Dimension.own(REGIONS, THREE, List.of(THREE, "2-replicas-witness")),
            Dimension.own(LOSS, RegionSettings.DEFAULT.lossMinutes().toString(), List.of("5-60", "60-360", "360-1440")),
            Dimension.own(PARTITION, RegionSettings.DEFAULT.partitionMinutes().toString(), List.of("0-0", "5-60", "60-240")),
            Dimension.own(ROUND_TRIP, millis(RegionSettings.DEFAULT.roundTripMicros()), List.of("5-40", "20-120", "100-400")),
            Dimension.own(FAILOVER, RegionSettings.DEFAULT.failoverMinutes().toString(), List.of("0-1", "1-10", "10-60")),
            Dimension.own(FAILOVER_SHARE, "1", List.of("1", "0.9", "0.5")),
            Dimension.own(CONTROL_PLANE, ANSWERS, List.of(ANSWERS, "silent")));

    private RegionsSwarm() {
    }

    /** The design a swarm draws Regions for: (b) only, refused otherwise with the reason. */
    static RegionDesign design(String id) {
        RegionDesign design = RegionDesign.named(id);
        if (design != RegionDesign.MRSC_ACCOUNT_ITEM) {
            throw new IllegalArgumentException("PROFILE=swarm draws Regions for DESIGN=" + RegionDesign.MRSC_ACCOUNT_ITEM.id()
                    + " only (its witness, faults and runbook are wired), was '" + id + "'");
        }
        return design;
    }

    /** The Regions {@code draw} makes. */
    static RegionSettings settings(Draw draw) {
        RegionSettings.Range roundTrip = RegionSettings.Range.parse(draw.value(ROUND_TRIP));
        return new RegionSettings(draw.value(REGIONS).equals(THREE) ? 3 : 2, RegionSettings.Range.parse(draw.value(LOSS)),
                RegionSettings.Range.parse(draw.value(PARTITION)),
                new RegionSettings.Range(roundTrip.least() * 1000, roundTrip.most() * 1000),
                RegionSettings.Range.parse(draw.value(FAILOVER)), Double.parseDouble(draw.value(FAILOVER_SHARE)),
                draw.value(CONTROL_PLANE).equals(ANSWERS));
    }

    /** The regions profile's day of {@code payments} under {@code draw}'s windows, rules and fault rates. */
    static SwarmSettings.Setup setup(Template template, Draw draw, int payments) {
        SwarmSettings.Setup drawn = SwarmSettings.apply(template, draw, payments);
        Profile profile = Profile.regions(drawn.windows(), payments).withFaultRates(drawn.profile().faultRates())
                .with(drawn.profile().rules()).drawingFaults();
        return new SwarmSettings.Setup(drawn.windows(), profile);
    }

    /** Seed {@code trace}'s run under {@code draw}, by {@code design}, the whole runbook walked. */
    static Result run(Template template, Trace trace, Draw draw, int payments, RegionDesign design) {
        SwarmSettings.Setup setup = setup(template, draw, payments);
        return RegionsSimulation.run(trace, setup.profile(), setup.windows(), design, settings(draw), RegionRunbook.ALL);
    }

    /** A shrinker of {@code draw}'s runs, their fault windows drawn as the run draws them. */
    static Shrinker shrinker(Template template, Draw draw, int payments, RegionDesign design) {
        SwarmSettings.Setup setup = setup(template, draw, payments);
        return new Shrinker(setup.profile(), trace -> RegionsSimulation.run(trace, setup.profile(), setup.windows(), design,
                settings(draw), RegionRunbook.ALL), seed -> RegionsSimulation.faults(new Scheduler(seed), setup.profile()));
    }

    private static String millis(RegionSettings.Range micros) {
        return micros.least() / 1000 + "-" + micros.most() / 1000;
    }
}
