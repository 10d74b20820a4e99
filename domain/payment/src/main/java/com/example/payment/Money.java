package com.example.payment;

import java.math.BigDecimal;
import java.util.Currency;
import java.util.Objects;

/**
 * An amount in integer minor units of its currency (cents for EUR, yen for JPY). Never a double.
 *
 * @param minorUnits greater than zero, at most {@value #MAX_MINOR_UNITS}
 * @param currency   an ISO 4217 currency with minor units
 */
public record Money(long minorUnits, Currency currency) {

    /** The largest amount one payment may carry, in minor units. */
    public static final long MAX_MINOR_UNITS = 10_000_000_000L;

    public Money {
        Objects.requireNonNull(currency, "currency");
        if (minorUnits <= 0 || minorUnits > MAX_MINOR_UNITS) {
            throw new IllegalArgumentException("amount must be 1-" + MAX_MINOR_UNITS + " minor units");
        }
        if (currency.getDefaultFractionDigits() < 0) {
            throw new IllegalArgumentException("currency must have minor units");
        }
    }

    /** The amount in major units, for display only. */
    public BigDecimal toMajor() {
        return BigDecimal.valueOf(minorUnits, currency.getDefaultFractionDigits());
    }
}
