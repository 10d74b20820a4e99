package com.example.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.sim.oracles.Violation;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Across Regions ({@code make simulate PROFILE=regions}): today's design on global tables in MREC
 * decides a payment twice when a Region is lost, which the same trace in one Region never does,
 * nor design (b), one conditional write per payment on MRSC; and a run across Regions is a pure
 * function of its trace. On the shrunk trace a failing run of
 * 2 000 payments printed, so that it takes seconds.
 */
class RegionsSimulationTest {

    private static final TemplateWindows WINDOWS = TemplateWindows.read(Path.of("../template.yaml"));
    private static final Profile PROFILE = Profile.regions(WINDOWS, 2_000);
    /** Seed 2 loses Region 2 from 9h09 to 13h27; payment 602 was sent there just before. */
    private static final Trace LOST_WITH_ITS_PAYMENT = Trace.of(2).withPayments(Trace.parseRanges("KEEP_PAYMENTS", "602"));

    @Test
    void todaysDesignOnMrec_decidesAPaymentTwice_whenItsRegionIsLost() {
        // GIVEN a payment sent to Region 2 just before it is lost, its producer sending it again to another Region
        // WHEN today's receiver runs in every Region on its replica of MREC global tables
        Result regions = RegionsSimulation.run(LOST_WITH_ITS_PAYMENT, PROFILE, WINDOWS, RegionDesign.MREC_TODAY);
        // THEN the copy stranded in Region 2's queue is decided again as the Region returns, before the
        // other Region's record reaches its replica
        assertTrue(regions.violations().stream().anyMatch(v -> v.oracle().equals(Violation.DECIDED_TWICE)
                && v.txnId().equals("TXN-S-602") && v.detail().endsWith("then DECLINED at 0d13h26m57s")),
                () -> regions.violations().toString());
        assertTrue(regions.extraFigures().contains("sent_again=1"), regions::line);
        // AND the same trace in one Region, where there is nothing to lose, fails no oracle
        Result single = Simulation.run(LOST_WITH_ITS_PAYMENT, PROFILE, WINDOWS);
        assertEquals(0, single.violations().size(), () -> single.violations().toString());
    }

    @Test
    void oneConditionalWritePerPaymentOnMrsc_decidesItOnce_whenItsRegionIsLost() {
        // GIVEN the same payment, stranded in Region 2 and sent again to another Region
        // WHEN each Region's consumer writes its decision on the account item of MRSC global tables
        Result regions = RegionsSimulation.run(LOST_WITH_ITS_PAYMENT, PROFILE, WINDOWS, RegionDesign.MRSC_ACCOUNT_ITEM);
        // THEN it is decided once: the stranded copy, once Region 2 is back, is answered a duplicate of it
        assertEquals(0, regions.violations().size(), () -> regions.violations().toString());
        assertEquals(1, regions.declined(), regions::line);
        assertTrue(regions.extraFigures().contains("sent_again=1"), regions::line);
    }

    @Test
    void sameTraceTwice_acrossRegions_givesTheSameResult_byteForByte() {
        assertEquals(RegionsSimulation.run(LOST_WITH_ITS_PAYMENT, PROFILE, WINDOWS, RegionDesign.MREC_TODAY).line(),
                RegionsSimulation.run(LOST_WITH_ITS_PAYMENT, PROFILE, WINDOWS, RegionDesign.MREC_TODAY).line());
    }
}
