package com.example.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.example.receiver.ParseResult;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every message of the hostile corpus through the parser alone: the verdict each must get. */
class HostileCorpusParserTest {

    private final PaymentParser parser = new PaymentParser();

    static List<HostileCorpus.Case> corpus() {
        return HostileCorpus.cases();
    }

    @Test
    void corpus_hasAtLeastFortyCases_withDistinctNamesAndTransactionIds() {
        List<HostileCorpus.Case> cases = corpus();
        assertTrue(cases.size() >= 40, "cases: " + cases.size());
        Set<String> names = new HashSet<>();
        Set<String> txns = new HashSet<>();
        for (HostileCorpus.Case c : cases) {
            assertTrue(names.add(c.name()), "name used twice: " + c.name());
            assertTrue(txns.add(c.txn()), "transaction id used twice: " + c.txn());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void eachMessage_getsItsExpectedVerdict_andARuleThatEchoesNothing(HostileCorpus.Case c) {
        // GIVEN a hostile or odd message, WHEN parsed
        ParseResult<Payment> result = parser.parse(c.message());
        HostileCorpus.Expected expected = c.expected();
        // THEN a rejection names the expected field and rule, and the rule quotes none of the input
        if (expected.rejected()) {
            if (!(result instanceof ParseResult.Invalid<Payment> invalid)) {
                fail(c.name() + ": expected a rejection of " + expected.field().orElseThrow() + ", got " + result);
                return;
            }
            assertEquals(expected.field().orElseThrow(), invalid.field(), c.name());
            assertTrue(expected.ruleMatches(invalid.rule()), c.name() + ": rule was " + invalid.rule());
            for (String secret : c.secrets()) {
                assertFalse(invalid.rule().contains(secret), c.name() + ": the rule echoes " + secret);
            }
            return;
        }
        // THEN a valid but odd message is the payment it spells, keyed by its transaction id
        if (!(result instanceof ParseResult.Valid<Payment> valid)) {
            fail(c.name() + ": expected a valid payment, got " + result);
            return;
        }
        assertEquals(c.txn(), valid.command().key().value(), c.name());
        expected.account().ifPresent(account -> {
            Payment payment = valid.command().payload();
            assertEquals(account, payment.accountId(), c.name());
            assertEquals(expected.changeMinor(), payment.balanceChangeMinor(), c.name());
        });
        expected.storedMerchant().ifPresent(merchant ->
                assertEquals(merchant, valid.command().payload().merchant(), c.name()));
    }
}
