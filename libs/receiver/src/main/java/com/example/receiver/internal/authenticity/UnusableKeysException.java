package com.example.receiver.internal.authenticity;


/**
 * A secret was read but holds no usable keys (not the documented JSON, a key too short or not
 * base64, a key id met twice). Its message names the secret and the key id, never a key.
 */
final class UnusableKeysException extends IllegalStateException {

    UnusableKeysException(String reason) {
        super(reason);
    }
}
