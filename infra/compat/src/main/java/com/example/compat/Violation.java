package com.example.compat;

import java.util.Objects;

/**
 * One oracle's finding: what it guards, the payment (or record, or account) it names, what it saw.
 *
 * @param oracle  the oracle that found it
 * @param subject the transaction id, record key or account the finding is about
 * @param detail  what was seen, against what was expected
 */
record Violation(CompatOracles.Oracle oracle, String subject, String detail) {

    Violation {
        Objects.requireNonNull(oracle, "oracle");
        if (subject.isBlank() || detail.isBlank()) {
            throw new IllegalArgumentException(oracle + ": a finding names what it is about and what was seen");
        }
    }

    @Override
    public String toString() {
        return oracle + ": " + subject + ": " + detail;
    }
}
