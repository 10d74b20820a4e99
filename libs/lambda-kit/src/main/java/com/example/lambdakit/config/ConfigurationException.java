package com.example.lambdakit.config;

/**
 * A setting is missing or breaks a rule: the function refuses to start, with a message naming the
 * setting (an environment variable) and the rule, rather than run on a setting it would misread.
 */
public final class ConfigurationException extends RuntimeException {

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
        super(setting + " " + rule);
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
