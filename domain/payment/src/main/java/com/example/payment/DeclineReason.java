package com.example.payment;

import static com.example.payment.AccountAttributes.ACCOUNT_STATUS;
import static com.example.payment.AccountAttributes.BALANCE_MINOR;
import static com.example.payment.AccountAttributes.CURRENCY;

import java.util.Map;
import java.util.Optional;
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
        return against(account, payment).orElse(INSUFFICIENT_FUNDS);
    }

    /**
     * The rules a payment is declined by, checked on the account in the order of the account
     * update's condition: none, or the first broken one. A purchase needs the funds; a refund
     * does not.
     *
     * @param account the account as read; empty when there is none
     * @param payment the payment
     * @return the first rule it breaks; empty when it may be applied
     */
    public static Optional<DeclineReason> against(Map<String, AttributeValue> account, Payment payment) {
        if (account.isEmpty()) {
            return Optional.of(UNKNOWN_ACCOUNT);
        }
        AttributeValue status = account.get(ACCOUNT_STATUS);
        if (status == null || !AccountAttributes.ACTIVE.equals(status.s())) {
            return Optional.of(ACCOUNT_BLOCKED);
        }
        AttributeValue currency = account.get(CURRENCY);
        if (currency == null || !payment.amount().currency().getCurrencyCode().equals(currency.s())) {
            return Optional.of(CURRENCY_MISMATCH);
        }
        AttributeValue balance = account.get(BALANCE_MINOR);
        if (payment.type() == AuthorizationType.PURCHASE
                && (balance == null || balance.n() == null || Long.parseLong(balance.n()) < payment.amount().minorUnits())) {
            return Optional.of(INSUFFICIENT_FUNDS);
        }
        return Optional.empty();
    }
}
