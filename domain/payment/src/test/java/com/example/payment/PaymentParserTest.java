package com.example.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.example.receiver.Command;
import com.example.receiver.ParseResult;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PaymentParserTest {

    private final PaymentParser parser = new PaymentParser();

    private Command<Payment> valid(String message) {
        ParseResult<Payment> result = parser.parse(message);
        if (result instanceof ParseResult.Valid<Payment> valid) {
            return valid.command();
        }
        return fail("expected a valid payment, got " + result);
    }

    private ParseResult.Invalid<?> invalid(String message) {
        return assertInstanceOf(ParseResult.Invalid.class, parser.parse(message));
    }

    private static String edited(Consumer<ObjectNode> edit) {
        return PaymentMessages.build("TXN-1", "ACC-1", "125.50", "EUR", "PURCHASE", edit);
    }

    @Test
    void validPurchase_isKeyedByTransactionId_inMinorUnits() {
        Command<Payment> command = valid(PaymentMessages.purchase("TXN-VISA-8847291", "ACC-44821", "125.50", "EUR"));
        assertEquals("TXN-VISA-8847291", command.key().value());
        assertEquals("ACC-44821", command.laneKey());
        assertEquals(12_550, command.payload().amount().minorUnits());
        assertEquals(-12_550, command.payload().balanceChangeMinor());
    }

    @Test
    void theHeadersTimestamp_isTheCommandsTimeOfIssue_inAnyOffset_andOutsideTheFingerprint() {
        String original = PaymentMessages.purchase("TXN-1", "ACC-1", "125.50", "EUR");
        assertEquals(Optional.of(Instant.parse("2026-04-07T14:32:15Z")), valid(original).issuedAt());
        String elsewhere = original.replace("2026-04-07T14:32:15Z", "2026-04-07T16:32:15+02:00");
        assertEquals(Optional.of(Instant.parse("2026-04-07T14:32:15Z")), valid(elsewhere).issuedAt());
        String later = original.replace("2026-04-07T14:32:15Z", "2026-05-01T00:00:00Z");
        assertEquals(valid(original).fingerprint(), valid(later).fingerprint());
    }

    @Test
    void producerRetry_hasTheSameFingerprint() {
        String original = PaymentMessages.purchase("TXN-1", "ACC-1", "125.50", "EUR");
        assertEquals(valid(original).fingerprint(), valid(PaymentMessages.producerRetry(original)).fingerprint());
    }

    @Test
    void amountSpelledDifferently_isTheSameOperation() {
        assertEquals(valid(PaymentMessages.purchase("TXN-1", "ACC-1", "125.5", "EUR")).fingerprint(),
                valid(PaymentMessages.purchase("TXN-1", "ACC-1", "125.50", "EUR")).fingerprint());
    }

    @Test
    void differentAmount_isAnotherFingerprint() {
        assertNotEquals(valid(PaymentMessages.purchase("TXN-1", "ACC-1", "125.50", "EUR")).fingerprint(),
                valid(PaymentMessages.purchase("TXN-1", "ACC-1", "125.51", "EUR")).fingerprint());
    }

    @Test
    void currencyWithoutDecimals_isWholeUnits() {
        assertEquals(1_250, valid(PaymentMessages.purchase("TXN-1", "ACC-1", "1250", "JPY")).payload().amount().minorUnits());
        assertEquals(1_250, valid(PaymentMessages.purchase("TXN-2", "ACC-1", "1.250", "BHD")).payload().amount().minorUnits());
    }

    @ParameterizedTest(name = "amount {0} {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
            "10.005 | EUR | must have at most 2 decimals for EUR",
            "1.5    | JPY | must have at most 0 decimals for JPY",
            "0      | EUR | must be greater than zero",
            "-1     | EUR | must be greater than zero",
            "1e12   | EUR | must be at most 100000000.00 EUR",
            "1e-999 | EUR | must have at most 2 decimals for EUR",
    })
    void badAmounts_areRejected_namingFieldAndRule(String amount, String currency, String rule) {
        ParseResult.Invalid<?> invalid = invalid(PaymentMessages.purchase("TXN-1", "ACC-1", amount, currency));
        assertEquals("body.amount", invalid.field());
        assertEquals(rule, invalid.rule());
    }

    @Test
    void amountAsString_isRejected() {
        ParseResult.Invalid<?> invalid = invalid(edited(body -> body.put("amount", "125.50")));
        assertEquals("body.amount", invalid.field());
        assertEquals("must be a JSON number", invalid.rule());
    }

    @Test
    void unknownCurrency_isRejected() {
        assertEquals("body.currency", invalid(edited(body -> body.put("currency", "XXY"))).field());
        assertEquals("must be a currency with minor units", invalid(edited(body -> body.put("currency", "XAU"))).rule());
    }

    @Test
    void missingAndMistypedFields_areNamed() {
        assertEquals("body.transaction_id", invalid(edited(body -> body.remove("transaction_id"))).field());
        assertEquals("body.account_id", invalid(edited(body -> body.put("account_id", 42))).field());
        assertEquals("body.authorization_type", invalid(edited(body -> body.put("authorization_type", "CHARGEBACK"))).field());
        assertEquals("body.merchant_category", invalid(edited(body -> body.put("merchant_category", "54"))).field());
        assertEquals("body.card_number_hash", invalid(edited(body -> body.put("card_number_hash", "4111111111111111"))).field());
        assertEquals("body.transaction_id", invalid(edited(body -> body.put("transaction_id", "TXN\u0000-1"))).field());
        assertEquals("body.transaction_id", invalid(edited(body -> body.put("transaction_id", "T".repeat(129)))).field());
    }

    @Test
    void unparseableBodies_areRejected_asMessage() {
        assertEquals("message", invalid("not json").field());
        assertEquals("message", invalid("[1,2]").field());
        assertEquals("message", invalid("{\"headers\":{}, \"headers\":{}}").field());
        assertEquals("message", invalid("{".repeat(100)).field());
        assertEquals("message", invalid("x".repeat(PaymentParser.MAX_BODY_BYTES + 1)).field());
    }

    @ParameterizedTest(name = "exponent {0}")
    @CsvSource({"1e-2147483648", "-1e-2147483648", "1e99999999999999999"})
    void numberWhoseExponentOverflows_isRejected_notThrown(String amount) {
        // GIVEN a number BigDecimal itself refuses (Jackson lets its NumberFormatException through)
        String message = PaymentMessages.purchase("TXN-1", "ACC-1", "1.00", "EUR").replace("\"amount\":1.00", "\"amount\":" + amount);
        // WHEN parsed, THEN a rejection of the message that does not quote the number
        ParseResult.Invalid<?> invalid = invalid(message);
        assertEquals("message", invalid.field());
        assertEquals("must hold numbers whose exponent fits (an exponent overflows)", invalid.rule());
        assertEquals("message", invalid("{\"headers\": {\"trace\": " + amount + "}}").field(), "anywhere in the message");
    }

    @Test
    void merchantWithALoneSurrogate_isRejected_asItCannotBeStoredOrFingerprintedAsSent() {
        String loneSurrogate = PaymentMessages.purchase("TXN-1", "ACC-1", "1.00", "EUR")
                .replace("\"Amazon.es\"", "\"Amazon\\ud800\"");
        ParseResult.Invalid<?> invalid = invalid(loneSurrogate);
        assertEquals("body.merchant", invalid.field());
        assertEquals("must be well-formed Unicode", invalid.rule());
        // a well-formed pair (an emoji) is text like any other
        assertEquals("Amazon \uD83D\uDED2", valid(PaymentMessages.purchase("TXN-1", "ACC-1", "1.00", "EUR")
                .replace("\"Amazon.es\"", "\"Amazon \\ud83d\\uded2\"")).payload().merchant());
    }

    @ParameterizedTest(name = "U+{0}")
    @CsvSource({"202E", "200B", "2066", "FEFF", "00AD"})
    void merchantWithAnInvisibleFormattingCharacter_isRejected(String codePoint) {
        String merchant = "Amazon" + Character.toString(Integer.parseInt(codePoint, 16)) + "es";
        ParseResult.Invalid<?> invalid = invalid(edited(body -> body.put("merchant", merchant)));
        assertEquals("body.merchant", invalid.field());
        assertEquals("must not contain invisible formatting characters", invalid.rule());
    }

    @Test
    void merchantInAnotherScript_isAccepted() {
        assertEquals("Caf\u00e9 \u6771\u4eac", valid(edited(body -> body.put("merchant", "Caf\u00e9 \u6771\u4eac"))).payload().merchant());
    }

    @Test
    void rejectionRule_neverQuotesTheInput() {
        ParseResult.Invalid<?> invalid = invalid("{\"body\": sha256:secretvalue}");
        assertEquals(-1, invalid.rule().indexOf("secretvalue"), invalid.rule());
    }
}
