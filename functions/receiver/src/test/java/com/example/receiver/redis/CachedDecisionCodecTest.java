package com.example.receiver.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.receiver.CachedDecision;
import com.example.receiver.Decision;
import com.example.receiver.Fingerprint;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CachedDecisionCodecTest {

    private static final Fingerprint FP = Fingerprint.of(Map.of("k", "v"));

    @Test
    void approvalAndDecline_roundTrip() {
        for (Decision decision : new Decision[] {Decision.approved(), Decision.declined("INSUFFICIENT_FUNDS")}) {
            CachedDecision cached = new CachedDecision(decision, FP);
            assertEquals(Optional.of(cached), CachedDecisionCodec.decode(CachedDecisionCodec.encode(cached)));
        }
    }

    @Test
    void foreignOrCorruptValues_areMisses() {
        for (String value : new String[] {"1", "", "v2|APPROVED||" + FP.hex(), "v1|APPROVED||nothex",
                "v1|MAYBE||" + FP.hex(), "v1|DECLINED||" + FP.hex(), "v1|APPROVED|WHY|" + FP.hex()}) {
            assertTrue(CachedDecisionCodec.decode(value).isEmpty(), value);
        }
    }
}
