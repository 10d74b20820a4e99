package com.example.payment;

/** What a payment does to its account. */
public enum AuthorizationType {
    /** A debit; needs the funds. */
    PURCHASE,
    /** A credit; needs no funds check. */
    REFUND
}
