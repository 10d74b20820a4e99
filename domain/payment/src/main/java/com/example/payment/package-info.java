/**
 * The payment domain: what a card payment message is ({@link com.example.payment.Payment},
 * parsed and validated by {@link com.example.payment.PaymentParser}), and what authorizing one
 * writes ({@link com.example.payment.PaymentPosting}: the account debit or credit and the ledger
 * entry, committed with the idempotency record by the receiver; {@link com.example.payment.PaymentSingleWrite}
 * the same without a transaction, for global tables that refuse them); the pre-traffic hook's signing
 * key held to the smoke account ({@link com.example.payment.SmokeKeyScope}).
 */
package com.example.payment;
