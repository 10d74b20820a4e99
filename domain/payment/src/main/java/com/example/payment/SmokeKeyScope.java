package com.example.payment;

import com.example.receiver.MessageParser;
import com.example.receiver.ParseResult;
import com.example.receiver.lambda.SignatureAttributes;
import java.util.Map;
import java.util.Objects;

/**
 * The pre-traffic hook's signing key signs the smoke account's payments and no other: a
 * payment whose {@value SignatureAttributes#KEY_ID} attribute names {@value #KEY_ID} is valid
 * only on {@value #ACCOUNT_ID}. The hook's key lives in a secret the stack generates and the
 * hook's role alone reads besides the authorizer's, so that a deployment can be smoke-tested
 * while producers' signatures are required; scoped so, that key cannot move a real account's
 * balance, whoever holds it.
 *
 * <p>The producers' signature check ran before this parser (the library checks authenticity
 * first), so the key id is the one that made a valid signature; where signatures are not
 * required, a message naming the hook's key is held to its account all the same. A payment
 * naming another key pays one attribute lookup here, and nothing else.
 */
public final class SmokeKeyScope implements MessageParser<Payment> {

    /** The key id the stack's generated secret gives the hook's key, reserved to it. */
    public static final String KEY_ID = "pre-traffic-hook";
    /** The one account the hook's key may sign payments of: the hook's refund, once per deployment. */
    public static final String ACCOUNT_ID = "ACC-SMOKE-PRE-TRAFFIC";
    /** Why a payment on another account, signed with the hook's key, is rejected. */
    public static final String RULE = "is the pre-traffic hook's key, which signs payments of " + ACCOUNT_ID + " only";

    private final MessageParser<Payment> payments;

    /** The scope around {@code payments}, the parser of every message. */
    public SmokeKeyScope(MessageParser<Payment> payments) {
        this.payments = Objects.requireNonNull(payments, "payments");
    }

    @Override
    public ParseResult<Payment> parse(String body) {
        return payments.parse(body);
    }

    @Override
    public ParseResult<Payment> parse(String body, Map<String, String> attributes) {
        ParseResult<Payment> result = payments.parse(body, attributes);
        if (!KEY_ID.equals(attributes.get(SignatureAttributes.KEY_ID))) {
            return result;
        }
        return switch (result) {
            case ParseResult.Valid<Payment> valid when !valid.command().payload().accountId().equals(ACCOUNT_ID) ->
                    new ParseResult.Invalid<>("messageAttributes." + SignatureAttributes.KEY_ID, RULE);
            case ParseResult.Valid<Payment> valid -> valid;
            case ParseResult.Invalid<Payment> invalid -> invalid;
        };
    }
}
