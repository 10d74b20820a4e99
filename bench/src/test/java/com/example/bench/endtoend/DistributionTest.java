package com.example.bench.endtoend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class DistributionTest {

    @Test
    void twentyValuesInAnyOrder_giveNearestRankPercentiles() {
        // GIVEN 1..20 shuffled
        List<Double> values = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            values.add((double) i);
        }
        Collections.shuffle(values);
        // WHEN summarised
        Distribution d = Distribution.of(values);
        // THEN nearest-rank median, p10, p90 and the extremes
        assertEquals(new Distribution(20, 10, 2, 18, 1, 20), d);
        assertEquals("10.0 (p10 2.0 – p90 18.0; min 1.0, max 20.0)", d.text());
    }

    @Test
    void noValues_isRefused() {
        assertThrows(IllegalArgumentException.class, () -> Distribution.of(List.of()));
    }
}
