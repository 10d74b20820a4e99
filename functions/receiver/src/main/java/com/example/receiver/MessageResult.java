package com.example.receiver;

import java.util.Objects;

/** The outcome of one delivery of a batch. */
public record MessageResult(String messageId, Outcome outcome) {

    public MessageResult {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(outcome, "outcome");
    }
}
