package com.example.receiver.internal.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdafakes.VirtualClock;
import com.example.lambdakit.telemetry.FunctionLog;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;

/**
 * The signing key's reads, with a fake {@link SecretReader} (the project's own interface) and a
 * clock moved by hand. What Secrets Manager itself answers is tested against the local AWS
 * ({@code SigningKeyUnavailableTest} in payment-authorizer).
 */
class SigningKeyTest {

    private static final String SECRET_ID = "payments/fast-path-signing-key";
    private static final String KEY = "k".repeat(ValueSigner.MIN_KEY_BYTES);
    private static final Duration RETRY_EVERY = Duration.ofSeconds(60);

    private final VirtualClock clock = VirtualClock.at(Instant.parse("2026-12-01T00:00:00Z"));
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private final FunctionLog log = new FunctionLog(new PrintStream(output, true, StandardCharsets.UTF_8), clock, "test");
    /** What each read answers, in order: a value, or an exception to throw. */
    private final Deque<Supplier<String>> answers = new ArrayDeque<>();
    private int reads;

    private SigningKey signingKey() {
        return new SigningKey(secretId -> {
            reads++;
            return answers.isEmpty() ? KEY : answers.poll().get();
        }, SECRET_ID, clock, RETRY_EVERY, log);
    }

    private List<String> lines() {
        return output.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void unreadableAtStart_isReadAgainOncePerInterval_thenKeptForGood() {
        answers.add(() -> { throw accessDenied(); });
        answers.add(() -> { throw accessDenied(); });
        // GIVEN a key that cannot be read at start
        SigningKey key = signingKey();
        assertEquals(1, reads);
        assertTrue(key.signer().isEmpty());
        // WHEN it is asked for within the interval, THEN it is not read again
        clock.advance(RETRY_EVERY.minusSeconds(1));
        assertTrue(key.signer().isEmpty());
        assertEquals(1, reads);
        // WHEN the interval has passed, THEN it is read once more, and fails once more
        clock.advance(Duration.ofSeconds(1));
        assertTrue(key.signer().isEmpty());
        assertTrue(key.signer().isEmpty());
        assertEquals(2, reads);
        // WHEN another interval has passed and the read succeeds, THEN the key is kept, never read again
        clock.advance(RETRY_EVERY);
        assertTrue(key.signer().isPresent());
        clock.advance(RETRY_EVERY.multipliedBy(10));
        assertTrue(key.signer().isPresent());
        assertEquals(3, reads);
        assertEquals(2, lines().size(), "one line per failed read");
    }

    @Test
    void failedRead_writesOneErrorLine_namingTheSecretAndTheAwsErrorCode() {
        answers.add(() -> { throw accessDenied(); });
        SigningKey key = signingKey();
        assertTrue(key.known().isEmpty());
        String line = lines().get(0);
        assertTrue(line.contains("\"level\":\"ERROR\""), line);
        assertTrue(line.contains("\"secret_id\":\"" + SECRET_ID + "\""), line);
        assertTrue(line.contains("\"error\":\"AwsServiceException\""), line);
        assertTrue(line.contains("\"error_code\":\"AccessDeniedException\""), line);
        assertFalse(line.contains("not authorized"), "the exception's message is not written: " + line);
    }

    @Test
    void valueThatIsNoUsableKey_turnsTheFastPathOff_withoutQuotingTheValue() {
        String tooShort = "s3cr3t-but-short";
        answers.add(() -> tooShort);
        answers.add(() -> null);
        SigningKey key = signingKey();
        assertTrue(key.signer().isEmpty());
        clock.advance(RETRY_EVERY);
        assertTrue(key.signer().isEmpty());
        assertEquals(2, lines().size());
        for (String line : lines()) {
            assertTrue(line.contains("\"error\":\"" + SigningKey.INVALID_KEY + "\""), line);
            assertFalse(line.contains(tooShort), line);
        }
        assertTrue(lines().get(0).contains("at least 32 bytes, has " + tooShort.length()), lines().get(0));
        assertTrue(lines().get(1).contains("no SecretString"), lines().get(1));
    }

    @Test
    void afterRestore_aMissingKeyIsReadAtTheNextUse_whateverTheInterval() {
        answers.add(() -> { throw new IllegalStateException("unreachable", new ConnectException()); });
        SigningKey key = signingKey();
        assertTrue(lines().get(0).contains("\"detail\":\"caused by ConnectException\""), lines().get(0));
        key.readAtNextUse();
        assertEquals(1, reads, "marking it due reads nothing");
        assertTrue(key.signer().isPresent());
        assertEquals(2, reads);
    }

    private static AwsServiceException accessDenied() {
        return AwsServiceException.builder()
                .message("User is not authorized to perform secretsmanager:GetSecretValue")
                .awsErrorDetails(AwsErrorDetails.builder().errorCode("AccessDeniedException").build())
                .build();
    }
}
