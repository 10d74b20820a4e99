package com.example.receiver.lambda;

/**
 * The SQS message attributes a producer signs its message with when the function requires it
 * ({@link ReceiverVariables#REQUIRE_PRODUCER_SIGNATURES}): the library's own names, so that a
 * producer, a local runtime or a harness that signs messages never spells them again. The
 * signature is HMAC-SHA256, under the key {@link #KEY_ID} names, of the timestamp, a full stop
 * and the body; the rules are the deploy guide's.
 */
public final class SignatureAttributes {

    /** The message attribute naming the key that signed. */
    public static final String KEY_ID = "signature-key-id";
    /** The message attribute of when the producer signed, epoch seconds. */
    public static final String TIMESTAMP = "signature-timestamp";
    /** The message attribute of the signature, 64 hex digits. */
    public static final String SIGNATURE = "signature";

    private SignatureAttributes() {
    }
}
