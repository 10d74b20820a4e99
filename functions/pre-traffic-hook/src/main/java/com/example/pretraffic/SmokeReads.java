package com.example.pretraffic;

import java.util.Optional;
import java.util.OptionalLong;

/** The two items the hook reads, strongly consistent: the smoke payment's record, the smoke account. */
interface SmokeReads {

    /** The {@code status} of the record of {@code transactionId}, empty when there is none. */
    Optional<String> recordStatus(String transactionId);

    /** The balance of {@code accountId} in minor units, empty when the account does not exist. */
    OptionalLong balanceMinor(String accountId);
}
