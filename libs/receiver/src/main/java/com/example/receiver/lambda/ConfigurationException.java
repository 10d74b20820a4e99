package com.example.receiver.lambda;

import java.util.Objects;

/**
 * The receiver refuses to be built: a setting is missing, malformed or unsafe, or needs a part the
 * builder was not given. Its message is the setting's name (an environment variable, or the
 * builder's call for what only code gives), then the rule; never a secret's value. Thrown by
 * {@link ReceiverBuilder#build} for every refusal, so that a function's init fails with one type
 * whatever was wrong.
 */
public final class ConfigurationException extends RuntimeException {

    @java.io.Serial
    private static final long serialVersionUID = 1L;

    /** The offending setting's name. */
    private final String setting;
    /** The rule it breaks. */
    private final String rule;

    /**
     * A refusal of {@code setting}.
     *
     * @param setting the offending setting's name, e.g. {@code IDEMPOTENCY_TABLE} or {@code service}
     * @param rule    the rule it breaks, e.g. {@code is required}
     */
    public ConfigurationException(String setting, String rule) {
        this(setting, rule, null);
    }

    /**
     * A refusal of {@code setting}, found by a read that failed with {@code cause}.
     *
     * @param setting the offending setting's name
     * @param rule    the rule it breaks
     * @param cause   what found it, or null
     */
    public ConfigurationException(String setting, String rule, Throwable cause) {
        super(Objects.requireNonNull(setting, "setting") + " " + Objects.requireNonNull(rule, "rule"), cause);
        this.setting = setting;
        this.rule = rule;
    }

    /**
     * The setting refused.
     *
     * @return its name
     */
    public String setting() {
        return setting;
    }

    /**
     * The rule it breaks.
     *
     * @return the rule, as the message gives it after the setting's name
     */
    public String rule() {
        return rule;
    }
}
