package com.example.receiver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FingerprintTest {

    private static Map<String, String> fields(String... namesAndValues) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            fields.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return fields;
    }

    @Test
    void sameFields_giveSameFingerprint() {
        assertEquals(Fingerprint.of(fields("a", "1", "b", "2")), Fingerprint.of(fields("a", "1", "b", "2")));
    }

    @Test
    void valueShiftedAcrossFields_givesAnotherFingerprint() {
        // GIVEN two field lists whose naive concatenation would be equal
        Fingerprint joined = Fingerprint.of(fields("a", "1|b=2"));
        Fingerprint split = Fingerprint.of(fields("a", "1", "b", "2"));
        // THEN the length-prefixed canonical form tells them apart
        assertNotEquals(joined, split);
    }

    @Test
    void knownVector_isStable() {
        // The canonical form is part of the stored data: changing it turns every stored record
        // into a conflict. sha256("1:k1:v"), computed independently.
        assertEquals("12ebec0bbf5bc52da0ac1d58aeda692bbba9481723964379c51279130afc175c",
                Fingerprint.of(fields("k", "v")).hex());
    }

    @Test
    void malformedHex_isRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Fingerprint("ABC"));
    }
}
