package com.example.sim.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.sim.runtime.Scheduler;
import org.junit.jupiter.api.Test;

/** The alias's weights: a share of the invocations to the second version, and its environments its own. */
class AliasTest {

    @Test
    void aWeightOfATenth_sendsAboutATenthOfTheInvocations_eachToAnEnvironmentOfItsVersion() {
        Scheduler scheduler = new Scheduler(5);
        Alias alias = Alias.of(scheduler, () -> new Environment(1, out -> null));
        alias.publish("2", () -> new Environment(2, out -> null));
        alias.route("2", 0.1);
        for (int i = 0; i < 10_000; i++) {
            alias.lease();
        }
        long second = alias.invocations().get("2");
        assertTrue(second > 850 && second < 1_150, "version 2 took " + second + " of 10 000");
        // WHEN the alias is pointed back at version 1 THEN version 2 takes nothing more
        alias.pointAt("1");
        for (int i = 0; i < 1_000; i++) {
            assertEquals("1", alias.lease().version());
        }
    }
}
