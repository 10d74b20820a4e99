package com.example.payment;

import static com.example.payment.AccountAttributes.ACCOUNT_STATUS;
import static com.example.payment.AccountAttributes.CURRENCY;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Why a payment was declined; each decline is recorded, so a redelivery replays it. */
public enum DeclineReason {
    UNKNOWN_ACCOUNT,
    ACCOUNT_BLOCKED,
    CURRENCY_MISMATCH,
    INSUFFICIENT_FUNDS;

    /**
     * Explains why the account update's condition failed, from the account as it was when the
     * condition was checked (the {@code ALL_OLD} item; empty when there was no account). The
     * checks run in the order of the condition, so the first broken clause is the reason.
     */
    public static DeclineReason of(Map<String, AttributeValue> account, Payment payment) {
        if (account.isEmpty()) {
            return UNKNOWN_ACCOUNT;
        }
        AttributeValue status = account.get(ACCOUNT_STATUS);
        if (status == null || !AccountAttributes.ACTIVE.equals(status.s())) {
            return ACCOUNT_BLOCKED;
        }
        AttributeValue currency = account.get(CURRENCY);
        if (currency == null || !payment.amount().currency().getCurrencyCode().equals(currency.s())) {
            return CURRENCY_MISMATCH;
        }
        return INSUFFICIENT_FUNDS;
    }
}
