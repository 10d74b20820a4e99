package com.example.lambdakit.config;

/**
 * A setting is missing or breaks a rule: the function refuses to start, with a message naming the
 * setting (an environment variable) and the rule, rather than run on a setting it would misread.
 * Open so that a library can refuse with its own type (the receiver's {@code ConfigurationException})
 * while a function that catches this one still catches every refusal of its init.
 */
public class ConfigurationException extends RuntimeException {

    @java.io.Serial
    private static final long serialVersionUID = 1L;

    /** The offending setting's name. */
    private final String setting;

    /**
     * A refusal of {@code setting}; its message is the setting's name, then the rule.
     *
     * @param setting the offending setting's name
     * @param rule    the rule it breaks, e.g. {@code must be a whole number}; never a secret's value
     */
    public ConfigurationException(String setting, String rule) {
        this(setting, rule, null);
    }

    /**
     * A refusal of {@code setting} found by a read that failed with {@code cause}.
     *
     * @param setting the offending setting's name
     * @param rule    the rule it breaks; never a secret's value
     * @param cause   what found it, or null
     */
    public ConfigurationException(String setting, String rule, Throwable cause) {
        super(setting + " " + rule, cause);
        this.setting = setting;
    }

    /**
     * The setting refused.
     *
     * @return the name of the offending setting (an environment variable)
     */
    public String setting() {
        return setting;
    }
}
