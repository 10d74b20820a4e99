package com.example.sim;

import com.example.receiver.lambda.ReceiverVariables;
import java.util.Map;
import java.util.Optional;

/**
 * The rules the real receiver runs by in a run: today's ({@code RULES=today}: the template's age
 * bound, {@code MaxPaymentAgeSeconds} passed as {@code MAX_MESSAGE_AGE_SECONDS}, and the
 * producers' signatures required, as the simulation has always run them) or the rules before the
 * age bound ({@code RULES=before-age-bound}: no age bound, the record's TTL bounded by the queues'
 * windows alone, which the receiver checks at its start, and signatures not required, as
 * production's samconfig deployed them). The template's TTL is the same 30 days under both.
 *
 * @param name               what {@code RULES} names them
 * @param ageBound           whether the receiver is given {@code MAX_MESSAGE_AGE_SECONDS}
 * @param signaturesRequired whether the receiver requires the producers' signatures
 */
record Rules(String name, boolean ageBound, boolean signaturesRequired) {

    static final Rules TODAY = new Rules("today", true, true);
    static final Rules BEFORE_AGE_BOUND = new Rules("before-age-bound", false, false);

    /** The rules {@code RULES} names. */
    static Rules named(String name) {
        return switch (name) {
            case "today" -> TODAY;
            case "before-age-bound" -> BEFORE_AGE_BOUND;
            default -> throw new IllegalArgumentException("RULES must be today or before-age-bound, was '" + name + "'");
        };
    }

    /** These rules with the producers' signatures required or not. */
    Rules withSignatures(boolean required) {
        return new Rules(name, ageBound, required);
    }

    /** The greatest age of a payment decided under these rules, in seconds: the template's, or none. */
    Optional<Long> maxPaymentAgeSeconds(TemplateWindows windows) {
        return ageBound ? Optional.of(windows.maxPaymentAgeSeconds()) : Optional.empty();
    }

    /** Sets the function's variables these rules decide in {@code env}. */
    void environment(Map<String, String> env, TemplateWindows windows) {
        maxPaymentAgeSeconds(windows).ifPresent(age -> env.put(ReceiverVariables.MAX_MESSAGE_AGE_SECONDS, Long.toString(age)));
        env.put(ReceiverVariables.REQUIRE_PRODUCER_SIGNATURES, Boolean.toString(signaturesRequired));
        if (signaturesRequired) {
            env.put(ReceiverVariables.PRODUCER_SIGNING_SECRETS, "sim-producers");
            env.put(ReceiverVariables.PRODUCER_SIGNATURE_WINDOW_SECONDS, Long.toString(windows.signatureWindowSeconds()));
        }
    }
}
