package com.example.receiver.internal;

import com.example.receiver.Command;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.Outcome;
import com.example.receiver.ParseResult;
import java.time.Duration;
import java.util.Optional;

/** One message's progress through the batch; written by one lane thread, read after the join. */
final class Slot<P> {
    final InboundMessage message;
    /** What the parser made of the body; {@code null} when the message was refused unparsed. */
    final ParseResult<P> parsed;
    /** The outcome of a message refused before parsing or for its age; {@code null} for any other. */
    final Outcome refusal;
    /** Whether it was refused because its authenticity could not be checked now. */
    final boolean unverifiable;
    Outcome outcome;
    long decidedAtNanos;
    Optional<Duration> storeLatency = Optional.empty();

    Slot(InboundMessage message, ParseResult<P> parsed) {
        this(message, parsed, null, false);
    }

    private Slot(InboundMessage message, ParseResult<P> parsed, Outcome refusal, boolean unverifiable) {
        this.message = message;
        this.parsed = parsed;
        this.refusal = refusal;
        this.unverifiable = unverifiable;
    }

    static <P> Slot<P> refused(InboundMessage message, Outcome refusal, boolean unverifiable) {
        return new Slot<>(message, null, refusal, unverifiable);
    }

    /** A valid message refused for its age ({@link MessageAge}): its key named, its command never run. */
    static <P> Slot<P> tooOld(InboundMessage message, ParseResult.Valid<P> parsed, Outcome.Rejected refusal) {
        return new Slot<>(message, parsed, refusal, false);
    }

    /** The command to decide: none for a message refused, unparsed, invalid or for its age. */
    Optional<Command<P>> command() {
        return refusal == null ? parsedCommand() : Optional.empty();
    }

    /** The message's key, when it was valid enough to have one (a message refused for its age has). */
    Optional<IdempotencyKey> key() {
        return parsedCommand().map(Command::key);
    }

    private Optional<Command<P>> parsedCommand() {
        return parsed instanceof ParseResult.Valid<P> valid ? Optional.of(valid.command()) : Optional.empty();
    }

    /** The outcome of a message without a command: its refusal, or its parse error. */
    Outcome rejection() {
        if (refusal != null) {
            return refusal;
        }
        return switch (parsed) {
            case ParseResult.Invalid<P> invalid -> new Outcome.Rejected(invalid.field(), invalid.rule());
            case ParseResult.Valid<P> valid -> throw new IllegalStateException("a valid message has no rejection");
        };
    }

    void decide(Outcome decided, long atNanos) {
        this.outcome = decided;
        this.decidedAtNanos = atNanos;
    }

    MessageReport report(long batchStart, boolean deadLettered) {
        return new MessageReport(message.messageId(), key(), outcome,
                Duration.ofNanos(decidedAtNanos - batchStart), storeLatency, deadLettered);
    }
}
