package com.example.sim.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.paymenttraffic.Send;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The simulation's workload, drawn by the one generator: per-payment streams, so a shrunk trace keeps the rest as drawn. */
class WorkloadTest {

    private static final Mix PROFILE = new Mix(2_000, Duration.ofDays(1), 50, 5, 0.05, 0.4, 4, 0.01);

    @Test
    void aPaymentShrunkAway_leavesEveryOtherMessage_asItWas() {
        List<Workload.Message> all = Workload.draw(PROFILE, 7, i -> true).messages();
        List<Workload.Message> without = Workload.draw(PROFILE, 7, i -> i != 17).messages();

        assertEquals(all.stream().filter(m -> m.payment().index() != 17).map(WorkloadTest::described).toList(),
                without.stream().map(WorkloadTest::described).toList());
        assertTrue(all.stream().anyMatch(m -> m.payment().index() == 17), "payment 17 was drawn");
    }

    @Test
    void theMix_hasRetries_conflicts_poison_andPaymentsAppliedBefore() {
        Workload workload = Workload.draw(PROFILE, 7, i -> true);

        assertTrue(workload.messages().stream().anyMatch(m -> m.send().kind() == Send.Kind.PRODUCER_RETRY && !m.payment().late()));
        assertTrue(workload.payments().stream().anyMatch(Payment::conflicting));
        assertTrue(workload.payments().stream().anyMatch(Payment::poison));
        assertTrue(workload.payments().stream().anyMatch(Payment::late));
        assertEquals(Workload.size(PROFILE), workload.payments().size());
    }

    private static String described(Workload.Message message) {
        return message.at() + " " + message.send().body();
    }
}
