package com.example.payment;

/** The attributes of an account item (table keyed by {@code pk} = account id). */
public final class AccountAttributes {

    public static final String PK = "pk";
    /** The balance in integer minor units of {@link #CURRENCY}. */
    public static final String BALANCE_MINOR = "balanceMinor";
    public static final String CURRENCY = "currency";
    /** {@link #ACTIVE} or {@code BLOCKED}. */
    public static final String ACCOUNT_STATUS = "accountStatus";
    public static final String ACTIVE = "ACTIVE";
    public static final String BLOCKED = "BLOCKED";

    private AccountAttributes() {
    }
}
