package com.example.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.payment.authorizer.OfflineReceivers;
import com.example.receiver.BatchResult;
import com.example.receiver.Command;
import com.example.receiver.DuplicateSource;
import com.example.receiver.Fingerprint;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.MessageResult;
import com.example.receiver.Outcome;
import com.example.receiver.ParseResult;
import com.example.receiver.lambda.IdempotentReceiver;
import com.example.receiver.lambda.ReceiverBuilder;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.receiver.testing.InMemoryCacheNode;
import com.example.receiver.testing.ReceiverTestKit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Properties of the parser and the receiver over generated messages: valid payments spelled in
 * many ways, and mutations of them down to random bytes ({@link GeneratedMessages}). The receiver
 * is the function's own wiring, its store and its cache's node in memory through the library's
 * test kit.
 *
 * <p>Each run draws a new seed and names it in every failure; {@code -Dproperties.seed=<seed>}
 * replays a run. The number of tries is fixed, so a run takes about a second.
 */
class PaymentMessagePropertiesTest {

    private static final long SEED = Long.getLong("properties.seed", new SplittableRandom().nextLong());
    private static final Pattern FIELD = Pattern.compile(
            "message|headers|body|headers\\.(message_id|timestamp|correlation_id|source)"
                    + "|body\\.(transaction_id|account_id|amount|currency|authorization_type|merchant|merchant_category|card_number_hash)");

    private static final String SIGNING_SECRET = "properties-fast-path-key";
    private static final String SIGNING_KEY = "a-fast-path-signing-key-of-at-least-32-bytes";
    /**
     * The function's receiver with 4 lanes, every message started whatever the time left, passing
     * failures left to the queue, and the fast path on the test kit's node (a timeout no run meets).
     */
    private static final Map<String, String> ENVIRONMENT = Map.of(
            ReceiverVariables.IDEMPOTENCY_TABLE, "records", ReceiverVariables.QUEUE_RETENTION_SECONDS, "345600",
            "ACCOUNTS_TABLE", "accounts", "LEDGER_TABLE", "ledger",
            ReceiverVariables.MAX_CONCURRENCY, "4", ReceiverVariables.MIN_REMAINING_TIME_MS, "0",
            ReceiverVariables.SOON_REDELIVERY, "false",
            ReceiverVariables.FAST_PATH_ENDPOINT, InMemoryCacheNode.NODE,
            ReceiverVariables.FAST_PATH_SIGNING_SECRET, SIGNING_SECRET, ReceiverVariables.FAST_PATH_TIMEOUT_MS, "10000");

    private final PaymentParser parser = new PaymentParser();

    private static String replay() {
        return " [seed " + SEED + ", replay with -Dproperties.seed=" + SEED + "]";
    }

    @Test
    void anyMessage_getsExactlyOneVerdict_withoutAnException_andARuleThatQuotesNothing() {
        GeneratedMessages generate = new GeneratedMessages(new SplittableRandom(SEED));
        for (int i = 0; i < 4_000; i++) {
            // GIVEN a valid message (one in five) or a mutated one or noise
            GeneratedMessages.Spec spec = generate.spec();
            String message = i % 5 == 0 ? generate.spelled(spec) : generate.mutated(spec);
            // WHEN parsed (twice)
            ParseResult<Payment> verdict;
            try {
                verdict = parser.parse(message);
            } catch (RuntimeException e) {
                fail("the parser threw " + e + " for " + printable(message) + replay());
                return;
            }
            // THEN exactly one verdict, the same each time
            assertEquals(verdict, parser.parse(message), printable(message) + replay());
            switch (verdict) {
                case ParseResult.Valid<Payment> valid ->
                        assertEquals(valid.command().payload().transactionId(), valid.command().key().value());
                case ParseResult.Invalid<Payment> invalid -> {
                    assertTrue(FIELD.matcher(invalid.field()).matches(), invalid.field() + replay());
                    assertFalse(invalid.rule().isBlank(), replay());
                    assertFalse(invalid.rule().contains(spec.cardHash().substring(7)), invalid.rule() + replay());
                    assertFalse(invalid.rule().contains(spec.merchant()), invalid.rule() + replay());
                    if (spec.txn().length() >= 8) {
                        assertFalse(invalid.rule().contains(spec.txn()), invalid.rule() + replay());
                    }
                }
            }
        }
    }

    @Test
    void everyMessageOfEveryBatch_getsExactlyOneOutcome_asTheModelOfDecidedKeysPredicts() {
        SplittableRandom random = new SplittableRandom(SEED);
        GeneratedMessages generate = new GeneratedMessages(random);
        List<MessageResult> reports = Collections.synchronizedList(new ArrayList<>());
        Map<IdempotencyKey, Fingerprint> decidedBefore = new HashMap<>();
        List<GeneratedMessages.Spec> sent = new ArrayList<>();
        // the function's receiver, its store and the cache's one node in memory (the test kit's)
        ReceiverBuilder<Payment> builder = OfflineReceivers.builder(ENVIRONMENT,
                secretId -> SIGNING_SECRET.equals(secretId) ? SIGNING_KEY : "", SEED);
        ReceiverTestKit.of(builder).store(built -> new InMemoryStore())
                .cacheNodes(timeout -> new InMemoryCacheNode(), Executors::newFixedThreadPool)
                .afterReport(reports::add);
        try (IdempotentReceiver<Payment> receiver = builder.build()) {
            for (int batch = 0; batch < 300; batch++) {
                // GIVEN a batch of 1-10 new payments, redeliveries, conflicting re-uses of a key and garbage
                List<SQSEvent.SQSMessage> messages = new ArrayList<>();
                int size = 1 + random.nextInt(10);
                for (int i = 0; i < size; i++) {
                    messages.add(delivery("m-" + batch + "-" + i, body(random, generate, sent)));
                }
                List<String> ids = messages.stream().map(SQSEvent.SQSMessage::getMessageId).toList();
                reports.clear();
                // WHEN the receiver processes it
                BatchResult result = receiver.decide(event(messages), null);
                // THEN one outcome per message, in order, each reported once
                assertEquals(ids, result.results().stream().map(MessageResult::messageId).toList(), replay());
                assertEquals(Set.copyOf(ids), Set.copyOf(reports.stream().map(MessageResult::messageId).toList()), replay());
                assertEquals(size, reports.size(), replay());
                // THEN each outcome is the one the parser and the keys decided before imply
                Map<IdempotencyKey, Fingerprint> firstInBatch = new HashMap<>();
                for (int i = 0; i < size; i++) {
                    Outcome outcome = result.results().get(i).outcome();
                    // (a delivery without a body reaches the parser empty)
                    String body = Objects.requireNonNullElse(messages.get(i).getBody(), "");
                    String context = printable(body) + " -> " + outcome + replay();
                    Optional<IdempotencyKey> firstCopyOf = keyOf(body).filter(key -> !firstInBatch.containsKey(key));
                    String label = expected(body, decidedBefore, firstInBatch);
                    assertEquals(label, outcome.label(), context);
                    assertEquals(outcome.acknowledged(), !result.failedMessageIds().contains(ids.get(i)), context);
                    // AND the cache, always there, answers a batch's first copy of a key an earlier batch decided
                    if (label.equals("DUPLICATE") && firstCopyOf.filter(decidedBefore::containsKey).isPresent()) {
                        assertEquals(DuplicateSource.FAST_PATH, ((Outcome.Duplicate) outcome).source(), context);
                    }
                }
                firstInBatch.forEach(decidedBefore::putIfAbsent);
            }
        }
    }

    /** The key the parser gives {@code body}, when it is a valid payment. */
    private Optional<IdempotencyKey> keyOf(String body) {
        return parser.parse(body) instanceof ParseResult.Valid<Payment> valid ? Optional.of(valid.command().key()) : Optional.empty();
    }

    /** A first delivery of {@code body} (which may be missing) as SQS hands it to Lambda. */
    private static SQSEvent.SQSMessage delivery(String messageId, String body) {
        SQSEvent.SQSMessage message = new SQSEvent.SQSMessage();
        message.setMessageId(messageId);
        message.setBody(body);
        message.setAttributes(Map.of("ApproximateReceiveCount", "1"));
        return message;
    }

    private static SQSEvent event(List<SQSEvent.SQSMessage> messages) {
        SQSEvent event = new SQSEvent();
        event.setRecords(messages);
        return event;
    }

    /** The label the batch rules give a message, given the keys decided by earlier batches. */
    private String expected(String body, Map<IdempotencyKey, Fingerprint> decidedBefore,
                            Map<IdempotencyKey, Fingerprint> firstInBatch) {
        if (!(parser.parse(body) instanceof ParseResult.Valid<Payment> valid)) {
            return "REJECTED";
        }
        Command<Payment> command = valid.command();
        Fingerprint first = firstInBatch.putIfAbsent(command.key(), command.fingerprint());
        Fingerprint decided = decidedBefore.get(command.key());
        if (decided != null) {
            boolean batchAgrees = (first == null ? command.fingerprint() : first).equals(decided);
            return batchAgrees && command.fingerprint().equals(decided) ? "DUPLICATE" : "CONFLICT";
        }
        if (first == null) {
            return "APPROVED";
        }
        return first.equals(command.fingerprint()) ? "DUPLICATE" : "CONFLICT";
    }

    private static String body(SplittableRandom random, GeneratedMessages generate, List<GeneratedMessages.Spec> sent) {
        int kind = random.nextInt(20);
        if (kind < 8 || sent.isEmpty()) {
            GeneratedMessages.Spec spec = generate.spec();
            sent.add(spec);
            return generate.spelled(spec);
        }
        GeneratedMessages.Spec earlier = sent.get(random.nextInt(sent.size()));
        if (kind < 12) {
            return generate.spelled(earlier);
        }
        if (kind < 14) {
            return generate.spelled(generate.changedField(earlier, 1 + random.nextInt(GeneratedMessages.DEFINING_FIELDS - 1)));
        }
        return kind == 14 ? null : generate.mutated(earlier);
    }

    @Test
    void validPayment_spelledAnotherWay_hasTheSameKeyAndFingerprint() {
        GeneratedMessages generate = new GeneratedMessages(new SplittableRandom(SEED));
        for (int i = 0; i < 1_500; i++) {
            // GIVEN one payment spelled twice: key order, amount scale and exponent, headers,
            // unicode escapes and spacing drawn independently
            GeneratedMessages.Spec spec = generate.spec();
            String one = generate.spelled(spec);
            String other = generate.spelled(spec);
            // WHEN both are parsed, THEN they are one operation
            Command<Payment> first = command(one);
            Command<Payment> second = command(other);
            assertEquals(first.key(), second.key(), replay());
            assertEquals(first.fingerprint(), second.fingerprint(), printable(one) + " vs " + printable(other) + replay());
            assertEquals(spec.amountMinor(), first.payload().amount().minorUnits(), printable(one) + replay());
            assertEquals(spec.merchant(), first.payload().merchant(), replay());
        }
    }

    @Test
    void changingAnyFieldOfTheOperation_changesTheFingerprint_butNotTheKeyUnlessItIsTheId() {
        GeneratedMessages generate = new GeneratedMessages(new SplittableRandom(SEED));
        for (int i = 0; i < 500; i++) {
            GeneratedMessages.Spec spec = generate.spec();
            Command<Payment> original = command(generate.spelled(spec));
            for (int field = 0; field < GeneratedMessages.DEFINING_FIELDS; field++) {
                // GIVEN the same payment with one defining field changed, WHEN parsed
                GeneratedMessages.Spec changed = generate.changedField(spec, field);
                Command<Payment> altered = command(generate.spelled(changed));
                // THEN another fingerprint; the same key unless the transaction id changed
                assertNotEquals(original.fingerprint(), altered.fingerprint(), "field " + field + " of " + spec + replay());
                assertEquals(field == 0, !original.key().equals(altered.key()), "field " + field + replay());
            }
        }
    }

    private Command<Payment> command(String message) {
        ParseResult<Payment> result = parser.parse(message);
        if (result instanceof ParseResult.Valid<Payment> valid) {
            return valid.command();
        }
        return fail("a generated valid payment was refused: " + result + " for " + printable(message) + replay());
    }

    /** The message with everything outside printable ASCII escaped, cut to 600 characters. */
    private static String printable(String message) {
        if (message == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder();
        message.chars().limit(600).forEach(c -> out.append(c >= 0x20 && c < 0x7f ? String.valueOf((char) c) : String.format("\\u%04x", c)));
        return out.append(message.length() > 600 ? "…(" + message.length() + " chars)" : "").toString();
    }
}
