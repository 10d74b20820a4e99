package com.example.receiver.internal;

import com.example.receiver.MessageParser;
import com.example.receiver.Outcome;
import com.example.receiver.ParseResult;
import java.util.Objects;
import java.util.Optional;

/**
 * What a message is let into a batch as ({@link BatchReceiver}'s first rules): refused by its
 * {@link MessageAuthenticity} unparsed, parsed, then held to the {@link MessageAge age bound} if
 * valid. Never throws: a check or a parser that does ends its message as a retry or a rejection.
 *
 * @param <P> the domain's payload type
 */
final class Admission<P> {

    private final MessageAuthenticity authenticity;
    private final MessageParser<P> parser;
    private final MessageAge age;

    Admission(MessageAuthenticity authenticity, MessageParser<P> parser, MessageAge age) {
        this.authenticity = Objects.requireNonNull(authenticity, "authenticity");
        this.parser = Objects.requireNonNull(parser, "parser");
        this.age = Objects.requireNonNull(age, "age");
    }

    /**
     * The message checked, then parsed if it is authentic, then held to the age bound if valid: a
     * refused one is decided here, unparsed or unrun.
     */
    Slot<P> admit(InboundMessage message) {
        MessageAuthenticity.Verdict verdict;
        try {
            verdict = authenticity.verify(message);
        } catch (RuntimeException e) {
            // The contract is to never throw; if it does, the message is neither decided nor rejected.
            return Slot.refused(message, new Outcome.Retry("authenticity not checked (" + e.getClass().getSimpleName() + ")"), false);
        }
        return switch (verdict) {
            case MessageAuthenticity.Verdict.Authentic authentic -> aged(message, parse(message));
            case MessageAuthenticity.Verdict.Refused refused ->
                    Slot.refused(message, new Outcome.Rejected(refused.field(), refused.rule()), false);
            case MessageAuthenticity.Verdict.Unverifiable unverifiable ->
                    Slot.refused(message, new Outcome.Retry(unverifiable.cause()), true);
        };
    }

    private Slot<P> aged(InboundMessage message, ParseResult<P> parsed) {
        if (parsed instanceof ParseResult.Valid<P> valid) {
            Optional<Outcome.Rejected> refusal = age.refusal(valid.command());
            if (refusal.isPresent()) {
                return Slot.tooOld(message, valid, refusal.get());
            }
        }
        return new Slot<>(message, parsed);
    }

    private ParseResult<P> parse(InboundMessage message) {
        try {
            return parser.parse(message.body(), message.attributes());
        } catch (RuntimeException e) {
            // The parser's contract is to never throw; if it does, the message is still not lost.
            return new ParseResult.Invalid<>("body", "could not be parsed (" + e.getClass().getSimpleName() + ")");
        }
    }
}
