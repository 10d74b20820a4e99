package com.example.compat;

import java.util.Objects;

/**
 * One oracle's finding: what it guards, the payment (or record, or account) it names, what it saw.
 *
 * @param oracle  one of {@link CompatOracles#NAMES}
 * @param subject the transaction id, record key or account the finding is about
 * @param detail  what was seen, against what was expected
 */
record Violation(String oracle, String subject, String detail) {

    Violation {
        Objects.requireNonNull(oracle, "oracle");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(detail, "detail");
    }

    @Override
    public String toString() {
        return oracle + ": " + subject + ": " + detail;
    }
}
