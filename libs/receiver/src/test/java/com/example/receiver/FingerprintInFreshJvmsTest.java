package com.example.receiver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A fingerprint is stored with its record and compared on every redelivery, which may be decided
 * by another execution environment, another deploy, another JVM. So it must not depend on
 * anything one JVM chooses: {@code Map.of}'s iteration order is salted per JVM
 * ({@code java.util.ImmutableCollections.SALT}), and a digest "in iteration order" of it differed
 * from one JVM to the next (a redelivery decided elsewhere was a false conflict, sent to the DLQ).
 * Each run here is a fresh JVM, as each Lambda execution environment is.
 */
class FingerprintInFreshJvmsTest {

    private static final int JVMS = 6;

    /** The probe run in each fresh JVM: the fingerprint of the natural call, on stdout. */
    public static final class Probe {
        public static void main(String[] args) {
            System.out.print(Fingerprint.of(Map.of(
                    "booking_id", "b-1", "event_id", "e-7", "seat", "A12", "holder", "h-3",
                    "price_minor", "4500", "currency", "EUR", "channel", "web", "tier", "gold")).hex());
        }
    }

    @Test
    void mapOfFields_givesOneFingerprintInEveryJvm() throws Exception {
        Set<String> seen = new TreeSet<>();
        for (int run = 0; run < JVMS; run++) {
            seen.add(probeInFreshJvm());
        }
        assertEquals(1, seen.size(), JVMS + " fresh JVMs, one set of fields, fingerprints: " + seen);
    }

    private static String probeInFreshJvm() throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                Probe.class.getName()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new AssertionError("the probe JVM failed: " + out);
        }
        return out;
    }
}
