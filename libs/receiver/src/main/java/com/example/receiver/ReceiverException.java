package com.example.receiver;

/**
 * The base of every unexpected failure of the receiver. Expected situations (a duplicate, a
 * decline, a conflict, an invalid message) are {@link Outcome} values, never exceptions.
 */
public abstract class ReceiverException extends RuntimeException {

    /**
     * An unexpected failure.
     *
     * @param message what failed; never a payload value
     */
    protected ReceiverException(String message) {
        super(message);
    }

    /**
     * An unexpected failure, caused by {@code cause}.
     *
     * @param message what failed; never a payload value
     * @param cause   the underlying failure
     */
    protected ReceiverException(String message, Throwable cause) {
        super(message, cause);
    }
}
