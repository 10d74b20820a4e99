package com.example.receiver;

/**
 * The base of every unexpected failure of the receiver. Expected situations (a duplicate, a
 * decline, a conflict, an invalid message) are {@link Outcome} values, never exceptions.
 */
public abstract class ReceiverException extends RuntimeException {

    protected ReceiverException(String message) {
        super(message);
    }

    protected ReceiverException(String message, Throwable cause) {
        super(message, cause);
    }
}
