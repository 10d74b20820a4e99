package com.example.payment;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rules of a payment message that only {@link PaymentParser} holds, because JSON Schema
 * cannot state them; each is named, by the same name, in the schema's description
 * (docs/payment-message.schema.json) and in docs/deploy.md ("The payment message").
 *
 * <p>A message that conforms to the schema but breaks one is refused by the parser with the
 * field and rule given here. Each rule carries a message that breaks it and nothing else, made
 * from a valid one.
 */
public enum ParserOnlyRule {

    /** JSON Schema validates the data a JSON text holds, not the text: its size is out of reach. */
    MESSAGE_SIZE("message-size", "message", "must be at most 16384 bytes",
            valid -> valid.replace("\"body\": {", "\"body\": {\"note\": \"" + "\u00e9".repeat(8_200) + "\", ")),
    /** RFC 8259 leaves an object's duplicated key to the reader: a schema sees only one of its values. */
    DUPLICATE_KEYS("duplicate-keys", "message", "must be valid JSON (Duplicate field '…')",
            valid -> valid.replace("\"amount\": 125.50", "\"amount\": 125.50, \"amount\": 125.50")),
    /** A limit of the reader on the text, whatever the members (unknown ones included) mean. */
    NESTING_DEPTH("nesting-depth", "message", "must be valid JSON (Document nesting depth)",
            valid -> valid.replace("\"body\": {", "\"body\": {\"trace\": " + "[".repeat(16) + "]".repeat(16) + ", ")),
    /** A limit of the reader on how a number is written, anywhere in the message. */
    NUMBER_LENGTH("number-length", "message", "must be valid JSON (Number value length)",
            valid -> valid.replace("\"body\": {", "\"body\": {\"trace\": 1" + "0".repeat(64) + ", ")),
    /** RFC 8259 bounds no exponent; java.math.BigDecimal, which reads every number exactly, holds 32 bits of one. */
    NUMBER_EXPONENT("number-exponent", "message", "must hold numbers whose exponent fits (an exponent overflows)",
            valid -> valid.replace("\"body\": {", "\"body\": {\"trace\": 1e-2147483648, ")),
    /** Which codes are currencies is the JDK's ISO 4217 table, which changes with ISO's amendments. */
    KNOWN_CURRENCY("known-currency", "body.currency", "must be a known ISO 4217 currency",
            valid -> valid.replace("\"EUR\"", "\"XXY\"")),
    /** Minor units are the JDK's ISO 4217 table's too (gold, XAU, has none). */
    CURRENCY_MINOR_UNITS("currency-minor-units", "body.currency", "must be a currency with minor units",
            valid -> valid.replace("\"EUR\"", "\"XAU\"")),
    /** Cross-field: the decimals allowed are the currency's. */
    AMOUNT_DECIMALS("amount-decimals", "body.amount", "must have at most 2 decimals for EUR",
            valid -> valid.replace("125.50", "125.505")),
    /** Cross-field: the bound is in minor units of the currency; the schema states the largest, for currencies without decimals. */
    AMOUNT_MAXIMUM("amount-maximum", "body.amount", "must be at most 100000000.00 EUR",
            valid -> valid.replace("125.50", "100000000.01")),
    /** JSON Schema's maxLength counts characters (code points); the parser counts UTF-16 code units. */
    TEXT_LENGTH("text-length", "body.merchant", "must be 1-128 characters",
            valid -> valid.replace("\"Amazon.es\"", "\"" + "\ud83d\uded2".repeat(65) + "\"")),
    /** A lone surrogate is no Unicode character at all: JSON Schema's strings are sequences of them. */
    WELL_FORMED_UNICODE("well-formed-unicode", "body.merchant", "must be well-formed Unicode",
            valid -> valid.replace("\"Amazon.es\"", "\"Amazon\\ud800\"")),
    /** Unicode category Cf as the runtime's JDK has it; regular expressions' \p{Cf} is not in every dialect, nor of one Unicode version. */
    FORMAT_CHARACTERS("format-characters", "body.merchant", "must not contain invisible formatting characters",
            valid -> valid.replace("\"Amazon.es\"", "\"Amazon\\u202ese\"")),
    /** Which days a month has, leap years (and java.time's refusal of the year -0000) are arithmetic no regular expression a reader would trust states. */
    CALENDAR_DATE("calendar-date", "headers.timestamp", "must be an ISO-8601 date-time with offset, e.g. 2026-04-07T14:32:15Z",
            valid -> valid.replace("\"2026-04-07T14:32:15Z\"", "\"2026-02-29T14:32:15Z\""));

    /** The valid message every {@link #example()} is made from (its spacing is what the edits expect). */
    static final String VALID = """
            {"headers": {"message_id": "msg-1", "timestamp": "2026-04-07T14:32:15Z"}, \
            "body": {"transaction_id": "TXN-1", "account_id": "ACC-1", "amount": 125.50, "currency": "EUR", \
            "authorization_type": "PURCHASE", "merchant": "Amazon.es", "merchant_category": "5411", \
            "card_number_hash": "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"}}""";

    private static final Pattern TEXT_FIELDS = Pattern.compile("body\\.merchant|headers\\.source");
    private static final Pattern DATE = Pattern.compile("([+-]?[0-9]+)-([0-9]{2})-([0-9]{2})[Tt].*");

    private final String id;
    private final String field;
    private final String rule;
    private final UnaryOperator<String> breakIt;

    ParserOnlyRule(String id, String field, String rule, UnaryOperator<String> breakIt) {
        this.id = id;
        this.field = field;
        this.rule = rule;
        this.breakIt = breakIt;
    }

    /** The name the schema's description and the docs give it, e.g. {@code amount-decimals}. */
    public String id() {
        return id;
    }

    /** The field the parser names when the example breaks it. */
    public String field() {
        return field;
    }

    /** The rule the parser gives when the example breaks it. */
    public String rule() {
        return rule;
    }

    /** A message that conforms to the schema and breaks this rule alone. */
    public String example() {
        String example = breakIt.apply(VALID);
        if (example.equals(VALID)) {
            throw new IllegalStateException(id + ": the edit found nothing to change in the valid message");
        }
        return example;
    }

    /**
     * The rule a refusal by the parser is for, if it is one only the parser holds: its field and
     * rule are this rule's (for any currency, any text field), and, where the parser gives that
     * rule for other reasons too, the message breaks this one.
     *
     * @param message the message refused
     * @param field   the field the parser named
     * @param rule    the rule it gave
     */
    public static Optional<ParserOnlyRule> of(String message, String field, String rule) {
        return Arrays.stream(values()).filter(candidate -> candidate.explains(message, field, rule)).findFirst();
    }

    private boolean explains(String message, String refusedField, String refusedRule) {
        return switch (this) {
            // any currency: the rule names it
            case AMOUNT_DECIMALS -> refusedField.equals(field)
                    && refusedRule.matches("must have at most [0-9]+ decimals for [A-Z]{3}");
            case AMOUNT_MAXIMUM -> refusedField.equals(field) && refusedRule.matches("must be at most [0-9.]+ [A-Z]{3}");
            // the parser gives this rule to a blank text too, which the schema refuses
            case TEXT_LENGTH -> TEXT_FIELDS.matcher(refusedField).matches() && refusedRule.equals(rule)
                    && PaymentMessageSchema.text(message, refusedField)
                            .filter(text -> text.length() > 128 && text.codePointCount(0, text.length()) <= 128).isPresent();
            case WELL_FORMED_UNICODE, FORMAT_CHARACTERS -> TEXT_FIELDS.matcher(refusedField).matches() && refusedRule.equals(rule);
            // the parser gives this rule to any timestamp it cannot read, most of which the schema refuses
            case CALENDAR_DATE -> refusedField.equals(field) && refusedRule.equals(rule)
                    && PaymentMessageSchema.text(message, refusedField).filter(ParserOnlyRule::namesNoDay).isPresent();
            default -> refusedField.equals(field) && refusedRule.equals(rule);
        };
    }

    /** Whether a timestamp names a day its month does not have (in that year), or the year -0000. */
    private static boolean namesNoDay(String timestamp) {
        Matcher date = DATE.matcher(timestamp);
        if (!date.matches()) {
            return false;
        }
        if (date.group(1).matches("-0+")) {
            return true;
        }
        try {
            LocalDate.of(Integer.parseInt(date.group(1)), Integer.parseInt(date.group(2)), Integer.parseInt(date.group(3)));
            return false;
        } catch (DateTimeException e) {
            return true;
        }
    }
}
