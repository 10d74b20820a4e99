package com.example.template;

/**
 * The values a number of the template can take: a literal is one value; a parameter any value
 * it allows, {@code byDefault} when the deployer gives none.
 *
 * @param min       the least
 * @param byDefault the value without a parameter override
 * @param max       the greatest
 */
public record NumberRange(long min, long byDefault, long max) {

    /** A literal: one value. */
    public static NumberRange of(long value) {
        return new NumberRange(value, value, value);
    }
}
