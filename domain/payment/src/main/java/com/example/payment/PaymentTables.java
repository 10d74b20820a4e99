package com.example.payment;

import com.example.lambdakit.config.Environment;
import java.util.Objects;

/**
 * The payment domain's tables.
 *
 * @param accounts the accounts table ({@code ACCOUNTS_TABLE})
 * @param ledger   the ledger table ({@code LEDGER_TABLE})
 */
public record PaymentTables(String accounts, String ledger) {

    public static final String ACCOUNTS_TABLE = "ACCOUNTS_TABLE";
    public static final String LEDGER_TABLE = "LEDGER_TABLE";

    public PaymentTables {
        Objects.requireNonNull(accounts, "accounts");
        Objects.requireNonNull(ledger, "ledger");
    }

    /** Reads both table names; each is required. */
    public static PaymentTables from(Environment env) {
        return new PaymentTables(env.required(ACCOUNTS_TABLE), env.required(LEDGER_TABLE));
    }
}
