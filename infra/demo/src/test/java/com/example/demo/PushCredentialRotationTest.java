package com.example.demo;

import static com.example.demo.LocalCli.JSON;
import static com.example.demo.LocalCli.aws;
import static com.example.demo.LocalCli.ok;
import static com.example.demo.LocalCli.writeString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * The push credential rotated as docs/deploy.md's "The push API contract" says, against
 * {@code make up} (the local runtime's command line, as {@link LocalRuntimeCommandLineTest} runs it),
 * a notification on its way through each step. A class of its own: its minute of waiting for the
 * notifier's next read runs beside that class's tests (the demo module's two test JVMs).
 */
class PushCredentialRotationTest extends LocalRuntimeSession {

    @Test
    void rotationInThreeSteps_whileANotificationIsOnItsWay_deliversEachOnce_noneLost_noneDeadLettered() throws IOException {
        // GIVEN the local AWS started by `up`, with a 1 s visibility timeout, and an approval already notified through
        // it (a first drain: the stream's position kept, the local services warm, as after any session's first drain)
        JsonNode up = ok(run("up", "--visibility-timeout", "1"));
        String notificationsQueue = up.path("queues").path("NotificationsQueue").asText();
        Path late = stateDir.resolve("late.jsonl");
        writeString(late, LocalCli.payment("0101"));
        assertEquals(1, ok(run("send", "--messages", late.toString())).path("sent").asInt());
        JsonNode first = ok(run("drain", "--timeout-seconds", "120"));
        assertEquals(1, first.path("notifierOutcomes").path("DELIVERED").asInt(), first::toString);
        // WHEN the push credential is rotated as docs/deploy.md's "The push API contract" says, each step by its local
        // form, while a notification is on its way: its environment (one per drain, which reads the secret as it
        // starts) read the old key alone; the push API failing (503) keeps it retrying through steps 1 and 2, the
        // notifications queue holding each receive 10 s, so that 15 receives outlast the notifier's minute
        String oldKeyId = LocalAws.PUSH_API_KEY_ID;
        String newKeyId = "k-2026-12";
        String oldKey = JSON.readTree(aws(up, "aws secretsmanager get-secret-value --region \"$REGION\" --secret-id PushApiCredential-local"
                + " --query SecretString --output text", Map.of())).path("keys").path(oldKeyId).asText();
        String newKey = Base64.getEncoder().encodeToString(secureRandomBytes());
        aws(up, "aws sqs set-queue-attributes --region \"$REGION\" --queue-url \"$QUEUE\" --attributes VisibilityTimeout=10", Map.of("QUEUE", notificationsQueue));
        ok(run("push-api-fault", "--count", "100", "--status", "503"));
        Path rotated = stateDir.resolve("rotated.jsonl");
        writeString(rotated, Files.readString(late).replace("0101", "0103"));
        assertEquals(1, ok(run("send", "--messages", rotated.toString())).path("sent").asInt());
        CompletableFuture<LocalCli.Result> throughRotation = CompletableFuture.supplyAsync(() -> run("drain", "--timeout-seconds", "170"));
        awaitInPushApiLog("Idempotency-Key=TXN-LOCAL-0103 503");
        // step 1: the new key beside the old in the secret (the runbook's put-secret-value, locally as written), then
        // given to the receiver, which admits either (make push-api-keys: every key of the secret)
        String bothKeys = "{\"keys\": {\"" + oldKeyId + "\": \"" + oldKey + "\", \"" + newKeyId + "\": \"" + newKey + "\"}}";
        aws(up, "aws secretsmanager put-secret-value --region \"$REGION\" --secret-id PushApiCredential-local --secret-string \"$SECRET\"",
                Map.of("SECRET", bothKeys));
        assertEquals(List.of(newKeyId, oldKeyId), keyIds(ok(run("push-api-keys"))));
        // step 2: the receiver drops the old key (make push-api-keys KEY_IDS=k-2026-12), and the push API is back
        assertEquals(List.of(newKeyId), keyIds(ok(run("push-api-keys", "--key-ids", newKeyId))));
        ok(run("push-api-fault", "--count", "0"));
        LocalCli.Result rotation = throughRotation.join();
        JsonNode recoveredFromRefusal = ok(rotation);
        // THEN the environment signing with the old key alone was refused 401 and retried, read the secret again
        // (at most once a minute), signed with both keys and was admitted: delivered once, nothing dead-lettered
        String rotationLog = Files.readString(stateDir.resolve("push-api.log"));
        assertTrue(rotationLog.contains("Idempotency-Key=TXN-LOCAL-0103 401 not admitted"), rotationLog);
        assertTrue(rotationLog.contains("Idempotency-Key=TXN-LOCAL-0103 201 delivered"), rotationLog);
        assertEquals(1, recoveredFromRefusal.path("notifierOutcomes").path("DELIVERED").asInt(), recoveredFromRefusal::toString);
        assertTrue(recoveredFromRefusal.path("notifierOutcomes").path("RETRY").asInt() >= 2, recoveredFromRefusal::toString);
        // WHEN a notification is sent after step 2 THEN an environment started since reads both keys and is admitted at once
        assertDeliveredAtOnce(late, "0104");
        // WHEN step 3 removes the old key from the secret and another notification is sent
        aws(up, "aws secretsmanager put-secret-value --region \"$REGION\" --secret-id PushApiCredential-local --secret-string \"$SECRET\"",
                Map.of("SECRET", "{\"keys\": {\"" + newKeyId + "\": \"" + newKey + "\"}}"));
        // THEN it is delivered at once too; through the rotation each notification was delivered once, none lost,
        // none dead-lettered, every queue empty
        assertDeliveredAtOnce(late, "0105");
        JsonNode afterRotation = ok(run("state"));
        assertEquals(1 + 3, afterRotation.path("totals").path("notificationsDelivered").asInt(), afterRotation::toString);
        assertEquals(0, afterRotation.path("totals").path("notificationDeadLetters").asInt(), afterRotation::toString);
        afterRotation.path("queues").forEach(queue -> assertEquals(0, queue.path("visible").asInt() + queue.path("inFlight").asInt(),
                afterRotation.path("queues")::toString));
        for (String txn : List.of("TXN-LOCAL-0103", "TXN-LOCAL-0104", "TXN-LOCAL-0105")) {
            assertEquals(1, Files.readString(stateDir.resolve("push-api.log")).split("Idempotency-Key=" + txn + " 201 delivered", -1).length - 1, txn);
        }

    }

    /** The payment of {@code template} as transaction {@code number}, sent and drained, is notified at its first request. */
    private void assertDeliveredAtOnce(Path template, String number) throws IOException {
        Path payment = stateDir.resolve("payment-" + number + ".jsonl");
        writeString(payment, Files.readString(template).replace("0101", number));
        assertEquals(1, ok(run("send", "--messages", payment.toString())).path("sent").asInt());
        JsonNode drained = ok(run("drain", "--timeout-seconds", "120"));
        assertEquals(1, drained.path("notifierOutcomes").path("DELIVERED").asInt(), drained::toString);
        assertEquals(0, drained.path("notifierOutcomes").path("RETRY").asInt(), drained::toString);
    }

    /** Waits up to 60 s for push-api.log to hold {@code text}. */
    private void awaitInPushApiLog(String text) throws IOException {
        Path log = stateDir.resolve("push-api.log");
        for (long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60); System.nanoTime() < deadline; ) {
            if (Files.readString(log).contains(text)) {
                return;
            }
            com.example.receiver.testkit.Sleeper.THREAD.pauseQuietly(java.time.Duration.ofMillis(200));
        }
        throw new AssertionError("push-api.log never held " + text + ": " + Files.readString(log));
    }

    /** 32 random bytes, a signing key's as openssl rand -base64 32 makes one. */
    private static byte[] secureRandomBytes() {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return bytes;
    }

    /** The key ids make push-api-keys says the local push API admits, in name order. */
    private static List<String> keyIds(JsonNode admitted) {
        return StreamSupport.stream(admitted.path("keyIds").spliterator(), false).map(JsonNode::asText).sorted().toList();
    }
}
