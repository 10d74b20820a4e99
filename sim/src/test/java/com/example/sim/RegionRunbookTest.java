package com.example.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.sim.oracles.Violation;
import com.example.sim.regions.RegionRunbook;
import com.example.sim.regions.RegionRunbook.Step;
import com.example.sim.regions.RegionSettings;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/multi-region.md's runbook entries "a Region is lost" and "it came back", walked by the
 * operators of the simulation ({@link RegionRunbook}) for design (b), where the local AWS has no
 * second Region: seed 2 loses Region 2 from 9h09 to 13h27 and cuts Region 0 off from 4h25 to
 * 8h14 (a partition drawn 1 to 4 hours long here, past the 15 receives of 181 s a payment has
 * before its DLQ). Each entry's "How to know it worked" is checked on the run's events (its
 * oracles, and the messages SQS moved to a DLQ after their receives); each step left out fails it.
 * The payments of 4h to 10h only (the cut-off, and the loss's first hour), so that a walk takes seconds.
 */
class RegionRunbookTest {

    private static final TemplateWindows WINDOWS = TemplateWindows.read(Path.of("../template.yaml"));
    private static final Profile PROFILE = Profile.regions(WINDOWS, 2_000);
    private static final Trace LOSS_AND_CUT_OFF = Trace.of(2).withPayments(Trace.parseRanges("KEEP_PAYMENTS", "350-800"));
    private static final Pattern DEAD_LETTERED = Pattern.compile(" dead_lettered=(\\d+) redriven=(\\d+)");

    /** The regions profile's Regions, the partition 1 to 4 hours long, the cut-off Region's control plane answering or not. */
    private static RegionSettings settings(boolean controlPlaneWhenCut) {
        RegionSettings d = RegionSettings.DEFAULT;
        return new RegionSettings(d.receivers(), d.lossMinutes(), new RegionSettings.Range(60, 240), d.roundTripMicros(),
                d.failoverMinutes(), d.failoverShare(), controlPlaneWhenCut);
    }

    private static Result walk(boolean controlPlaneWhenCut, Set<Step> steps) {
        return RegionsSimulation.run(LOSS_AND_CUT_OFF, PROFILE, WINDOWS, RegionDesign.MRSC_ACCOUNT_ITEM,
                settings(controlPlaneWhenCut), steps);
    }

    /** Messages SQS moved to a DLQ after their receives, and letters the operators moved back, as the run's figures count them. */
    private static long[] deadLetteredAndRedriven(Result result) {
        Matcher matcher = DEAD_LETTERED.matcher(result.extraFigures());
        assertTrue(matcher.find(), result::line);
        return new long[] {Long.parseLong(matcher.group(1)), Long.parseLong(matcher.group(2))};
    }

    private static Set<Step> without(Step step) {
        Set<Step> steps = EnumSet.copyOf(RegionRunbook.ALL);
        steps.remove(step);
        return steps;
    }

    @Test
    void aRegionIsLost_theCutOffRegionsEventSourcesStopped_nothingReachesADlq_andEveryOracleHolds() {
        // GIVEN Region 2 lost (its control plane does not answer) and Region 0 cut off, whose control plane answers
        // WHEN the operators walk "a Region is lost": tell lost from cut off, stop the cut-off Region's event sources
        Result walked = walk(true, RegionRunbook.ALL);
        // THEN nothing reaches a DLQ: the cut-off Region's payments wait in its queue instead of spending their receives
        assertEquals(0, deadLetteredAndRedriven(walked)[0], walked::line);
        assertTrue(walked.extraFigures().contains("stops=1"), walked::line);
        // AND every oracle holds through the loss and the cut-off (none decided twice, none lost, balances, DLQs)
        assertEquals(0, walked.violations().size(), () -> walked.violations().toString());
        assertTrue(walked.extraFigures().contains("sent_again=2"), walked::line);
    }

    @Test
    void aRegionIsLost_withoutStoppingTheCutOffRegionsEventSources_itsPaymentsSpendTheirReceives() {
        // GIVEN the same run, the cut-off Region's event sources left running although its control plane answers
        Result notStopped = walk(true, without(Step.STOP_EVENT_SOURCES));
        // THEN its payments spend their receives on RETRY and SQS moves them to its DLQ: the entry's check fails
        long[] counts = deadLetteredAndRedriven(notStopped);
        assertTrue(counts[0] > 0, notStopped::line);
        // AND only the return's redrive brings them back to be decided
        assertEquals(counts[0], counts[1], notStopped::line);
    }

    @Test
    void itCameBack_itsEventSourcesEnabled_itsDlqRedriven_noGoodPaymentLeftInAnyDlq() {
        // GIVEN Region 0 cut off with its control plane silent: its payments reached its DLQ while it was cut off
        // WHEN the operators walk "it came back": no wait (MRSC), enable its event sources, redrive its DLQ once they run
        Result walked = walk(false, RegionRunbook.ALL);
        long[] counts = deadLetteredAndRedriven(walked);
        assertTrue(counts[0] > 0, walked::line);
        // THEN every letter it dead-lettered is redriven and decided once, and every oracle holds after the return
        assertEquals(counts[0], counts[1], walked::line);
        assertEquals(0, walked.violations().size(), () -> walked.violations().toString());
    }

    @Test
    void itCameBack_withoutTheRedrive_goodPaymentsAreLeftInTheDlq() {
        Result notRedriven = walk(false, without(Step.REDRIVE_DEAD_LETTERS));
        assertTrue(notRedriven.violations().stream().anyMatch(v -> v.oracle().equals(Violation.GOOD_IN_DLQ)),
                () -> notRedriven.violations().toString());
    }

    @Test
    void itCameBack_withoutEnablingTheStoppedEventSources_itsStrandedPaymentsAreNeverDecided() {
        Result notEnabled = walk(true, without(Step.ENABLE_EVENT_SOURCES));
        assertTrue(notEnabled.violations().stream().anyMatch(v -> v.oracle().equals(Violation.LOST)),
                () -> notEnabled.violations().toString());
    }
}
