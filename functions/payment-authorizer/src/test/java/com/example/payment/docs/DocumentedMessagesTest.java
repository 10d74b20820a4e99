package com.example.payment.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.example.payment.ParserOnlyRule;
import com.example.payment.Payment;
import com.example.payment.PaymentMessageSchema;
import com.example.payment.PaymentParser;
import com.example.receiver.ParseResult;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every payment message of README.md, docs/*.md, events/README.md and events/ goes through the
 * real {@link PaymentParser}: it is accepted, unless the events present it as invalid, and then
 * it is refused for the field and rule they mean. Each goes through the producers' JSON Schema
 * too ({@link PaymentMessageSchema}): a message the parser accepts conforms to it, one it refuses
 * does not, unless it breaks a rule only the parser holds, named here ({@link ParserOnlyRule}).
 */
class DocumentedMessagesTest {

    private static final ProjectDocs DOCS = ProjectDocs.ofThisProject();
    private static final PaymentParser PARSER = new PaymentParser();
    private static final PaymentMessageSchema SCHEMA = PaymentMessageSchema.ofThisProject();

    /**
     * A message shown on purpose as one the function refuses.
     *
     * @param file        where it is
     * @param position    which message of the file ({@link DocumentedMessage#position})
     * @param field       the field the parser must name
     * @param rule        the start of the rule it must give
     * @param presentedAs the words of events/README.md that present it as invalid
     * @param beyondSchema the rule only the parser holds that it breaks, when the schema accepts it
     */
    private record PresentedAsInvalid(String file, String position, String field, String rule, String presentedAs,
                                      Optional<ParserOnlyRule> beyondSchema) {

        boolean is(DocumentedMessage message) {
            return message.where().file().equals(file) && message.position().equals(position);
        }
    }

    /** Every message the docs present as invalid; any other must parse. */
    private static final List<PresentedAsInvalid> PRESENTED_AS_INVALID = List.of(
            new PresentedAsInvalid("events/fifo-two-groups.json", "/Records/1/body", "body.amount",
                    "must have at most 2 decimals for EUR", "the first message of `ACC-30512` has three decimals in EUR",
                    Optional.of(ParserOnlyRule.AMOUNT_DECIMALS)),
            new PresentedAsInvalid("events/payments.jsonl", "line 9", "message", "must be valid JSON", "and a cut-off body",
                    Optional.empty()),
            new PresentedAsInvalid("events/poison-body.json", "/Records/0/body", "message", "must be valid JSON",
                    "a body cut off mid-JSON", Optional.empty()));

    @TestFactory
    Stream<DynamicTest> everyPaymentMessage_isAccepted_unlessPresentedAsInvalid_thenRefusedForItsRule() {
        return DocumentedMessages.in(DOCS).stream().map(message -> dynamicTest(message.toString(), () -> {
            // GIVEN a message of the docs; WHEN the function's parser reads it
            ParseResult<Payment> result = PARSER.parse(message.text());
            // THEN it is a payment, or refused exactly as the docs say
            Optional<PresentedAsInvalid> invalid = PRESENTED_AS_INVALID.stream().filter(expected -> expected.is(message)).findFirst();
            if (invalid.isEmpty()) {
                assertInstanceOf(ParseResult.Valid.class, result, () -> message + ": the parser refuses this payment message: "
                        + refusal(result) + " (if it is invalid on purpose, list it in PRESENTED_AS_INVALID with the words that say so)");
                return;
            }
            ParseResult.Invalid<?> refused = assertInstanceOf(ParseResult.Invalid.class, result,
                    () -> message + ": presented as invalid (\"" + invalid.get().presentedAs() + "\") but the parser accepts it");
            assertTrue(refused.field().equals(invalid.get().field()) && refused.rule().startsWith(invalid.get().rule()),
                    () -> message + ": refused for " + refusal(result) + ", not for what it is presented as breaking: "
                            + invalid.get().field() + " " + invalid.get().rule());
        }));
    }

    @TestFactory
    Stream<DynamicTest> everyPaymentMessage_conformsToTheSchema_exactlyWhenTheParserAcceptsIt_butForRulesOnlyTheParserHolds() {
        return DocumentedMessages.in(DOCS).stream().map(message -> dynamicTest(message.toString(), () -> {
            // GIVEN a message of the docs; WHEN the parser and the producers' schema read it
            ParseResult<Payment> result = PARSER.parse(message.text());
            PaymentMessageSchema.Verdict schema = SCHEMA.verdict(message.text());
            Optional<ParserOnlyRule> beyondSchema = PRESENTED_AS_INVALID.stream().filter(expected -> expected.is(message))
                    .findFirst().flatMap(PresentedAsInvalid::beyondSchema);
            if (beyondSchema.isEmpty()) {
                // THEN both accept it or both refuse it
                assertEquals(result instanceof ParseResult.Valid, schema.conforms(), () -> message + ": the parser says "
                        + refusal(result) + ", the schema (" + PaymentMessageSchema.FILE + "): " + SCHEMA.explain(message.text()));
                return;
            }
            // THEN a message presented as breaking a rule only the parser holds conforms to the schema, and breaks that rule
            ParseResult.Invalid<?> refused = assertInstanceOf(ParseResult.Invalid.class, result, message::toString);
            assertEquals(beyondSchema, ParserOnlyRule.of(message.text(), refused.field(), refused.rule()), message::toString);
            assertTrue(schema.conforms(), () -> message + ": " + SCHEMA.explain(message.text()));
        }));
    }

    @Test
    void everyMessagePresentedAsInvalid_isInTheEvents_andEventsReadmeSaysSo() {
        // GIVEN the messages found, and the README of events/ with its lines joined
        List<DocumentedMessage> messages = DocumentedMessages.in(DOCS);
        String readme = DOCS.read("events/README.md").replaceAll("\\s+", " ");
        for (PresentedAsInvalid expected : PRESENTED_AS_INVALID) {
            // THEN each expectation names a message that exists, in words events/README.md uses
            assertTrue(messages.stream().anyMatch(expected::is),
                    () -> expected.file() + " (" + expected.position() + "): no such message, yet PRESENTED_AS_INVALID lists it");
            assertTrue(readme.contains(expected.presentedAs()), () -> "events/README.md: no longer says \"" + expected.presentedAs()
                    + "\", which presents " + expected.file() + " (" + expected.position() + ") as invalid");
        }
    }

    @Test
    void messagesAreFound_whereverTheDocsAndEventsShowThem() {
        // WHEN the docs and events are searched
        Set<String> files = DocumentedMessages.in(DOCS).stream().map(message -> message.where().file()).collect(Collectors.toSet());
        // THEN every payments-queue event, the JSON Lines file and the deploy guide's smoke test have theirs
        List<String> expected = Stream.concat(DOCS.eventFiles().stream().filter(file -> file.matches("events/[^/]+\\.jsonl?")),
                Stream.of(SmokeTest.DEPLOY_GUIDE)).toList();
        assertTrue(files.containsAll(expected), () -> "messages found in " + files + ", expected in " + expected);
    }

    @Test
    void messageOfAShellBlock_isFoundAsTheShellPassesIt_quotedOrEscaped() {
        // GIVEN a message in single quotes spanning lines, and one escaped in double quotes
        String markdown = """
                ```sh
                BODY='{"headers":{"message_id":"m-1"},
                       "body":{"transaction_id":"TXN-1"}}'
                aws sqs send-message --queue-url q --message-body "{\\"headers\\":{},\\"body\\":{\\"transaction_id\\":\\"TXN-2\\"}}"
                ```
                """;
        // WHEN it is searched
        List<DocumentedMessage> messages = DocumentedMessages.inMarkdown("x.md", markdown);
        // THEN both are found, as the shell would pass them, on their lines
        assertEquals(List.of("x.md:2 (shell variable BODY)", "x.md:4 (an argument of aws)"),
                messages.stream().map(DocumentedMessage::toString).toList());
        assertEquals("{\"headers\":{\"message_id\":\"m-1\"},\n       \"body\":{\"transaction_id\":\"TXN-1\"}}", messages.get(0).text());
        assertEquals("{\"headers\":{},\"body\":{\"transaction_id\":\"TXN-2\"}}", messages.get(1).text());
    }

    @Test
    void messageThatIsNotValidJson_isStillFound_soThatTheParserRefusesIt() {
        // GIVEN a message cut off in the prose of a doc
        List<DocumentedMessage> messages = DocumentedMessages.inMarkdown("x.md", "Send\n`{\"headers\":{\"message_id\":` and wait.\n");
        // THEN it is found on its line, and refused
        assertEquals(List.of("x.md:2 (line 2)"), messages.stream().map(DocumentedMessage::toString).toList());
        assertFalse(PARSER.parse(messages.get(0).text()) instanceof ParseResult.Valid);
    }

    private static String refusal(ParseResult<Payment> result) {
        return result instanceof ParseResult.Invalid<Payment> invalid ? invalid.field() + " " + invalid.rule() : Objects.toString(result);
    }
}
