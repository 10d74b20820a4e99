package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static com.example.payment.authorizer.AuthorizerRig.event;
import static com.example.payment.authorizer.AuthorizerRig.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** redis-server goes away in the middle of a run and comes back. */
class FastPathOutageTest extends LocalAwsTest {

    FastPathOutageTest(LocalAws aws) {
        super(aws);
    }

    @Test
    void redisStoppedMidRun_everyMessageIsStillDecidedCorrectly_andTheOutageIsCounted() {
        try (AuthorizerRig rig = AuthorizerRig.withFastPath(aws)) {
            rig.ledger.openAccounts(5, 1_000_000);
            // GIVEN 40 purchases of 1.00, then the same 40 again, in batches of 8; Redis is
            // stopped before the 4th batch and started (empty) before the 8th
            List<String> deliveries = new ArrayList<>();
            for (int round = 0; round < 2; round++) {
                for (int i = 0; i < 40; i++) {
                    deliveries.add(purchase("TXN-O-" + i, "ACC-" + (i % 5), "1.00", "EUR"));
                }
            }
            List<String> failed = new ArrayList<>();
            for (int batch = 0; batch < 10; batch++) {
                if (batch == 3) {
                    aws.redis().stop();
                }
                if (batch == 7) {
                    aws.redis().start();
                }
                failed.addAll(failures(rig.invoke(event(deliveries.subList(batch * 8, batch * 8 + 8).toArray(String[]::new)))));
            }
            // THEN nothing failed, every account was debited exactly 8 x 1.00, and the outage was counted
            assertEquals(List.of(), failed);
            for (int a = 0; a < 5; a++) {
                assertEquals(1_000_000 - 800, rig.ledger.balance("ACC-" + a));
            }
            assertEquals(40, rig.ledger.allEntries());
            assertEquals(40, rig.metric("Approved"));
            assertEquals(40, rig.metric("DuplicateStore") + rig.metric("DuplicateFastPath"));
            assertTrue(rig.metric("DuplicateStore") >= 16, "redeliveries during the outage went to the store");
            assertTrue(rig.metric("FastPathUnavailable") >= 1, "outage counted");
        }
    }
}
