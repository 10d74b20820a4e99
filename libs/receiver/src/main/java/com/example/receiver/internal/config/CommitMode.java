package com.example.receiver.internal.config;

import com.example.lambdakit.config.ConfigurationException;
import com.example.lambdakit.config.Environment;
import com.example.receiver.lambda.ReceiverVariables;
import java.util.Objects;

/**
 * How decisions are committed ({@code COMMIT_MODE}): in one transaction (the default), or by one
 * conditional write of the domain's item and the writes derived from it, for tables that refuse
 * transactions (global tables with multi-Region strong consistency).
 */
public sealed interface CommitMode {

    /** The variable. */
    String VARIABLE = ReceiverVariables.COMMIT_MODE;
    /** Set by Lambda: the Region a single-write decision and record name as their writer's. */
    String AWS_REGION = "AWS_REGION";

    /** One {@code TransactWriteItems} per decision (or per lane's group). */
    record Transaction() implements CommitMode {
    }

    /**
     * One conditional {@code UpdateItem} per decision, then the derived puts.
     *
     * @param region the function's AWS Region, written on each decision and record
     */
    record SingleWrite(String region) implements CommitMode {
        /** Refuses a missing region. */
        public SingleWrite {
            Objects.requireNonNull(region, "region");
        }
    }

    /**
     * {@code COMMIT_MODE}: {@code transaction} when unset; {@code single-write} needs
     * {@code AWS_REGION}; anything else is refused, naming the variable and the values it takes.
     *
     * @param env the function's environment
     * @return the mode
     */
    static CommitMode from(Environment env) {
        String mode = env.optional(VARIABLE).orElse("transaction");
        return switch (mode) {
            case "transaction" -> new Transaction();
            case "single-write" -> new SingleWrite(env.optional(AWS_REGION).filter(region -> !region.isBlank())
                    .orElseThrow(() -> new ConfigurationException(VARIABLE, "is single-write, which needs " + AWS_REGION
                            + ": each decision and record names the Region that wrote it")));
            default -> throw new ConfigurationException(VARIABLE, "must be transaction or single-write, was " + mode);
        };
    }
}
