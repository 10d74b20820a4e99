package com.example.recordsweeper;

import com.example.lambdakit.config.ConfigurationException;
import com.example.lambdakit.config.Environment;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The sweeper's configuration.
 *
 * @param accountsTable    the accounts table, whose items carry the {@code applied} map
 * @param idempotencyTable the idempotency records' table
 * @param appliedRetention how long an {@code applied} entry outlives its record's writing: at least
 *                         {@link #MINIMUM_RETENTION}
 */
public record SweeperSettings(String accountsTable, String idempotencyTable, Duration appliedRetention) {

    /** The variable naming the accounts table. */
    public static final String ACCOUNTS_TABLE = "ACCOUNTS_TABLE";
    /** The variable naming the idempotency table. */
    public static final String IDEMPOTENCY_TABLE = "IDEMPOTENCY_TABLE";
    /** The variable of {@link #appliedRetention}, in whole seconds. */
    public static final String APPLIED_RETENTION_SECONDS = "APPLIED_RETENTION_SECONDS";
    /** The retention when {@value #APPLIED_RETENTION_SECONDS} is unset: the authorizer's 30 s timeout plus margin for clock skew. */
    public static final Duration DEFAULT_RETENTION = Duration.ofSeconds(120);
    /**
     * The least retention accepted. A receiver that read "no record" may read the account up to
     * its timeout (30 s) later; an entry removed in between would let it decide the payment
     * again. 90 s covers the timeout three times over, clock skew between Regions included.
     */
    public static final Duration MINIMUM_RETENTION = Duration.ofSeconds(90);

    /** Refuses a missing table or a retention below {@link #MINIMUM_RETENTION}, naming the variable. */
    public SweeperSettings {
        Objects.requireNonNull(accountsTable, ACCOUNTS_TABLE);
        Objects.requireNonNull(idempotencyTable, IDEMPOTENCY_TABLE);
        Objects.requireNonNull(appliedRetention, APPLIED_RETENTION_SECONDS);
        if (appliedRetention.compareTo(MINIMUM_RETENTION) < 0) {
            throw new ConfigurationException(APPLIED_RETENTION_SECONDS, "must be at least " + MINIMUM_RETENTION.toSeconds()
                    + " (the authorizer's 30 s timeout plus margin for clock skew: an entry removed sooner lets a copy"
                    + " that read no record decide the payment again), was " + appliedRetention.toSeconds());
        }
    }

    /**
     * The settings {@code environment} gives.
     *
     * @param environment the function's environment
     * @return the settings
     * @throws ConfigurationException naming the variable missing or out of its rule
     */
    public static SweeperSettings from(Environment environment) {
        return new SweeperSettings(environment.required(ACCOUNTS_TABLE), environment.required(IDEMPOTENCY_TABLE),
                environment.seconds(APPLIED_RETENTION_SECONDS, Optional.of(DEFAULT_RETENTION)));
    }
}
