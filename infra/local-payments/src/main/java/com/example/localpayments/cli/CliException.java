package com.example.localpayments.cli;

/** A command cannot go on, for a reason the user can fix; its message says how. */
final class CliException extends RuntimeException {

    CliException(String message) {
        super(message);
    }
}
