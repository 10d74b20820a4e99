package com.example.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.example.lambdakit.telemetry.Invocation;
import com.example.receiver.BatchResult;
import com.example.receiver.Command;
import com.example.receiver.Fingerprint;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.Outcome;
import com.example.receiver.ParseResult;
import com.example.receiver.internal.BatchReceiver;
import com.example.receiver.internal.InboundMessage;
import com.example.receiver.internal.MessageAuthenticity;
import com.example.receiver.internal.MessageReport;
import com.example.receiver.internal.MonotonicClock;
import com.example.receiver.internal.ReceiverSettings;
import com.example.receiver.internal.RemainingTime;
import com.example.receiver.internal.Telemetry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Properties of the parser and the receiver over generated messages: valid payments spelled in
 * many ways, and mutations of them down to random bytes ({@link GeneratedMessages}).
 *
 * <p>Each run draws a new seed and names it in every failure; {@code -Dproperties.seed=<seed>}
 * replays a run. The number of tries is fixed, so a run takes about a second.
 */
class PaymentMessagePropertiesTest {

    private static final long SEED = Long.getLong("properties.seed", new SplittableRandom().nextLong());
    private static final Pattern FIELD = Pattern.compile(
            "message|headers|body|headers\\.(message_id|timestamp|correlation_id|source)"
                    + "|body\\.(transaction_id|account_id|amount|currency|authorization_type|merchant|merchant_category|card_number_hash)");

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
        List<MessageReport> reports = Collections.synchronizedList(new ArrayList<>());
        Telemetry telemetry = new Telemetry() {
            @Override
            public void decided(MessageReport report) {
                reports.add(report);
            }

            @Override
            public void fastPathUnavailable(String cause) {
                fail("the in-memory fast path is always available" + replay());
            }

            @Override
            public void invocationStarted(Invocation invocation) {
                // the model checks outcomes, not what lines are stamped with
            }

            @Override
            public void invocationEnded() {
                // nothing is buffered here
            }

            @Override
            public void fastPathSignatureInvalid(int values) {
                fail("the in-memory fast path holds only its own decisions" + replay());
            }

            @Override
            public void fastPathKeyUnavailable() {
                fail("the in-memory fast path needs no key" + replay());
            }

            @Override
            public void producerKeysUnavailable(int messages) {
                fail("no signature is checked here" + replay());
            }
        };
        Map<IdempotencyKey, Fingerprint> decidedBefore = new HashMap<>();
        List<GeneratedMessages.Spec> sent = new ArrayList<>();
        try (BatchReceiver<Payment> receiver = new BatchReceiver<>(MessageAuthenticity.NOT_CHECKED, parser,
                new InMemoryFastPath(), new InMemoryStore(), telemetry, new ReceiverSettings(4, Duration.ZERO),
                MonotonicClock.SYSTEM, BatchReceiver.lanePool(4))) {
            for (int batch = 0; batch < 300; batch++) {
                // GIVEN a batch of 1-10 new payments, redeliveries, conflicting re-uses of a key and garbage
                List<InboundMessage> messages = new ArrayList<>();
                int size = 1 + random.nextInt(10);
                for (int i = 0; i < size; i++) {
                    messages.add(new InboundMessage("m-" + batch + "-" + i, body(random, generate, sent), Optional.empty()));
                }
                reports.clear();
                // WHEN the receiver processes it
                BatchResult result = receiver.process(messages, RemainingTime.UNBOUNDED);
                // THEN one outcome per message, in order, each reported once
                assertEquals(messages.stream().map(InboundMessage::messageId).toList(),
                        result.results().stream().map(r -> r.messageId()).toList(), replay());
                assertEquals(Set.copyOf(messages.stream().map(InboundMessage::messageId).toList()),
                        Set.copyOf(reports.stream().map(MessageReport::messageId).toList()), replay());
                assertEquals(size, reports.size(), replay());
                // THEN each outcome is the one the parser and the keys decided before imply
                Map<IdempotencyKey, Fingerprint> firstInBatch = new HashMap<>();
                for (int i = 0; i < size; i++) {
                    Outcome outcome = result.results().get(i).outcome();
                    String context = printable(messages.get(i).body()) + " -> " + outcome + replay();
                    assertEquals(expected(messages.get(i).body(), decidedBefore, firstInBatch), outcome.label(), context);
                    assertEquals(outcome.acknowledged(), !result.failedMessageIds().contains(messages.get(i).messageId()), context);
                }
                firstInBatch.forEach(decidedBefore::putIfAbsent);
            }
        }
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
