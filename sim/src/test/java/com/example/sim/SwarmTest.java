package com.example.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.sim.swarm.Draw;
import com.example.sim.swarm.SwarmSpace;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The swarm ({@code make simulate PROFILE=swarm}): a seed's draw is a function of the seed, within
 * what the template allows, never a set its Rules refuse, and what it draws is what the run
 * deploys; a few draws fail no oracle.
 */
class SwarmTest {

    private static final Template TEMPLATE = Template.read(Path.of("../template.yaml"));
    private static final SwarmSpace SPACE = SwarmSettings.space(TEMPLATE);

    @Test
    void theSameSeed_drawsTheSameSettings_andAnotherSeedOthers() {
        assertEquals(SPACE.draw(7), SPACE.draw(7));
        assertNotEquals(SPACE.draw(7).values(), SPACE.draw(8).values());
    }

    @Test
    void everyDraw_isASetTheRulesAccept_andTheRefusedOnesWereDrawnAgainAndCounted() {
        // GIVEN 200 seeds' draws WHEN each is judged by the template's Rules THEN none is refused
        List<Draw> draws = IntStream.rangeClosed(1, 200).mapToObj(SPACE::draw).toList();
        draws.forEach(draw -> assertEquals(List.of(), SPACE.refusals(draw.values()), draw::toString));
        // AND the Rules did refuse some sets on the way (the age Rules refuse about one set in four), which were drawn again
        assertTrue(draws.stream().mapToInt(Draw::refused).sum() > 20, () -> "refused " + draws.stream().mapToInt(Draw::refused).sum());
        // AND every setting drew more than one value: the space is swept, not pinned to the defaults
        SPACE.defaults().keySet().forEach(name -> assertTrue(draws.stream().map(d -> d.value(name)).distinct().count() > 1, name));
    }

    @Test
    void aValueARuleRefuses_isNeverDrawn() throws Exception {
        // GIVEN the template with one more Rule: GroupCommit must be true
        ObjectNode root = TEMPLATE.root().deepCopy();
        JsonNode rule = new ObjectMapper().readTree("""
                {"Assertions": [{"Assert": {"Fn::Equals": [{"Ref": "GroupCommit"}, "true"]},
                                 "AssertDescription": "GroupCommit must be true"}]}""");
        ((ObjectNode) root.path("Rules")).set("GroupCommitAlways", rule);
        SwarmSpace space = SwarmSettings.space(Template.of(root));
        // WHEN 100 seeds are drawn THEN none has GroupCommit=false, and about half the draws were refused and drawn again
        List<Draw> draws = IntStream.rangeClosed(1, 100).mapToObj(space::draw).toList();
        draws.forEach(draw -> assertEquals("true", draw.value("GroupCommit"), draw::toString));
        assertTrue(draws.stream().mapToInt(Draw::refused).sum() > 100, "refused " + draws.stream().mapToInt(Draw::refused).sum());
        // AND a draw given by hand that the Rules refuse is refused before it runs, naming the Rule's description
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> space.given("GroupCommit=false"));
        assertTrue(refused.getMessage().contains("GroupCommit must be true"), refused.getMessage());
        IllegalArgumentException tooYoung = assertThrows(IllegalArgumentException.class,
                () -> SPACE.given("MaxPaymentAgeSeconds=31449600,IdempotencyTtlSeconds=2592000"));
        assertTrue(tooYoung.getMessage().contains("IdempotencyTtlSeconds must exceed MaxPaymentAgeSeconds (31449600)"), tooYoung.getMessage());
    }

    @Test
    void aDraw_isWhatTheRunDeploys() {
        // GIVEN a draw away from the defaults in each kind of setting
        Draw draw = SPACE.given("MaxReceiveCount=40,QueueRetentionSeconds=864000,EventSourceMaximumConcurrency=5,"
                + "EnableFastPath=true,RequireProducerSignatures=true,sim.Queue=fifo,sim.ServerErrorRate=0.002");
        SwarmSettings.Setup setup = SwarmSettings.apply(TEMPLATE, draw, 100);
        // THEN the windows, the profile and the faults are the drawn ones, every other setting the template's default
        assertEquals(40, setup.windows().maxReceiveCount());
        assertEquals(864_000, setup.windows().queueRetentionSeconds());
        assertEquals(5, setup.profile().maxConcurrency());
        assertEquals(2_592_000, setup.windows().recordTtlSeconds());
        assertEquals("serverless", setup.profile().cache());
        assertTrue(setup.profile().rules().signaturesRequired() && setup.profile().fifo());
        assertEquals(0.002, setup.profile().faultRates().serverErrors());
        assertEquals("QueueRetentionSeconds=864000,MaxReceiveCount=40,EventSourceMaximumConcurrency=5,EnableFastPath=true,"
                + "RequireProducerSignatures=true,sim.Queue=fifo,sim.ServerErrorRate=0.002", draw.text(SPACE.defaults()),
                "the settings away from their defaults, in the space's order");
        // AND the defaults are a deployment without overrides: no fast path, no signatures, make simulate's faults
        SwarmSettings.Setup defaults = SwarmSettings.apply(TEMPLATE, SPACE.given("defaults"), 100);
        assertEquals(TemplateWindows.of(TEMPLATE), defaults.windows());
        assertEquals("off", defaults.profile().cache());
        assertTrue(!defaults.profile().rules().signaturesRequired() && !defaults.profile().fifo());
        assertEquals(com.example.sim.faults.FaultRates.DEFAULT, defaults.profile().faultRates());
    }

    @Test
    void aFewSwarmDraws_failNoOracle_andASeedRunsTheSameTwice() {
        Map<String, String> defaults = SPACE.defaults();
        for (int seed = 1; seed <= 3; seed++) {
            Draw draw = SPACE.draw(seed);
            SwarmRun.Outcome outcome = SwarmRun.Outcome.of(TEMPLATE, Trace.of(seed), draw, 500);
            String line = SwarmRun.line(outcome, defaults);
            assertTrue(!outcome.failed() && outcome.result().orElseThrow().approved() > 0, line);
            assertTrue(line.startsWith("SEED=" + seed + " DRAW=" + draw.text(defaults) + " refused=" + draw.refused() + " payments="), line);
            if (seed == 1) {
                assertEquals(line, SwarmRun.line(SwarmRun.Outcome.of(TEMPLATE, Trace.of(seed), draw, 500), defaults));
            }
        }
    }

    @Test
    void aReceiveThatGetsNothing_leavesThePollerPolling_soAMessageBackAfterTheTrafficIsDecided() {
        // GIVEN the swarm's seed 85, shrunk: payment 305 retried in a DynamoDB outage at the traffic's
        // end, and a receive that gets nothing because the message it saw visible went to the DLQ
        // past its receives; no more traffic comes to wake the poller
        Trace trace = Trace.of(85).withPayments(Trace.parseRanges("KEEP_PAYMENTS",
                        "305,502-507,550-567,580-591,788-793,824-829,860-871,890-907,991-1001"))
                .withFaults(Trace.parseRanges("KEEP_FAULTS", "2-3"));
        Draw draw = SPACE.given("MaxReceiveCount=25,EnableFastPath=true,sim.LongestThrottlingMinutes=5");
        // WHEN it runs THEN payment 305 is decided once visible again, never left to expire in the queue
        // (the poller used to stop there: "nothing stuck past the windows: TXN-S-305: expired undecided
        // in payments at 16d10h06m00s")
        SwarmRun.Outcome outcome = SwarmRun.Outcome.of(TEMPLATE, trace, draw, 1000);
        assertTrue(!outcome.failed(), () -> SwarmRun.line(outcome, SPACE.defaults()) + " "
                + outcome.result().map(r -> r.violations().toString()).orElse(""));
    }
}
