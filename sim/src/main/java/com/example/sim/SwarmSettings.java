package com.example.sim;

import com.example.sim.faults.FaultRates;
import com.example.sim.swarm.Dimension;
import com.example.sim.swarm.Draw;
import com.example.sim.swarm.SwarmSpace;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.function.BiFunction;

/**
 * What each setting a swarm draws drives in a run: the template's parameters the simulation
 * understands, one line each, and the simulation's own settings (the payments queue's kind, the
 * faults' lengths and rates). A drawn parameter is the template's {@code Default} in the
 * deployment the run reads ({@link TemplateWindows} reads its windows from it), and those the
 * profile holds are applied to it; a parameter listed here that the template does not declare is
 * not drawn (so a parameter's line can come before the parameter does).
 */
final class SwarmSettings {

    /** A run's template view and profile, as a draw deploys them. */
    record Setup(TemplateWindows windows, Profile profile) {
    }

    /** A template parameter the simulation understands, what it drives, and how the profile takes it. */
    private record Mapped(String parameter, String drives, BiFunction<Profile, String, Profile> profile) {
    }

    /** The windows' view of the deployment reads it: nothing for the profile to change. */
    private static final BiFunction<Profile, String, Profile> READ_BY_THE_WINDOWS = (profile, value) -> profile;

    private static final List<Mapped> PARAMETERS = List.of(
            new Mapped("QueueRetentionSeconds", "the payments queue's retention, QUEUE_RETENTION_SECONDS", READ_BY_THE_WINDOWS),
            new Mapped("IdempotencyTtlSeconds", "IDEMPOTENCY_TTL_SECONDS, the notifier's record", READ_BY_THE_WINDOWS),
            new Mapped("MaxPaymentAgeSeconds", "MAX_MESSAGE_AGE_SECONDS (the age bound), judged by the Rules beside the TTL",
                    READ_BY_THE_WINDOWS),
            new Mapped("FastPathTtlSeconds", "FAST_PATH_TTL_SECONDS", READ_BY_THE_WINDOWS),
            new Mapped("MaxReceiveCount", "the payments queue's redrive policy", READ_BY_THE_WINDOWS),
            new Mapped("EventSourceMaximumConcurrency", "the SQS mapping's MaximumConcurrency", READ_BY_THE_WINDOWS),
            new Mapped("InFunctionConcurrency", "MAX_CONCURRENCY (a batch's lanes)", READ_BY_THE_WINDOWS),
            new Mapped("MinRemainingTimeMs", "MIN_REMAINING_TIME_MS", READ_BY_THE_WINDOWS),
            new Mapped("GroupCommit", "GROUP_COMMIT", READ_BY_THE_WINDOWS),
            new Mapped("ProducerSignatureWindowSeconds", "PRODUCER_SIGNATURE_WINDOW_SECONDS", READ_BY_THE_WINDOWS),
            new Mapped("FastPathTimeoutMs", "FAST_PATH_TIMEOUT_MS", READ_BY_THE_WINDOWS),
            new Mapped("EnableFastPath", "the fast path: ElastiCache Serverless, or none",
                    (profile, value) -> profile.with(Boolean.parseBoolean(value) ? "serverless" : "off", profile.queue())),
            new Mapped("RequireProducerSignatures", "REQUIRE_PRODUCER_SIGNATURES",
                    (profile, value) -> profile.with(profile.rules().withSignatures(Boolean.parseBoolean(value)))),
            new Mapped("AuthorizerReservedConcurrency", "the authorizer's reserved concurrency (Lambda throttles beyond it)",
                    (profile, value) -> profile.withReservedConcurrency(Integer.parseInt(value))),
            new Mapped("TablesWarmWriteUnitsPerSecond", "each table's write units a second at the start (WarmThroughput)",
                    (profile, value) -> profile.withWarmWriteUnits(Long.parseLong(value))));

    static final String QUEUE = "sim.Queue";
    private static final String THROTTLING = "sim.LongestThrottlingMinutes";
    private static final String OUTAGE = "sim.LongestOutageMinutes";
    private static final String LAMBDA_THROTTLE = "sim.LongestLambdaThrottleMinutes";
    private static final String SERVER_ERRORS = "sim.ServerErrorRate";
    private static final String CRASHES = "sim.CrashRate";
    private static final String EXTRA_COPIES = "sim.ExtraCopyRate";
    private static final String HOT_PARTITIONS = "sim.HotPartitionRate";

    /**
     * The simulation's own settings: the payments queue's kind (the template has no FIFO option:
     * docs/architecture.md's FIFO alternative) and the fault schedule's lengths and rates, each
     * from the gentlest to a few times {@code make simulate}'s, its default. DynamoDB's throttling
     * stays within the 30 minutes the design promises to ride out.
     */
    private static final List<Dimension> OWN = List.of(
            Dimension.own(QUEUE, "standard", List.of("standard", "fifo")),
            Dimension.own(THROTTLING, minutes(FaultRates.DEFAULT.longestThrottling()), List.of("5", "10", "20", "30")),
            Dimension.own(OUTAGE, minutes(FaultRates.DEFAULT.longestOutage()), List.of("30", "60", "150", "300")),
            Dimension.own(LAMBDA_THROTTLE, minutes(FaultRates.DEFAULT.longestLambdaThrottle()), List.of("5", "15", "30")),
            Dimension.own(SERVER_ERRORS, rate(FaultRates.DEFAULT.serverErrors()), List.of("0", "0.0005", "0.002")),
            Dimension.own(CRASHES, rate(FaultRates.DEFAULT.crashes()), List.of("0", "0.0003", "0.001")),
            Dimension.own(EXTRA_COPIES, rate(FaultRates.DEFAULT.extraCopies()), List.of("0", "0.001", "0.005")),
            Dimension.own(HOT_PARTITIONS, rate(FaultRates.DEFAULT.hotPartitionThrottles()), List.of("0", "0.01", "0.05")));

    private SwarmSettings() {
    }

    /** What a swarm draws from on {@code template}. */
    static SwarmSpace space(Template template) {
        return SwarmSpace.of(template, PARAMETERS.stream().map(Mapped::parameter).toList(), OWN);
    }

    /** What a swarm across Regions draws from: the same, then the Regions ({@link RegionsSwarm}), so a seed's other settings stay its own. */
    static SwarmSpace acrossRegions(Template template) {
        return SwarmSpace.of(template, PARAMETERS.stream().map(Mapped::parameter).toList(),
                java.util.stream.Stream.concat(OWN.stream(), RegionsSwarm.DIMENSIONS.stream()).toList());
    }

    /** The run {@code draw} deploys: the template with the drawn parameters as its defaults, a profile of {@code payments}. */
    static Setup apply(Template template, Draw draw, int payments) {
        TemplateWindows windows = TemplateWindows.of(deployed(template, draw));
        Profile profile = Profile.standard(windows, payments).named("swarm");
        for (Mapped mapped : PARAMETERS) {
            if (draw.values().containsKey(mapped.parameter())) {
                profile = mapped.profile().apply(profile, draw.value(mapped.parameter()));
            }
        }
        FaultRates rates = new FaultRates(Duration.ofMinutes(Long.parseLong(draw.value(THROTTLING))),
                Duration.ofMinutes(Long.parseLong(draw.value(OUTAGE))), Duration.ofMinutes(Long.parseLong(draw.value(LAMBDA_THROTTLE))),
                Double.parseDouble(draw.value(SERVER_ERRORS)), Double.parseDouble(draw.value(CRASHES)),
                Double.parseDouble(draw.value(EXTRA_COPIES)), Double.parseDouble(draw.value(HOT_PARTITIONS)));
        return new Setup(windows, profile.with(profile.cache(), draw.value(QUEUE)).withFaultRates(rates));
    }

    /** One line per drawn template parameter: what it drives. */
    static List<String> described(SwarmSpace space) {
        return PARAMETERS.stream().filter(m -> space.defaults().containsKey(m.parameter()))
                .map(m -> m.parameter() + ": " + m.drives()).toList();
    }

    /** {@code template} as deployed with the draw's parameters: each one's {@code Default} the drawn value. */
    private static Template deployed(Template template, Draw draw) {
        JsonNode root = template.root().deepCopy();
        for (Mapped mapped : PARAMETERS) {
            JsonNode declared = root.path("Parameters").path(mapped.parameter());
            if (declared instanceof ObjectNode parameter && draw.values().containsKey(mapped.parameter())) {
                parameter.put("Default", draw.value(mapped.parameter()));
            }
        }
        return Template.of(root);
    }

    private static String minutes(Duration duration) {
        return Long.toString(duration.toMinutes());
    }

    private static String rate(double chance) {
        return BigDecimal.valueOf(chance).stripTrailingZeros().toPlainString();
    }
}
