package com.example.payment;

import com.example.receiver.Command;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.MessageParser;
import com.example.receiver.ParseResult;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Currency;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Parses and validates a payment message (the {@code headers} / {@code body} envelope) into a
 * {@link Command} keyed by {@code body.transaction_id}. Each rule is reported as the field's path
 * and the rule it broke, never the value, which may be card data:
 * <ul>
 *   <li>the message is at most {@value #MAX_BODY_BYTES} bytes of JSON (an SQS message may be
 *       far larger: "Amazon SQS message quotas", Amazon SQS Developer Guide,
 *       https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/quotas-messages.html),
 *       one object, without duplicated keys, nested at most {@value #MAX_DEPTH} deep;</li>
 *   <li>ids are 1-128 characters of {@code [A-Za-z0-9._:-]}, starting with a letter or digit;</li>
 *   <li>{@code amount} is a JSON number, parsed exactly (never as a double), greater than zero,
 *       at most {@link Money#MAX_MINOR_UNITS} minor units, with no more decimals than the currency
 *       has; every number of the message has an exponent that fits an {@code int};</li>
 *   <li>{@code currency} is ISO 4217, three upper-case letters, a currency with minor units;</li>
 *   <li>free text ({@code merchant}, {@code headers.source}) is 1-128 characters of well-formed
 *       Unicode without control or invisible formatting characters (Unicode category Cf:
 *       bidirectional overrides, zero-width spaces);</li>
 *   <li>{@code merchant_category} is four digits; {@code card_number_hash} is {@code sha256:} and
 *       64 lower-case hex digits; {@code authorization_type} is {@code PURCHASE} or
 *       {@code REFUND};</li>
 *   <li>the headers name a {@code message_id} and an ISO-8601 {@code timestamp}, but neither is
 *       part of the key or the fingerprint: a producer's retry carries new ones for the same
 *       operation. The timestamp is the command's time of issue ({@link Command#issuedAt()}),
 *       which the receiver's age bound ({@code MAX_MESSAGE_AGE_SECONDS}) is measured from.</li>
 * </ul>
 * Producers get these rules as a JSON Schema, docs/payment-message.schema.json, which accepts
 * what this parser accepts but for the rules JSON Schema cannot state (the size in bytes, the
 * decimals of each currency, ...), listed in its description and in docs/deploy.md.
 */
public final class PaymentParser implements MessageParser<Payment> {

    static final int MAX_BODY_BYTES = 16 * 1024;
    static final int MAX_DEPTH = 16;

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]{0,127}");
    private static final Pattern MCC = Pattern.compile("[0-9]{4}");
    private static final Pattern CARD_HASH = Pattern.compile("sha256:[0-9a-f]{64}");
    private static final Pattern CURRENCY_CODE = Pattern.compile("[A-Z]{3}");
    /** A quoted excerpt of the input in Jackson's message, which may be card data. */
    private static final Pattern QUOTED = Pattern.compile("'[^']*'");
    private static final int MAX_TEXT = 128;

    private static final Field HEADERS = Field.top("headers");
    private static final Field MESSAGE_ID = HEADERS.member("message_id");
    private static final Field TIMESTAMP = HEADERS.member("timestamp");
    private static final Field CORRELATION_ID = HEADERS.member("correlation_id");
    private static final Field SOURCE = HEADERS.member("source");
    private static final Field BODY = Field.top("body");
    private static final Field TRANSACTION_ID = BODY.member("transaction_id");
    private static final Field ACCOUNT_ID = BODY.member("account_id");
    private static final Field CURRENCY = BODY.member("currency");
    private static final Field AMOUNT = BODY.member("amount");
    private static final Field AUTHORIZATION_TYPE = BODY.member("authorization_type");
    private static final Field MERCHANT = BODY.member("merchant");
    private static final Field MERCHANT_CATEGORY = BODY.member("merchant_category");
    private static final Field CARD_NUMBER_HASH = BODY.member("card_number_hash");

    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_DEPTH)
                    .maxNumberLength(64)
                    .maxStringLength(MAX_BODY_BYTES)
                    .build())
            .build();

    @Override
    public ParseResult<Payment> parse(String message) {
        if (message.getBytes(StandardCharsets.UTF_8).length > MAX_BODY_BYTES) {
            return invalid("message", "must be at most " + MAX_BODY_BYTES + " bytes");
        }
        Object root;
        try {
            root = JsonValues.read(JSON, message);
        } catch (JsonProcessingException e) {
            return invalid("message", "must be valid JSON (" + jsonProblem(e) + ")");
        } catch (IOException e) {
            return invalid("message", "must be valid JSON (unreadable)");
        } catch (NumberFormatException e) {
            // Jackson lets BigDecimal's own refusal through unwrapped, e.g. for 1e-2147483648,
            // wherever the number stands; its text quotes the number, so it is not passed on.
            return invalid("message", "must hold numbers whose exponent fits (an exponent overflows)");
        }
        if (!(root instanceof Map<?, ?> object)) {
            return invalid("message", "must be a JSON object");
        }
        try {
            return new ParseResult.Valid<>(command(object));
        } catch (InvalidField e) {
            return invalid(e.field, e.rule);
        }
    }

    private static Command<Payment> command(Map<?, ?> root) {
        Map<?, ?> headers = object(root, HEADERS);
        id(headers, MESSAGE_ID);
        Instant issuedAt = timestamp(headers, TIMESTAMP);
        String correlationId = optionalId(headers, CORRELATION_ID).orElse("");
        optionalText(headers, SOURCE);

        Map<?, ?> body = object(root, BODY);
        String transactionId = id(body, TRANSACTION_ID);
        String accountId = id(body, ACCOUNT_ID);
        Currency currency = currency(body, CURRENCY);
        Money amount = amount(body, AMOUNT, currency);
        AuthorizationType type = authorizationType(body, AUTHORIZATION_TYPE);
        String merchant = text(body, MERCHANT);
        String category = matching(body, MERCHANT_CATEGORY, MCC, "must be a four-digit merchant category code");
        String cardHash = matching(body, CARD_NUMBER_HASH, CARD_HASH, "must be sha256: followed by 64 lower-case hex digits");

        Payment payment = new Payment(transactionId, accountId, amount, type, merchant, category, cardHash, correlationId);
        return Command.issued(new IdempotencyKey(transactionId), payment.fingerprint(), accountId, payment, issuedAt);
    }

    private static Map<?, ?> object(Map<?, ?> parent, Field field) {
        if (!(required(parent, field) instanceof Map<?, ?> object)) {
            throw new InvalidField(field.path(), "must be a JSON object");
        }
        return object;
    }

    private static String string(Map<?, ?> parent, Field field) {
        if (!(required(parent, field) instanceof String text)) {
            throw new InvalidField(field.path(), "must be a string");
        }
        return text;
    }

    /** The field's value; absent and {@code null} alike are missing. */
    private static Object required(Map<?, ?> parent, Field field) {
        Object value = parent.get(field.key());
        if (value == null) {
            throw new InvalidField(field.path(), "is required");
        }
        return value;
    }

    private static String id(Map<?, ?> parent, Field field) {
        return matching(parent, field, ID, "must be 1-128 characters of A-Z a-z 0-9 . _ : - starting with a letter or digit");
    }

    private static Optional<String> optionalId(Map<?, ?> parent, Field field) {
        return parent.get(field.key()) != null ? Optional.of(id(parent, field)) : Optional.empty();
    }

    private static String matching(Map<?, ?> parent, Field field, Pattern pattern, String rule) {
        String value = string(parent, field);
        if (!pattern.matcher(value).matches()) {
            throw new InvalidField(field.path(), rule);
        }
        return value;
    }

    private static String text(Map<?, ?> parent, Field field) {
        String value = string(parent, field);
        if (value.isBlank() || value.length() > MAX_TEXT) {
            throw new InvalidField(field.path(), "must be 1-" + MAX_TEXT + " characters");
        }
        if (value.codePoints().anyMatch(c -> Character.getType(c) == Character.SURROGATE)) {
            // A lone surrogate cannot be written as UTF-8: the fingerprint would digest a '?' in
            // its place (a lone U+D800 and a "?" would be one operation) and the stored text would differ.
            throw new InvalidField(field.path(), "must be well-formed Unicode");
        }
        if (value.codePoints().anyMatch(c -> Character.isISOControl(c) || c == 0x2028 || c == 0x2029)) {
            throw new InvalidField(field.path(), "must not contain control characters");
        }
        if (value.codePoints().anyMatch(c -> Character.getType(c) == Character.FORMAT)) {
            // Bidirectional overrides, zero-width characters, BOMs: text that shows other than it is
            // (on a statement or a notification) or shows nothing at all.
            throw new InvalidField(field.path(), "must not contain invisible formatting characters");
        }
        return value;
    }

    private static void optionalText(Map<?, ?> parent, Field field) {
        if (parent.get(field.key()) != null) {
            text(parent, field);
        }
    }

    /** The payment's time of issue, which the receiver's age bound is measured from. */
    private static Instant timestamp(Map<?, ?> parent, Field field) {
        String value = string(parent, field);
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            throw new InvalidField(field.path(), "must be an ISO-8601 date-time with offset, e.g. 2026-04-07T14:32:15Z");
        }
    }

    private static Currency currency(Map<?, ?> parent, Field field) {
        String code = string(parent, field);
        if (!CURRENCY_CODE.matcher(code).matches()) {
            throw new InvalidField(field.path(), "must be an ISO 4217 code of three upper-case letters");
        }
        Currency currency;
        try {
            currency = Currency.getInstance(code);
        } catch (IllegalArgumentException e) {
            throw new InvalidField(field.path(), "must be a known ISO 4217 currency");
        }
        if (currency.getDefaultFractionDigits() < 0) {
            throw new InvalidField(field.path(), "must be a currency with minor units");
        }
        return currency;
    }

    private static Money amount(Map<?, ?> parent, Field field, Currency currency) {
        if (!(required(parent, field) instanceof BigDecimal value)) {
            throw new InvalidField(field.path(), "must be a JSON number");
        }
        if (value.signum() <= 0) {
            throw new InvalidField(field.path(), "must be greater than zero");
        }
        int digits = currency.getDefaultFractionDigits();
        BigDecimal max = BigDecimal.valueOf(Money.MAX_MINOR_UNITS, digits);
        if (value.compareTo(max) > 0) {
            throw new InvalidField(field.path(), "must be at most " + max.toPlainString() + " " + currency.getCurrencyCode());
        }
        if (value.stripTrailingZeros().scale() > digits) {
            throw new InvalidField(field.path(), "must have at most " + digits + " decimals for " + currency.getCurrencyCode());
        }
        return new Money(value.movePointRight(digits).longValueExact(), currency);
    }

    private static AuthorizationType authorizationType(Map<?, ?> parent, Field field) {
        String value = string(parent, field);
        return switch (value) {
            case "PURCHASE" -> AuthorizationType.PURCHASE;
            case "REFUND" -> AuthorizationType.REFUND;
            default -> throw new InvalidField(field.path(), "must be PURCHASE or REFUND");
        };
    }

    /** Jackson's description of the problem, without the excerpt of the input it quotes. */
    private static String jsonProblem(JsonProcessingException e) {
        String problem = e.getOriginalMessage();
        if (problem == null) {
            return "unreadable";
        }
        int quote = problem.indexOf(" (");
        String text = QUOTED.matcher(quote > 0 ? problem.substring(0, quote) : problem).replaceAll("'…'");
        return text.length() > 120 ? text.substring(0, 120) : text;
    }

    private static ParseResult<Payment> invalid(String field, String rule) {
        return new ParseResult.Invalid<>(field, rule);
    }

    /**
     * A field of the message: its {@code key} in its JSON object, and its {@code path} from the
     * root, which is how a broken rule names it ({@code body.amount}).
     */
    private record Field(String path, String key) {

        /** A member of the message's root object. */
        static Field top(String key) {
            return new Field(key, key);
        }

        /** A member of this field's object. */
        Field member(String key) {
            return new Field(path + "." + key, key);
        }
    }

    /** A rule broken deep in the parse; caught in {@link #parse} and turned into a value there. */
    private static final class InvalidField extends RuntimeException {
        final String field;
        final String rule;

        InvalidField(String field, String rule) {
            super(field + " " + rule, null, false, false);
            this.field = field;
            this.rule = rule;
        }
    }
}
