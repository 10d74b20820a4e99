package com.example.payment.notifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.localaws.messages.ProducerSigner;
import com.example.localaws.push.Admission;
import com.example.localaws.push.PushRequest;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The notifier proves itself to the push API with a credential from Secrets Manager, against the
 * local AWS and the local push API checking it as a real one would. A refused credential is never
 * the notifications' fault: they are retried, not dead-lettered, counted {@code PushAuthRejected},
 * and go out once the secret is fixed, without a new environment (a deploy). The credential is
 * read again at most once a minute after a refusal (the notifier's clock is moved on rather than
 * waited for).
 */
@ExtendWith(LocalAwsExtension.class)
class PushAuthenticationTest {

    private static final String RIGHT_TOKEN = "push-token-" + ProducerSigner.newKey().replaceAll("[^A-Za-z0-9]", "");
    private static final String WRONG_TOKEN = "push-token-mistyped-0123456789";

    private final LocalAws aws;
    private NotifierRig rig;

    PushAuthenticationTest(LocalAws aws) {
        this.aws = aws;
    }

    @BeforeEach
    void emptyTables() {
        aws.resetTables();
    }

    @AfterEach
    void close() {
        if (rig != null) {
            rig.close();
        }
    }

    @Test
    void wrongToken_retriesEveryNotification_deadLettersNone_andOnceFixedDeliversEachOnce() {
        // GIVEN a notifier whose secret holds a mistyped bearer token, and a push API that issued another
        rig = new NotifierRig(aws, Duration.ofSeconds(2), "bearer", Map.of("token", WRONG_TOKEN),
                Admission.bearer(Set.of(RIGHT_TOKEN)));
        SQSEvent.SQSMessage[] batch = {
                NotifierRig.message("m-1", NotifierRig.approved("TXN-AUTH-1", "ACC-1", 1_000)),
                NotifierRig.message("m-2", NotifierRig.approved("TXN-AUTH-2", "ACC-2", 2_000)),
                NotifierRig.message("m-3", NotifierRig.approved("TXN-AUTH-3", "ACC-3", 3_000))};

        // WHEN SQS delivers the batch twice
        List<String> first = rig.deliver(batch);
        List<String> second = rig.deliver(batch);

        // THEN every notification is a batch item failure (redelivered), none is in the DLQ
        assertEquals(List.of("m-1", "m-2", "m-3"), first);
        assertEquals(List.of("m-1", "m-2", "m-3"), second);
        assertEquals(List.of(), rig.deadLetters());
        // AND the push API refused each request (401) and delivered nothing
        assertEquals(6, rig.api.requestsReceived());
        assertTrue(rig.api.requests().stream().allMatch(request -> request.status() == 401), rig.api.requests().toString());
        assertEquals(0, rig.api.delivered());
        // AND each refusal is counted PushAuthRejected (and Retried), none DeadLettered
        assertEquals(List.of(6L, 6L, 0L), List.of(rig.metric("PushAuthRejected"), rig.metric("Retried"),
                rig.metric("DeadLettered")));

        // WHEN the operator puts the right token in the secret (no deploy), and SQS redelivers at once
        rig.putCredential(Map.of("token", RIGHT_TOKEN));
        List<String> withinTheMinute = rig.deliver(batch);
        // AND again once a minute has passed since the notifier last read the secret
        rig.clock.advance(Duration.ofSeconds(61));
        List<String> afterTheMinute = rig.deliver(batch);
        List<String> redelivered = rig.deliver(batch);

        // THEN within the minute the secret is not read again (still refused), after it every
        // notification is delivered, once, under its own key; a later redelivery is replayed
        assertEquals(List.of("m-1", "m-2", "m-3"), withinTheMinute);
        assertEquals(List.of(), afterTheMinute);
        assertEquals(List.of(), redelivered);
        assertEquals(3, rig.api.delivered());
        assertEquals(List.of("TXN-AUTH-1", "TXN-AUTH-2", "TXN-AUTH-3"), rig.api.requests().stream()
                .filter(PushRequest::delivered).map(PushRequest::idempotencyKey).toList());
        assertEquals(List.of(), rig.deadLetters());
        assertEquals(List.of(9L, 3L, 3L), List.of(rig.metric("PushAuthRejected"), rig.metric("Delivered"),
                rig.metric("Replayed")));
        // AND no line the notifier wrote holds either token
        rig.lines().forEach(line -> assertFalse(line.contains(WRONG_TOKEN) || line.contains(RIGHT_TOKEN), line));
    }

    @Test
    void forbidden_isRetriedAsARefusedCredential_notDeadLettered() {
        // GIVEN a push API that answers 403 once (the credential lacks a permission)
        rig = new NotifierRig(aws, Duration.ofSeconds(2));
        SQSEvent.SQSMessage message = NotifierRig.message("m-403", NotifierRig.approved("TXN-403", "ACC-1", 100));
        rig.api.failNext(1, 403);

        // WHEN it is delivered, then redelivered
        List<String> first = rig.deliver(message);
        List<String> second = rig.deliver(message);

        // THEN the 403 was a batch item failure counted PushAuthRejected, and the redelivery passed
        assertEquals(List.of("m-403"), first);
        assertEquals(List.of(), second);
        assertEquals(List.of(), rig.deadLetters());
        assertEquals(1, rig.api.delivered());
        assertEquals(1L, rig.metric("PushAuthRejected"));
    }

    @Test
    void keyRotation_bothKeysSignDuringIt_andTheApiSwitchingStopsNotificationsForAMinuteAtMost() {
        // GIVEN a notifier signing with key k-1, and a push API holding k-1
        String oldKey = ProducerSigner.newKey();
        String newKey = ProducerSigner.newKey();
        rig = new NotifierRig(aws, Duration.ofSeconds(2), "hmac", Map.of("k-1", oldKey), null);
        assertEquals(List.of(), rig.deliver(NotifierRig.message("m-before", NotifierRig.approved("TXN-ROT-0", "ACC-1", 100))));

        // WHEN the operator adds k-2 to the secret beside k-1, and the push API moves to k-2 alone
        Map<String, String> both = new LinkedHashMap<>();
        both.put("k-1", oldKey);
        both.put("k-2", newKey);
        rig.putCredential(both);
        rig.api.admit(Admission.signed(Map.of("k-2", newKey), Clock.systemUTC()));
        SQSEvent.SQSMessage during = NotifierRig.message("m-during", NotifierRig.approved("TXN-ROT-1", "ACC-1", 200));
        List<String> refused = rig.deliver(during);
        // AND a minute later SQS redelivers it
        rig.clock.advance(Duration.ofSeconds(61));
        List<String> resigned = rig.deliver(during);
        // AND the operator then removes k-1, and another notification comes
        rig.putCredential(Map.of("k-2", newKey));
        List<String> after = rig.deliver(NotifierRig.message("m-after", NotifierRig.approved("TXN-ROT-2", "ACC-1", 300)));

        // THEN the one request signed with k-1 alone was refused and retried, the redelivery (signed
        // with both keys, read again after the refusal) passed, and so does the next
        assertEquals(List.of("m-during"), refused);
        assertEquals(List.of(), resigned);
        assertEquals(List.of(), after);
        assertEquals(3, rig.api.delivered());
        assertEquals(1L, rig.metric("PushAuthRejected"));
        assertEquals(List.of(), rig.deadLetters());
        // AND no line holds a key
        rig.lines().forEach(line -> assertFalse(line.contains(oldKey) || line.contains(newKey), line));
    }

    @Test
    void unreadableSecret_retriesWithoutCalling_andTheNotificationGoesOutOnceTheSecretIsReadable() {
        // GIVEN a notifier whose secret holds no usable key (too short to sign with)
        rig = new NotifierRig(aws, Duration.ofSeconds(2), "hmac", Map.of("k-1", "whsec_c2hvcnQ="), Admission.signed(
                Map.of("k-1", "0123456789abcdef0123456789abcdef"), Clock.systemUTC()));
        SQSEvent.SQSMessage message = NotifierRig.message("m-k", NotifierRig.approved("TXN-KEYLESS", "ACC-1", 100));

        // WHEN it is delivered; then the secret is fixed and, a minute later, it is redelivered
        List<String> keyless = rig.deliver(message);
        rig.putCredential(Map.of("k-1", "0123456789abcdef0123456789abcdef"));
        rig.clock.advance(Duration.ofSeconds(61));
        List<String> fixed = rig.deliver(message);

        // THEN without a key nothing was sent and the notification was retried, counted; then delivered
        assertEquals(List.of("m-k"), keyless);
        assertEquals(List.of(), fixed);
        assertEquals(1, rig.api.requestsReceived());
        assertEquals(1, rig.api.delivered());
        assertEquals(1L, rig.metric("PushAuthRejected"));
        // AND the unreadable secret was one ERROR line naming it and the rule, not the value
        assertTrue(rig.lines().stream().anyMatch(line -> line.contains("\"level\":\"ERROR\"")
                && line.contains(rig.credentialSecret) && line.contains("decodes to 5 bytes, not 24-64")), rig.lines().toString());
    }
}
