package com.example.receiver;

/** A setting is missing or breaks a rule; the function refuses to start. */
public final class ConfigurationException extends ReceiverException {

    private final String setting;

    public ConfigurationException(String setting, String rule) {
        super(setting + " " + rule);
        this.setting = setting;
    }

    /** The name of the offending setting (an environment variable). */
    public String setting() {
        return setting;
    }
}
