package com.example.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.example.receiver.ParseResult;
import com.example.receiver.lambda.SignatureAttributes;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The pre-traffic hook's key signs the smoke account's payments only: a real account's payment
 * under that key is rejected naming the attribute and the rule; every other key, or none, is the
 * payment parser's answer unchanged.
 */
class SmokeKeyScopeTest {

    private final SmokeKeyScope parser = new SmokeKeyScope(new PaymentParser());

    private static Map<String, String> signedBy(String keyId) {
        return Map.of(SignatureAttributes.KEY_ID, keyId, SignatureAttributes.TIMESTAMP, "1796558400",
                SignatureAttributes.SIGNATURE, "0".repeat(64));
    }

    @Test
    void realAccountsPayment_signedWithTheHooksKey_isRejected_namingTheKeyAttribute() {
        // GIVEN a purchase on a real account whose signature names the hook's key
        String purchase = PaymentMessages.purchase("TXN-STOLEN-KEY-1", "ACC-44821", "900.00", "EUR");
        // WHEN it is parsed THEN it is invalid (REJECTED, never decided): the key's scope, not the body
        ParseResult.Invalid<?> invalid = assertInstanceOf(ParseResult.Invalid.class,
                parser.parse(purchase, signedBy(SmokeKeyScope.KEY_ID)));
        assertEquals("messageAttributes.signature-key-id", invalid.field());
        assertEquals(SmokeKeyScope.RULE, invalid.rule());
        // AND a refund, which needs no funds, is held to the scope the same way
        String refund = PaymentMessages.refund("TXN-STOLEN-KEY-2", "ACC-44821", "900.00", "EUR");
        assertInstanceOf(ParseResult.Invalid.class, parser.parse(refund, signedBy(SmokeKeyScope.KEY_ID)));
    }

    @Test
    void smokeAccountsPayment_signedWithTheHooksKey_isTheParsersAnswer() {
        String refund = PaymentMessages.refund("SMOKE-PRE-TRAFFIC-d-1", SmokeKeyScope.ACCOUNT_ID, "0.01", "EUR");
        assertEquals(new PaymentParser().parse(refund), parser.parse(refund, signedBy(SmokeKeyScope.KEY_ID)));
    }

    @Test
    void anotherKey_orNone_isThePaymentParsersAnswerUnchanged() {
        String purchase = PaymentMessages.purchase("TXN-1", "ACC-44821", "25.00", "EUR");
        ParseResult<Payment> expected = new PaymentParser().parse(purchase);
        assertEquals(expected, parser.parse(purchase, signedBy("gw-2026-11")));
        assertEquals(expected, parser.parse(purchase, Map.of()));
        assertEquals(expected, parser.parse(purchase));
        // an invalid message stays invalid with its own field, whatever key it names
        String broken = purchase.replace("25.00", "-1");
        assertEquals(new PaymentParser().parse(broken), parser.parse(broken, signedBy(SmokeKeyScope.KEY_ID)));
    }
}
