package com.example.receiver.lambda;

import java.time.Duration;
import java.util.Map;

/**
 * What each builder call is given, checked as it is given: a null argument, a blank name or a
 * duration outside its call's rule is a {@link ConfigurationException} naming the call (or, for
 * a setting of {@link SettingsBuilder}, its variable) and the rule, never a
 * {@code NullPointerException} at the build or at the first message.
 */
final class BuilderArguments {

    /** The longest a message may be kept away by soon redelivery: SQS's longest visibility timeout. */
    static final Duration LONGEST_SOON_REDELIVERY = Duration.ofHours(12);

    private BuilderArguments() {
    }

    /** {@code value}, refused naming {@code call} when null. */
    static <T> T given(String call, T value) {
        return given(call, call, value);
    }

    /** {@code value} given to {@code call}, refused naming {@code setting} when null. */
    static <T> T given(String setting, String call, T value) {
        if (value == null) {
            throw new ConfigurationException(setting, "must not be null: ReceiverBuilder." + call + "(null)");
        }
        return value;
    }

    /** {@code name}, refused naming {@code call} when null or blank. */
    static String named(String call, String name) {
        if (given(call, name).isBlank()) {
            throw new ConfigurationException(call, "must not be blank: ReceiverBuilder." + call + "(\"" + name + "\")");
        }
        return name;
    }

    /**
     * {@code prefix}, refused when blank or holding {@code #}: a record's key is
     * {@code <keyPrefix>#<key>}, so prefix {@code A#B} with key {@code x} would be prefix {@code A}
     * with key {@code B#x}, two kinds of operation reading each other's records.
     */
    static String keyPrefix(String prefix) {
        if (named("keyPrefix", prefix).contains("#")) {
            throw new ConfigurationException("keyPrefix", "must not contain '#', was \"" + prefix
                    + "\": records' keys are <keyPrefix>#<key>, so it would share keys with a shorter prefix");
        }
        return prefix;
    }

    /** {@code timeout}, refused naming {@code call} when null, zero or negative. */
    static Duration positive(String call, Duration timeout) {
        if (given(call, timeout).isNegative() || timeout.isZero()) {
            throw new ConfigurationException(call, "must be greater than zero, was " + timeout);
        }
        return timeout;
    }

    /** Refuses soon redelivery's window unless 0 s <= {@code min} <= {@code max} <= 12 h. */
    static void soonWindow(Duration min, Duration max) {
        given("soonRedeliveryWithin", min);
        given("soonRedeliveryWithin", max);
        if (min.isNegative() || max.compareTo(min) < 0 || max.compareTo(LONGEST_SOON_REDELIVERY) > 0) {
            throw new ConfigurationException("soonRedeliveryWithin", "must be 0 s <= min <= max <= 12 h (SQS's longest "
                    + "visibility timeout), was " + min + " and " + max);
        }
    }

    /** {@code variables} copied, refused naming {@code environment} when null, or the variable whose value is null. */
    static Map<String, String> environment(Map<String, String> variables) {
        given("environment", variables).forEach((name, value) -> {
            if (name == null) {
                throw new ConfigurationException("environment", "must not hold a null name: ReceiverBuilder.environment(...)");
            }
            if (value == null) {
                throw new ConfigurationException(name, "must not be null: ReceiverBuilder.environment(...) was given no value for it");
            }
        });
        return Map.copyOf(variables);
    }

    /** {@code value}, refused naming {@code call} when it was never given. */
    static <T> T required(String call, T value) {
        if (value == null) {
            throw new ConfigurationException(call, "is required: ReceiverBuilder." + call + "(...) was not called");
        }
        return value;
    }
}
