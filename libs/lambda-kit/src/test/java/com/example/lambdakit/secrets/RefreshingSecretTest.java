package com.example.lambdakit.secrets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdakit.telemetry.FunctionLog;
import com.example.lambdakit.telemetry.TelemetryConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A secret's value is read once and kept; read again only while missing, after a refusal, or
 * after a restore, and never more than once a minute but after a restore; never logged.
 */
class RefreshingSecretTest {

    private static final Duration MINUTE = Duration.ofSeconds(60);

    /** The secret's successive values; a null entry makes that read fail. */
    private final List<String> values = new ArrayList<>();
    private int reads;
    private Instant now = Instant.parse("2026-12-05T06:00:00Z");
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();

    private final SecretSource source = secretId -> {
        String value = values.get(Math.min(reads++, values.size() - 1));
        if (value == null) {
            throw new IllegalStateException("unreachable " + secretId);
        }
        return value;
    };

    private RefreshingSecret<String> secret() {
        Clock clock = new Clock() {
            @Override
            public ZoneOffset getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return now;
            }
        };
        FunctionLog log = FunctionLog.of(new PrintStream(output, true, StandardCharsets.UTF_8), clock,
                TelemetryConfig.defaults("test", "Test"));
        return new RefreshingSecret<>(source, "push-credential", text -> {
            if (text.length() < 8) {
                throw new IllegalArgumentException("shorter than 8 characters");
            }
            return text;
        }, new RefreshingSecret.Lines("Test credential read", "Test credential unreadable", "UnusableTestCredential"),
                clock, MINUTE, log);
    }

    @Test
    void readOnce_andKept_whateverTheUses() {
        // GIVEN a secret read when built
        values.add("token-one");
        RefreshingSecret<String> secret = secret();

        // WHEN it is used a hundred times, ten minutes apart
        for (int i = 0; i < 100; i++) {
            now = now.plus(Duration.ofMinutes(10));
            assertEquals(Optional.of("token-one"), secret.current());
        }

        // THEN it was read once
        assertEquals(1, reads);
    }

    @Test
    void refused_readsAgainAtMostOnceAMinute_andTheNewValueIsUsed() {
        // GIVEN a secret read at start, then rotated
        values.addAll(List.of("token-one", "token-two"));
        RefreshingSecret<String> secret = secret();

        // WHEN the value is refused ten seconds later, and used
        now = now.plusSeconds(10);
        secret.refused();
        Optional<String> within = secret.current();
        // AND again a minute after the start
        now = now.plusSeconds(50);
        Optional<String> after = secret.current();
        secret.refused();
        Optional<String> refusedAgainAtOnce = secret.current();

        // THEN within the minute the known value stays and nothing is read; after it the new one is read once
        assertEquals(Optional.of("token-one"), within);
        assertEquals(Optional.of("token-two"), after);
        assertEquals(Optional.of("token-two"), refusedAgainAtOnce);
        assertEquals(2, reads);
    }

    @Test
    void failedRead_startsWithout_keepsTheKnownValueWhenRefused_andLogsNoValue() {
        // GIVEN a secret that cannot be read at start, then holds a value too short, then a good one
        values.add(null);
        values.add("short");
        values.add("token-good");
        RefreshingSecret<String> secret = secret();
        Optional<String> atStart = secret.current();

        // WHEN it is used within the minute, and after each minute
        now = now.plusSeconds(30);
        Optional<String> within = secret.current();
        now = now.plusSeconds(30);
        Optional<String> unusable = secret.current();
        now = now.plusSeconds(60);
        Optional<String> good = secret.current();

        // THEN it is missing until the good value is read, one read per minute
        assertEquals(List.of(Optional.empty(), Optional.empty(), Optional.empty(), Optional.of("token-good")),
                List.of(atStart, within, unusable, good));
        assertEquals(3, reads);
        // AND each failure is one ERROR line naming the secret and the reason, never a value
        String lines = output.toString(StandardCharsets.UTF_8);
        assertTrue(lines.contains("\"error\":\"IllegalStateException\""), lines);
        assertTrue(lines.contains("\"error\":\"UnusableTestCredential\",\"detail\":\"shorter than 8 characters\""), lines);
        assertFalse(lines.contains("short\""), lines);
        assertFalse(lines.contains("token-good"), lines);
    }

    @Test
    void refreshAtNextUse_readsAgainAtOnce_evenAKnownValue() {
        // GIVEN a secret read at start, then changed
        values.addAll(List.of("token-one", "token-two"));
        RefreshingSecret<String> secret = secret();

        // WHEN the environment is restored from a snapshot one second later
        now = now.plusSeconds(1);
        secret.refreshAtNextUse();

        // THEN the next use reads the current value
        assertEquals(Optional.of("token-two"), secret.current());
        assertEquals(2, reads);
    }

    @Test
    void readAtNextUse_readsAMissingValueAtOnce_butKeepsAKnownOne() {
        // GIVEN one secret unreadable at start, and one read at start; both changed since
        values.addAll(List.of("token-one", "token-two"));
        RefreshingSecret<String> known = secret();
        values.clear();
        reads = 0;
        values.addAll(Arrays.asList(null, "token-three"));
        RefreshingSecret<String> missing = secret();

        // WHEN both environments are restored one second later
        now = now.plusSeconds(1);
        known.readAtNextUse();
        missing.readAtNextUse();

        // THEN the missing one is read at its next use; the known one is kept, and known() never reads
        assertEquals(Optional.empty(), missing.known());
        assertEquals(Optional.of("token-three"), missing.current());
        assertEquals(Optional.of("token-one"), known.current());
        assertEquals(2, reads);
    }

    @Test
    void allOf_isKnownOnlyOnceEverySecretWasRead_andAnUnusableSetIsSaidSo() {
        // GIVEN two secrets, the second unreachable at first
        Map<String, List<String>> answers = new HashMap<>(Map.of(
                "gw-keys", new ArrayList<>(List.of("gw")), "batch-keys", new ArrayList<>(Arrays.asList(null, "batch"))));
        SecretSource two = secretId -> {
            List<String> left = answers.get(secretId);
            String value = left.size() > 1 ? left.remove(0) : left.get(0);
            if (value == null) {
                throw new IllegalStateException("unreachable " + secretId);
            }
            return value;
        };
        Clock clock = Clock.fixed(now, ZoneOffset.UTC);
        FunctionLog log = FunctionLog.of(new PrintStream(output, true, StandardCharsets.UTF_8), clock,
                TelemetryConfig.defaults("test", "Test"));
        RefreshingSecret.Lines lines = new RefreshingSecret.Lines("", "Keys unreadable", "UnusableKeys");
        RefreshingSecret<String> ring = RefreshingSecret.allOf(two, List.of("gw-keys", "batch-keys"),
                texts -> String.join("+", texts.values()), lines, clock, MINUTE, log);
        // THEN nothing is known while one secret is unreadable, and the line names that one
        assertEquals(Optional.empty(), ring.known());
        assertTrue(output.toString(StandardCharsets.UTF_8).contains("\"secret_id\":\"batch-keys\""), output.toString());
        assertEquals(Optional.empty(), ring.unusable());
        // AND the next read, after a restore, knows both, in the order given
        ring.readAtNextUse();
        assertEquals(Optional.of("gw+batch"), ring.current());
        assertEquals("gw-keys,batch-keys", ring.secretId());
        // AND secrets that were read but hold no usable value are said so, with the parser's reason
        RefreshingSecret<String> refused = RefreshingSecret.allOf(two, List.of("gw-keys"), texts -> {
            throw new IllegalArgumentException("no key in it");
        }, lines, clock, MINUTE, log);
        assertEquals(Optional.of("no key in it"), refused.unusable());
        assertFalse(output.toString(StandardCharsets.UTF_8).contains("\"gw\""), "a value is never logged");
    }
}
