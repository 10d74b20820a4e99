package com.example.payment;

import static java.util.Map.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.example.localaws.ProjectRoot;
import com.example.receiver.ParseResult;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.dialect.Dialects;
import java.io.IOException;
import java.nio.file.Files;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The producers' JSON Schema (docs/payment-message.schema.json) against {@link PaymentParser}:
 * every message the parser accepts conforms to the schema, and every message the schema accepts
 * the parser accepts, but for the rules only the parser holds ({@link ParserOnlyRule}), each
 * named: by case in the hostile corpus, by the rule the parser gives elsewhere. The sample
 * events and the docs' messages are checked the same way in
 * {@code com.example.payment.docs.DocumentedMessagesTest}.
 *
 * <p>JSON Schema 2020-12 (https://json-schema.org/draft/2020-12/json-schema-validation:
 * {@code pattern} is an ECMA-262 regular expression, not anchored; {@code maxLength} counts
 * characters, code points). 19 s measured on two cores under a load average of 10 (other builds),
 * most of it the generated messages, every character of text and the timestamps, 1 000 to 2 600
 * messages each through the parser and the schema under both dialects.
 * Generated messages draw a new seed each run, named in every failure
 * ({@code -Dproperties.seed=<seed>} replays it).
 */
class PaymentMessageSchemaTest {

    private static final long SEED = Long.getLong("properties.seed", new SplittableRandom().nextLong());
    private static final PaymentMessageSchema SCHEMA = PaymentMessageSchema.ofThisProject();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The cases of the hostile corpus that conform to the schema, refused by a rule only the parser holds. */
    private static final Map<String, ParserOnlyRule> BEYOND_THE_SCHEMA = Map.ofEntries(
            entry("body-256-kib", ParserOnlyRule.MESSAGE_SIZE),
            entry("body-just-over-16-kib", ParserOnlyRule.MESSAGE_SIZE),
            entry("duplicated-amount-key", ParserOnlyRule.DUPLICATE_KEYS),
            entry("duplicated-transaction-id-key", ParserOnlyRule.DUPLICATE_KEYS),
            entry("amount-exponent-underflows", ParserOnlyRule.NUMBER_EXPONENT),
            entry("amount-exponent-too-many-digits", ParserOnlyRule.NUMBER_EXPONENT),
            entry("amount-exponent-tiny", ParserOnlyRule.AMOUNT_DECIMALS),
            entry("amount-eur-three-decimals", ParserOnlyRule.AMOUNT_DECIMALS),
            entry("amount-jpy-decimals", ParserOnlyRule.AMOUNT_DECIMALS),
            entry("amount-bhd-four-decimals", ParserOnlyRule.AMOUNT_DECIMALS),
            entry("amount-over-bound", ParserOnlyRule.AMOUNT_MAXIMUM),
            entry("currency-unknown", ParserOnlyRule.KNOWN_CURRENCY),
            entry("currency-without-minor-units", ParserOnlyRule.CURRENCY_MINOR_UNITS),
            entry("merchant-lone-surrogate", ParserOnlyRule.WELL_FORMED_UNICODE),
            entry("merchant-bidi-override", ParserOnlyRule.FORMAT_CHARACTERS),
            entry("merchant-zero-width-only", ParserOnlyRule.FORMAT_CHARACTERS));

    private static final Pattern RULE_NAME = Pattern.compile("\\(([a-z]+(?:-[a-z]+)+)\\)");

    private final PaymentParser parser = new PaymentParser();

    private static String replay() {
        return " [seed " + SEED + ", replay with -Dproperties.seed=" + SEED + "]";
    }

    static List<HostileCorpus.Case> corpus() {
        return HostileCorpus.cases();
    }

    @Test
    void schema_isAValidJsonSchema2020_12() {
        // GIVEN the dialect's meta-schema (bundled with the validator: nothing is fetched)
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
        // WHEN the schema is validated against it, THEN it holds
        List<Error> errors = registry.getSchema(SchemaLocation.of(Dialects.getDraft202012().getId())).validate(SCHEMA.document());
        assertEquals(List.of(), errors);
        assertEquals("https://json-schema.org/draft/2020-12/schema", SCHEMA.document().path("$schema").textValue());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void hostileCorpus_theSchemaAndTheParserAgree_butForTheCasesNamedBeyondTheSchema(HostileCorpus.Case c) {
        // GIVEN a message of the corpus; WHEN the parser and the schema read it
        ParseResult<Payment> parsed = parser.parse(c.message());
        PaymentMessageSchema.Verdict schema = SCHEMA.verdict(c.message());
        ParserOnlyRule beyond = BEYOND_THE_SCHEMA.get(c.name());
        if (beyond == null) {
            // THEN both accept it or both refuse it
            assertEquals(parsed instanceof ParseResult.Valid, schema.conforms(),
                    () -> c.name() + ": parser " + parsed + ", schema " + SCHEMA.explain(c.message()));
            return;
        }
        // THEN, for a case named beyond the schema, the schema cannot refuse it and the parser refuses it for that rule
        ParseResult.Invalid<?> refused = assertInstanceOf(ParseResult.Invalid.class, parsed, c.name());
        assertEquals(Optional.of(beyond), ParserOnlyRule.of(c.message(), refused.field(), refused.rule()),
                () -> c.name() + ": refused for " + refused.field() + " " + refused.rule());
        assertEquals(beyond == ParserOnlyRule.NUMBER_EXPONENT ? PaymentMessageSchema.Kind.NUMBER_OUT_OF_RANGE
                : PaymentMessageSchema.Kind.CONFORMS, schema.kind(), () -> c.name() + ": " + SCHEMA.explain(c.message()));
    }

    @Test
    void casesNamedBeyondTheSchema_areCasesOfTheCorpus_andNameEveryRuleTheCorpusReaches() {
        Set<String> names = corpus().stream().map(HostileCorpus.Case::name).collect(Collectors.toSet());
        assertTrue(names.containsAll(BEYOND_THE_SCHEMA.keySet()),
                () -> "not in the corpus: " + BEYOND_THE_SCHEMA.keySet().stream().filter(name -> !names.contains(name)).toList());
        assertEquals(EnumSet.complementOf(EnumSet.of(ParserOnlyRule.NESTING_DEPTH, ParserOnlyRule.NUMBER_LENGTH,
                        ParserOnlyRule.TEXT_LENGTH, ParserOnlyRule.CALENDAR_DATE)),
                EnumSet.copyOf(BEYOND_THE_SCHEMA.values()),
                "the corpus's depth and number-length cases are invalid JSON or refused by the schema too; text-length and"
                        + " calendar-date have no case there: their examples stand for them");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(ParserOnlyRule.class)
    void eachRuleOnlyTheParserHolds_isHeldByTheParser_onAMessageTheSchemaAccepts(ParserOnlyRule rule) {
        // GIVEN the valid message, accepted by both
        assertInstanceOf(ParseResult.Valid.class, parser.parse(ParserOnlyRule.VALID));
        assertTrue(SCHEMA.verdict(ParserOnlyRule.VALID).conforms(), () -> SCHEMA.explain(ParserOnlyRule.VALID));
        // WHEN it is edited to break the rule alone
        String example = rule.example();
        // THEN the parser refuses it, naming the field and the rule
        ParseResult.Invalid<?> refused = assertInstanceOf(ParseResult.Invalid.class, parser.parse(example), rule.id());
        assertEquals(rule.field(), refused.field(), rule.id());
        assertEquals(rule.rule(), refused.rule(), rule.id());
        assertEquals(Optional.of(rule), ParserOnlyRule.of(example, refused.field(), refused.rule()));
        // THEN the schema accepts it: the rule is beyond it (an exponent beyond BigDecimal's reaches no exact Java reader)
        assertEquals(rule == ParserOnlyRule.NUMBER_EXPONENT ? PaymentMessageSchema.Kind.NUMBER_OUT_OF_RANGE
                : PaymentMessageSchema.Kind.CONFORMS, SCHEMA.verdict(example).kind(), () -> SCHEMA.explain(example));
    }

    @Test
    void rulesOnlyTheParserHolds_areTheOnesTheSchemaDescriptionAndTheDocsName() throws IOException {
        Set<String> ids = Stream.of(ParserOnlyRule.values()).map(ParserOnlyRule::id).collect(Collectors.toCollection(TreeSet::new));
        // THEN the schema's description names exactly these, each as (name)
        Set<String> described = new TreeSet<>();
        Matcher named = RULE_NAME.matcher(SCHEMA.document().path("description").textValue());
        while (named.find()) {
            described.add(named.group(1));
        }
        assertEquals(ids, described, PaymentMessageSchema.FILE + "'s description");
        // THEN the producers' docs name each, as `name`, and link the schema
        String deploy = Files.readString(ProjectRoot.find().resolve("docs/deploy.md"));
        for (String id : ids) {
            assertTrue(deploy.contains("`" + id + "`"), () -> "docs/deploy.md does not name `" + id + "`");
        }
        assertTrue(deploy.contains("(payment-message.schema.json)"), "docs/deploy.md links the schema");
    }

    @Test
    void schemaExamples_areAcceptedByTheParser() throws JsonProcessingException {
        JsonNode examples = SCHEMA.document().path("examples");
        assertTrue(examples.size() > 0, "the schema shows an example");
        for (JsonNode example : examples) {
            String message = JSON.writeValueAsString(example);
            assertInstanceOf(ParseResult.Valid.class, parser.parse(message), message);
            assertTrue(SCHEMA.verdict(message).conforms(), message);
        }
    }

    @Test
    void generatedMessages_theSchemaAndTheParserAgree_butForRulesOnlyTheParserHolds() {
        GeneratedMessages generate = new GeneratedMessages(new SplittableRandom(SEED));
        for (int i = 0; i < 1_000; i++) {
            // GIVEN a valid payment spelled some way (one in five), or one mutated, or noise
            GeneratedMessages.Spec spec = generate.spec();
            String message = i % 5 == 0 ? generate.spelled(spec) : generate.mutated(spec);
            // THEN they agree, or the parser refuses it for a rule only it holds
            assertAgree(message, replay());
        }
    }

    @Test
    void everyCharacterAsText_theSchemaAndTheParserAgree_butForRulesOnlyTheParserHolds() {
        // GIVEN a merchant of one character: every one the parser's text rules look at (controls, white
        // space, separators, format characters, every 16th lone surrogate), and every 512th of the others
        for (int c = 0; c <= Character.MAX_CODE_POINT; c++) {
            int type = Character.getType(c);
            boolean looked = Character.isISOControl(c) || Character.isWhitespace(c) || Character.isSpaceChar(c)
                    || type == Character.FORMAT || type == Character.SURROGATE && c % 16 == 0;
            if (!looked && c % 512 != 0) {
                continue;
            }
            // THEN they agree, or the parser refuses it for a rule only it holds
            assertAgree(withMerchant(Character.toString(c)), String.format("U+%04X", c));
        }
    }

    @Test
    void timestampsOfEveryForm_theSchemaAndTheParserAgree_butForDaysTheMonthDoesNotHave() {
        String[][] parts = {
                {"2026", "2024", "1900", "2000", "-2026", "+12026", "-12026", "+999999999", "+1000000000", "12026", "+2026", "202", "-0000"},
                {"-"}, {"01", "02", "04", "12", "00", "13", "1"}, {"-"}, {"01", "28", "29", "30", "31", "00", "32"},
                {"T", "t", " "}, {"00", "23", "24", "9"}, {":"}, {"00", "59", "60"},
                {"", ":00", ":59", ":60", ":00.", ":00.5", ":00.123456789", ":00.1234567890"},
                {"Z", "z", "+02", "+02:00", "-00:00", "+02:00:30", "+0200", "+2", "+18:00", "-18:00:00", "+18:01", "+19:00", "+02:60", "", "GMT", "Z\n"}};
        SplittableRandom random = new SplittableRandom(SEED);
        int accepted = 0;
        for (int i = 0; i < 1_000; i++) {
            // GIVEN a timestamp drawn part by part from forms the parser reads (the first, drawn half the time) and forms it does not
            StringBuilder timestamp = new StringBuilder();
            for (String[] part : parts) {
                timestamp.append(part[random.nextBoolean() ? 0 : random.nextInt(part.length)]);
            }
            String message = ParserOnlyRule.VALID.replace("\"2026-04-07T14:32:15Z\"", quoted(timestamp.toString()));
            // THEN they agree, or the parser refuses a day its month does not have
            if (assertAgree(message, timestamp + replay()).isEmpty() && parser.parse(message) instanceof ParseResult.Valid) {
                accepted++;
            }
        }
        assertTrue(accepted > 50, "timestamps both accept: " + accepted + replay());
    }

    /**
     * Asserts that the parser and the schema agree on {@code message}, or that the schema
     * accepts what the parser refuses for a rule only the parser holds, returned.
     */
    private Optional<ParserOnlyRule> assertAgree(String message, String context) {
        ParseResult<Payment> parsed;
        PaymentMessageSchema.Verdict schema;
        try {
            parsed = parser.parse(message);
            schema = SCHEMA.verdict(message);
        } catch (RuntimeException e) {
            return fail(context + ": " + e, e);
        }
        if (!(parsed instanceof ParseResult.Invalid<Payment> invalid)) {
            assertTrue(schema.conforms(), () -> context + ": the parser accepts it, the schema refuses it: " + SCHEMA.explain(message));
            return Optional.empty();
        }
        if (schema.kind() == PaymentMessageSchema.Kind.REFUSED || schema.kind() == PaymentMessageSchema.Kind.NOT_JSON) {
            return Optional.empty();
        }
        Optional<ParserOnlyRule> rule = ParserOnlyRule.of(message, invalid.field(), invalid.rule());
        assertTrue(rule.isPresent(), () -> context + ": the schema accepts it (" + schema.kind() + "), the parser refuses it for "
                + invalid.field() + " " + invalid.rule() + ", which is no rule only the parser holds");
        return rule;
    }

    private static String withMerchant(String merchant) {
        return ParserOnlyRule.VALID.replace("\"Amazon.es\"", quoted(merchant));
    }

    private static String quoted(String text) {
        try {
            return JSON.writeValueAsString(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
