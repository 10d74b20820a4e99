package com.example.payment.docs;

import java.util.List;
import java.util.Objects;

/**
 * One statement of a documented block, checked: what it is, and what is wrong with it.
 *
 * @param where    its line
 * @param text     the statement as written (shortened), or the block it stands for
 * @param problems each a sentence saying what is wrong; empty when the statement is sound
 */
record CheckedStatement(Location where, String text, List<String> problems) {

    CheckedStatement {
        Objects.requireNonNull(where, "where");
        Objects.requireNonNull(text, "text");
        problems = List.copyOf(problems);
    }

    /** The report of a failing check: the location, the statement, and every problem. */
    String report() {
        return where + ": `" + text + "`: " + String.join("; ", problems);
    }
}
