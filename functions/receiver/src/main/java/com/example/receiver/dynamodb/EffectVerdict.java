package com.example.receiver.dynamodb;

import com.example.receiver.Fingerprint;
import java.util.Objects;
import java.util.Optional;

/** What a failed condition on one of the domain's writes means. */
public sealed interface EffectVerdict {

    /**
     * The operation cannot be applied, for a domain reason (an unknown account, no funds). The
     * decline is then recorded on its own, so that a redelivery replays it.
     */
    record Decline(String reason) implements EffectVerdict {
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
        public AlreadyApplied {
            Objects.requireNonNull(fingerprint, "fingerprint");
        }
    }
}
