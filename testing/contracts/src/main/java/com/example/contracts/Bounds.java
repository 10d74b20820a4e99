package com.example.contracts;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.List;

/**
 * {@link SchemaCompatibility}'s rules for the keywords that bound a value: lengths, counts and
 * numbers. A lower bound may only go down and an upper bound only up; a bound {@code after} adds
 * where {@code before} had none narrows. For numbers an inclusive bound and an exclusive one at
 * the same value are told apart ({@code minimum 0} accepts 0, {@code exclusiveMinimum 0} does not).
 */
final class Bounds {

    /** A number's bound: its value and whether the value itself is outside. */
    private record Bound(BigDecimal value, boolean exclusive) {
    }

    private Bounds() {
    }

    static void compare(JsonNode before, JsonNode after, String at, List<String> breaks) {
        for (String keyword : List.of("minLength", "minItems", "minProperties")) {
            if (after.has(keyword) && after.get(keyword).decimalValue().compareTo(before.path(keyword).decimalValue()) > 0) {
                breaks.add(at + ": " + keyword + " raised from " + before.path(keyword).asInt(0) + " to " + after.get(keyword));
            }
        }
        for (String keyword : List.of("maxLength", "maxItems", "maxProperties")) {
            if (after.has(keyword) && (!before.has(keyword)
                    || after.get(keyword).decimalValue().compareTo(before.get(keyword).decimalValue()) < 0)) {
                breaks.add(at + ": " + keyword + " " + (before.has(keyword) ? "lowered from " + before.get(keyword)
                        : "added,") + " to " + after.get(keyword));
            }
        }
        if (after.path("uniqueItems").asBoolean(false) && !before.path("uniqueItems").asBoolean(false)) {
            breaks.add(at + ": uniqueItems added");
        }
        Bound lowBefore = tightest(before, "minimum", "exclusiveMinimum", 1);
        Bound lowAfter = tightest(after, "minimum", "exclusiveMinimum", 1);
        if (lowAfter != null && (lowBefore == null || narrower(lowAfter, lowBefore, 1))) {
            breaks.add(at + ": lower bound " + describe(lowBefore, ">") + " raised to " + describe(lowAfter, ">"));
        }
        Bound highBefore = tightest(before, "maximum", "exclusiveMaximum", -1);
        Bound highAfter = tightest(after, "maximum", "exclusiveMaximum", -1);
        if (highAfter != null && (highBefore == null || narrower(highAfter, highBefore, -1))) {
            breaks.add(at + ": upper bound " + describe(highBefore, "<") + " lowered to " + describe(highAfter, "<"));
        }
    }

    /**
     * The schema's bound on one side ({@code side} 1 for below, -1 for above): the tighter of its
     * inclusive and exclusive keywords, or null when it has neither.
     */
    private static Bound tightest(JsonNode schema, String inclusive, String exclusive, int side) {
        Bound in = schema.has(inclusive) ? new Bound(schema.get(inclusive).decimalValue(), false) : null;
        Bound ex = schema.has(exclusive) ? new Bound(schema.get(exclusive).decimalValue(), true) : null;
        if (in == null || ex == null) {
            return in == null ? ex : in;
        }
        return narrower(ex, in, side) ? ex : in;
    }

    /** Whether {@code a} leaves out a value {@code b} lets through, on the given side. */
    private static boolean narrower(Bound a, Bound b, int side) {
        int order = a.value().compareTo(b.value()) * side;
        return order > 0 || (order == 0 && a.exclusive() && !b.exclusive());
    }

    private static String describe(Bound bound, String direction) {
        if (bound == null) {
            return "(none)";
        }
        return direction + (bound.exclusive() ? " " : "= ") + bound.value().toPlainString();
    }
}
