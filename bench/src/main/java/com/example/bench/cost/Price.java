package com.example.bench.cost;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Objects;

/**
 * One price: {@code usd} US dollars for every {@code per} {@code unit}s, as {@code source} (the
 * AWS pricing page) states it.
 */
public record Price(PricedItem item, BigDecimal usd, long per, String unit, String source) {

    public Price {
        Objects.requireNonNull(item, "item");
        Objects.requireNonNull(usd, "usd");
        if (usd.signum() < 0) {
            throw new IllegalArgumentException(item.key() + ".usd must be zero or more, was " + usd);
        }
        if (per < 1) {
            throw new IllegalArgumentException(item.key() + ".per must be at least 1, was " + per);
        }
        if (unit == null || unit.isBlank()) {
            throw new IllegalArgumentException(item.key() + ".unit must not be empty");
        }
        if (source == null || !source.startsWith("https://")) {
            throw new IllegalArgumentException(item.key() + ".source must be the https:// address of the pricing page, was " + source);
        }
    }

    /** What {@code quantity} units cost, in US dollars. */
    public BigDecimal of(double quantity) {
        if (quantity < 0 || !Double.isFinite(quantity)) {
            throw new IllegalArgumentException("a quantity of " + item.key() + " must be finite and zero or more, was " + quantity);
        }
        return usd.multiply(BigDecimal.valueOf(quantity)).divide(BigDecimal.valueOf(per), MathContext.DECIMAL64);
    }
}
