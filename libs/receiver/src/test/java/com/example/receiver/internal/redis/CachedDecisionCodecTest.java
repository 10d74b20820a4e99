package com.example.receiver.internal.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.receiver.Decision;
import com.example.receiver.Fingerprint;
import com.example.receiver.internal.CachedDecision;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CachedDecisionCodecTest {

    private static final Fingerprint FP = Fingerprint.of(Map.of("k", "v"));
    private static final String KEY = "dedup:PAYMENT#TXN-1";
    private static final CachedDecisionCodec CODEC = codec("a signing key of thirty-two bytes");

    private static CachedDecisionCodec codec(String key) {
        return new CachedDecisionCodec(new ValueSigner(key.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void approvalAndDecline_roundTrip_underTheirKey() {
        for (Decision decision : new Decision[] {Decision.approved(), Decision.declined("INSUFFICIENT_FUNDS")}) {
            CachedDecision cached = new CachedDecision(decision, FP);
            assertEquals(Optional.of(cached), CODEC.decode(KEY, CODEC.encode(KEY, cached)));
        }
    }

    @Test
    void genuineValue_movedToAnotherKey_orSignedWithAnotherSecret_isAMiss() {
        String value = CODEC.encode(KEY, new CachedDecision(Decision.approved(), FP));
        assertTrue(CODEC.decode("dedup:PAYMENT#TXN-2", value).isEmpty());
        String forged = codec("another key, also thirty-two bytes").encode(KEY, new CachedDecision(Decision.approved(), FP));
        assertTrue(CODEC.decode(KEY, forged).isEmpty());
    }

    @Test
    void foreignCorruptOrUnsignedValues_areMisses() {
        String signed = CODEC.encode(KEY, new CachedDecision(Decision.approved(), FP));
        for (String value : new String[] {"1", "", "v1|APPROVED||" + FP.hex(), "v2|APPROVED||" + FP.hex(),
                "v2|APPROVED||" + FP.hex() + "|", signed.replace("APPROVED", "DECLINED"), signed + "x",
                signed.substring(0, signed.length() - 1), "v2|MAYBE||" + FP.hex() + "|" + signed.substring(signed.lastIndexOf('|') + 1)}) {
            assertTrue(CODEC.decode(KEY, value).isEmpty(), value);
        }
    }

    @Test
    void signingKeyShorterThanTheHash_isRefused() {
        IllegalArgumentException refusal = assertThrows(IllegalArgumentException.class,
                () -> new ValueSigner("short".getBytes(StandardCharsets.UTF_8)));
        assertTrue(refusal.getMessage().contains("at least 32 bytes"), refusal.getMessage());
    }
}
