package com.example.receiver.lambda;

/**
 * The receiver refuses to be built: a setting is missing, malformed or unsafe, or needs a part the
 * builder was not given. Its message is the setting's name (an environment variable of
 * {@link ReceiverVariables}, or the builder's call for what only code gives, e.g. {@code service}),
 * then the rule; never a secret's value. {@link ReceiverBuilder#build} throws it for every
 * refusal; it is a Lambda kit {@link com.example.lambdakit.config.ConfigurationException}, so a
 * function that catches those for its own settings catches the receiver's too.
 */
public final class ConfigurationException extends com.example.lambdakit.config.ConfigurationException {

    @java.io.Serial
    private static final long serialVersionUID = 1L;

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

    private ConfigurationException(String setting, String rule, Throwable cause) {
        super(setting, rule, cause);
        this.rule = rule;
    }

    /**
     * The rule it breaks.
     *
     * @return the rule, as the message gives it after the setting's name
     */
    public String rule() {
        return rule;
    }

    /** {@code refusal} as the receiver's own, the same setting and rule. */
    static ConfigurationException of(com.example.lambdakit.config.ConfigurationException refusal) {
        if (refusal instanceof ConfigurationException own) {
            return own;
        }
        String rule = refusal.getMessage().substring(refusal.setting().length()).strip();
        return new ConfigurationException(refusal.setting(), rule, refusal);
    }
}
