package com.example.paymenttraffic.reference;

import com.example.paymenttraffic.Operation;
import java.util.Objects;

/**
 * An approved payment's permanent row: the account, the transaction and the signed change.
 *
 * @param operation   the payment applied
 * @param changeMinor the change to its account's balance, minor units (negative for a purchase)
 */
public record LedgerEntry(Operation operation, long changeMinor) {

    public LedgerEntry {
        Objects.requireNonNull(operation, "operation");
    }

    static LedgerEntry of(Operation operation) {
        return new LedgerEntry(operation, operation.balanceChange());
    }
}
