package com.example.paymenttraffic;

import java.util.Objects;

/**
 * An account as a run opens it.
 *
 * @param id           the account id payments name
 * @param balanceMinor its opening balance, minor units
 * @param currency     its ISO 4217 currency
 * @param active       whether it may be posted to (a blocked account declines every payment)
 */
public record Account(String id, long balanceMinor, String currency, boolean active) {

    public Account {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(currency, "currency");
    }
}
