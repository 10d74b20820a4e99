package com.example.receiver.dynamodb;

import com.example.receiver.Fingerprint;
import java.util.Objects;
import java.util.Optional;

/** What a failed condition on one of the domain's writes means. */
public sealed interface EffectVerdict {

    /**
     * The operation cannot be applied, for a domain reason (an unknown account, no funds). The
     * decline is then recorded on its own, so that a redelivery replays it.
     *
     * @param reason the domain's reason, an upper-case code such as {@code INSUFFICIENT_FUNDS}
     */
    record Decline(String reason) implements EffectVerdict {
        /** Refuses a missing component. */
        public Decline {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * The operation was applied before: a permanent guard of the domain (a ledger row, say)
     * already holds it, although the idempotency record has expired.
     *
     * @param fingerprint of the operation the guard holds, when the guard stores one
     */
    record AlreadyApplied(Optional<Fingerprint> fingerprint) implements EffectVerdict {
        /** Refuses a missing component. */
        public AlreadyApplied {
            Objects.requireNonNull(fingerprint, "fingerprint");
        }
    }
}
