package com.example.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Currency;
import org.junit.jupiter.api.Test;

/**
 * A payment's fingerprint is stored with its record for the record's whole life (30 days by
 * default): a redelivery decided after a deploy compares against the one written before it. So
 * the digest of one payment must never change with a release; a change would turn every
 * redelivery of a stored payment into a conflict. The value below was computed by the release
 * that first stored fingerprints (fields in the order transaction_id, account_id, amount_minor,
 * currency, authorization_type, merchant, merchant_category, card_number_hash).
 */
class PaymentFingerprintTest {

    @Test
    void aPaymentsFingerprint_isTheOneEarlierReleasesStored() {
        Payment payment = new Payment("txn-1", "acct-1", new Money(12550, Currency.getInstance("EUR")),
                AuthorizationType.PURCHASE, "Corner Shop", "5411", "sha256:" + "ab".repeat(32), "corr-1");

        assertEquals("d92c41024074b9d9bc9c64162dcb39cfd1a757562b160fe900dd71695dd30819", payment.fingerprint().hex());
    }
}
