package com.example.payment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Currency;
import java.util.List;
import java.util.Random;
import java.util.random.RandomGenerator;

/**
 * Generates payment messages for property tests: valid payments spelled in many equivalent ways,
 * and mutations of them (dropped fields, wrong types, random text, random bytes, truncation,
 * duplicated keys, deep nesting). Everything is drawn from the {@link RandomGenerator} it is
 * given, so a seed reproduces a run.
 */
final class GeneratedMessages {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] CURRENCIES = {"EUR", "USD", "GBP", "JPY", "KRW", "BHD", "KWD", "TND"};
    private static final String ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._:-";
    private static final String[] WRONG_VALUES = {"42", "-1", "1.5", "true", "false", "null", "[]", "{}", "\"\"",
            "\"text\"", "[1, 2]", "{\"a\": 1}", "1e400", "\"\\u0000\""};
    private static final String[] NUMBER_TOKENS = {"0", "-0", "0.0", "1e-5", "1e400", "1E+2", "-12.50", "0.001",
            "99999999999", "1e-2147483648", "12.5e1", "1.", ".5", "01", "+1", "NaN", "1e", "--1", "1_000"};

    private static final String JSON_SPECIALS = "{}[]\":,\\ 0123456789.eE-+";
    /** Bidi override, zero-width space, BOM, line separator, lone surrogates, a noncharacter. */
    private static final String TRICKY_CHARS = "\u202e\u200b\ufeff\u2028\ud800\udc00\uffff";

    /** The keys a message must have, as the generator writes them. */
    private static final String[] REQUIRED_KEYS = {"\"headers\"", "\"body\"", "\"message_id\"", "\"timestamp\"",
            "\"transaction_id\"", "\"account_id\"", "\"amount\"", "\"currency\"", "\"authorization_type\"",
            "\"merchant\"", "\"merchant_category\"", "\"card_number_hash\""};

    /** How many fields define the operation (what {@link #changedField} can change). */
    static final int DEFINING_FIELDS = 8;

    private final RandomGenerator random;

    GeneratedMessages(RandomGenerator random) {
        this.random = random;
    }

    /** A valid payment: what a message means, independent of how it is spelled. */
    record Spec(String txn, String account, long amountMinor, String currency, String type,
                String merchant, String category, String cardHash) {

        int digits() {
            return Currency.getInstance(currency).getDefaultFractionDigits();
        }
    }

    Spec spec() {
        String txn = id(1 + random.nextInt(40));
        long amount = random.nextBoolean() ? 1 + random.nextLong(100_000) : 1 + random.nextLong(Money.MAX_MINOR_UNITS);
        return new Spec(txn, id(1 + random.nextInt(30)), amount, pick(CURRENCIES),
                random.nextBoolean() ? "PURCHASE" : "REFUND", merchant(), String.format("%04d", random.nextInt(10_000)),
                PaymentMessages.cardHash(txn + random.nextInt()));
    }

    /** {@code spec} with one field that defines the operation changed to another valid value. */
    Spec changedField(Spec spec, int field) {
        String txn = spec.txn();
        String account = spec.account();
        long amount = spec.amountMinor();
        String currency = spec.currency();
        String type = spec.type();
        String merchant = spec.merchant();
        String category = spec.category();
        String cardHash = spec.cardHash();
        switch (field) {
            case 0 -> txn = txn + "X";
            case 1 -> account = account + "X";
            case 2 -> amount = amount == 1 ? 2 : amount - 1;
            case 3 -> currency = otherCurrencyWithDigits(spec);
            case 4 -> type = type.equals("PURCHASE") ? "REFUND" : "PURCHASE";
            case 5 -> merchant = merchant.length() < 128 ? merchant + "x" : "x" + merchant.substring(1);
            case 6 -> category = String.format("%04d", (Integer.parseInt(category) + 1) % 10_000);
            case 7 -> cardHash = PaymentMessages.cardHash(cardHash);
            default -> throw new IllegalArgumentException("a payment has " + DEFINING_FIELDS + " defining fields, not " + field);
        }
        return new Spec(txn, account, amount, currency, type, merchant, category, cardHash);
    }

    /** {@code spec} in a spelling drawn at random: key order, amount form, headers, escapes, spacing. */
    String spelled(Spec spec) {
        List<String[]> headers = new ArrayList<>();
        headers.add(new String[] {"message_id", quoted("msg-" + id(12))});
        headers.add(new String[] {"timestamp", quoted(timestamp())});
        if (random.nextBoolean()) {
            headers.add(new String[] {"correlation_id", quoted("corr-" + id(8))});
        }
        if (random.nextBoolean()) {
            headers.add(new String[] {"source", quoted(random.nextBoolean() ? "payment-network-gateway" : "retrying-producer")});
        }
        if (random.nextInt(4) == 0) {
            headers.add(new String[] {"x_extra", quoted(id(5))});
        }
        List<String[]> body = new ArrayList<>();
        body.add(new String[] {"transaction_id", text(spec.txn())});
        body.add(new String[] {"account_id", text(spec.account())});
        body.add(new String[] {"amount", amount(spec.amountMinor(), spec.digits())});
        body.add(new String[] {"currency", text(spec.currency())});
        body.add(new String[] {"authorization_type", text(spec.type())});
        body.add(new String[] {"merchant", text(spec.merchant())});
        body.add(new String[] {"merchant_category", text(spec.category())});
        body.add(new String[] {"card_number_hash", text(spec.cardHash())});
        shuffle(headers);
        shuffle(body);
        List<String[]> root = new ArrayList<>();
        root.add(new String[] {"headers", object(headers)});
        root.add(new String[] {"body", object(body)});
        shuffle(root);
        return object(root);
    }

    /** A message that is probably invalid: a valid one mutated, or noise. */
    String mutated(Spec spec) {
        String valid = spelled(spec);
        return switch (random.nextInt(10)) {
            case 0 -> dropField(valid);
            case 1 -> replaceValue(valid, pick(WRONG_VALUES));
            case 2 -> replaceValue(valid, quoted(randomText(random.nextInt(140))));
            case 3 -> replaceValue(valid, pick(NUMBER_TOKENS));
            case 4 -> valid.substring(0, random.nextInt(valid.length()));
            case 5 -> splice(valid);
            case 6 -> duplicateKey(valid);
            case 7 -> replaceValue(valid, "[".repeat(1 + random.nextInt(40)) + "]".repeat(random.nextInt(40)));
            case 8 -> randomBytes();
            default -> randomText(random.nextInt(300));
        };
    }

    private String dropField(String message) {
        return replaceValueOf(message, pick(REQUIRED_KEYS), null);
    }

    private String replaceValue(String message, String raw) {
        return replaceValueOf(message, pick(REQUIRED_KEYS), raw);
    }

    /**
     * Replaces the value after {@code key} (up to the next top-level comma or closing brace of its
     * object) with {@code raw}, or drops the member when {@code raw} is null. Works on the
     * generator's own output, whose keys are unescaped.
     */
    private static String replaceValueOf(String message, String key, String raw) {
        int at = message.indexOf(key + ":");
        if (at < 0) {
            return message;
        }
        int start = at + key.length() + 1;
        int end = endOfValue(message, start);
        if (raw != null) {
            return message.substring(0, start) + raw + message.substring(end);
        }
        int from = at;
        int to = end;
        if (to < message.length() && message.charAt(to) == ',') {
            to++;
        } else if (from > 0 && message.charAt(from - 1) == ',') {
            from--;
        }
        return message.substring(0, from) + message.substring(to);
    }

    private static int endOfValue(String text, int start) {
        int depth = 0;
        boolean inString = false;
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                if (depth == 0) {
                    return i;
                }
                depth--;
            } else if (c == ',' && depth == 0) {
                return i;
            }
        }
        return text.length();
    }

    private String duplicateKey(String message) {
        String[] fields = {"\"amount\"", "\"transaction_id\"", "\"currency\"", "\"body\""};
        String key = pick(fields);
        int at = message.indexOf(key + ":");
        if (at < 0) {
            return message;
        }
        return message.substring(0, at) + key + ":" + pick(WRONG_VALUES) + "," + message.substring(at);
    }

    private String splice(String message) {
        int at = random.nextInt(message.length() + 1);
        return message.substring(0, at) + randomText(1 + random.nextInt(4)) + message.substring(at);
    }

    private String randomBytes() {
        byte[] bytes = new byte[random.nextInt(400)];
        random.nextBytes(bytes);
        return random.nextBoolean()
                ? new String(bytes, StandardCharsets.UTF_8)
                : new String(bytes, StandardCharsets.ISO_8859_1);
    }

    /** Any UTF-16 text: ASCII, JSON's specials, controls, other scripts, format characters, lone surrogates. */
    String randomText(int length) {
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            switch (random.nextInt(6)) {
                case 0 -> text.append((char) (0x20 + random.nextInt(0x5f)));
                case 1 -> text.append(JSON_SPECIALS.charAt(random.nextInt(JSON_SPECIALS.length())));
                case 2 -> text.append((char) random.nextInt(0x20));
                case 3 -> text.append((char) (0xa0 + random.nextInt(0x3000)));
                case 4 -> text.append(TRICKY_CHARS.charAt(random.nextInt(TRICKY_CHARS.length())));
                default -> text.appendCodePoint(random.nextInt(Character.MAX_CODE_POINT + 1));
            }
        }
        return text.toString();
    }

    private String amount(long minor, int digits) {
        BigDecimal exact = BigDecimal.valueOf(minor, digits);
        return switch (random.nextInt(5)) {
            case 0 -> exact.toPlainString();
            case 1 -> exact.stripTrailingZeros().toPlainString();
            case 2 -> exact.setScale(digits + 1 + random.nextInt(4)).toPlainString();
            case 3 -> minor + (random.nextBoolean() ? "e-" : "E-") + digits;
            default -> exact.stripTrailingZeros().unscaledValue() + "E" + (-exact.stripTrailingZeros().scale());
        };
    }

    /** A JSON string for {@code value}, with some ASCII letters written as unicode escapes. */
    private String text(String value) {
        if (random.nextInt(4) != 0) {
            return quoted(value);
        }
        String plain = quoted(value);
        StringBuilder escaped = new StringBuilder(plain.length() * 2);
        for (int i = 0; i < plain.length(); i++) {
            char c = plain.charAt(i);
            boolean inside = i > 0 && i < plain.length() - 1;
            if (inside && Character.isLetterOrDigit(c) && c < 0x80 && plain.charAt(i - 1) != '\\' && random.nextBoolean()) {
                escaped.append(String.format("\\u%04x", (int) c));
            } else {
                escaped.append(c);
            }
        }
        return escaped.toString();
    }

    private String object(List<String[]> members) {
        String space = random.nextBoolean() ? "" : random.nextBoolean() ? " " : "\n  ";
        StringBuilder out = new StringBuilder("{").append(space);
        for (int i = 0; i < members.size(); i++) {
            if (i > 0) {
                out.append(',').append(space);
            }
            out.append(quoted(members.get(i)[0])).append(':').append(space.isEmpty() ? "" : " ").append(members.get(i)[1]);
        }
        return out.append(space.startsWith("\n") ? "\n" : space).append('}').toString();
    }

    private String id(int length) {
        StringBuilder id = new StringBuilder(length);
        id.append(ID_CHARS.charAt(random.nextInt(62)));
        for (int i = 1; i < length; i++) {
            id.append(ID_CHARS.charAt(random.nextInt(ID_CHARS.length())));
        }
        return id.toString();
    }

    private String merchant() {
        String[] names = {"Amazon.es", "Café Ñandú", "東京ストア", "O'Brien & Sons", "Robert'); DROP TABLE x;--",
                "${jndi:ldap://127.0.0.1/a}", "Shop 🛒", "attribute_not_exists(pk)"};
        String name = pick(names);
        return random.nextInt(8) == 0 ? name.repeat(128 / name.length()) : name;
    }

    private String timestamp() {
        return String.format("2026-%02d-%02dT%02d:%02d:%02d%s", 1 + random.nextInt(12), 1 + random.nextInt(28),
                random.nextInt(24), random.nextInt(60), random.nextInt(60), random.nextBoolean() ? "Z" : "+02:00");
    }

    private String otherCurrencyWithDigits(Spec spec) {
        for (String currency : CURRENCIES) {
            if (!currency.equals(spec.currency())
                    && Currency.getInstance(currency).getDefaultFractionDigits() == spec.digits()) {
                return currency;
            }
        }
        throw new IllegalStateException("every digit count has two currencies in " + String.join(",", CURRENCIES));
    }

    private void shuffle(List<String[]> members) {
        Collections.shuffle(members, new Random(random.nextLong()));
    }

    private <T> T pick(T[] values) {
        return values[random.nextInt(values.length)];
    }

    private static String quoted(String text) {
        try {
            return JSON.writeValueAsString(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
