package com.example.receiver;

import java.util.Objects;
import java.util.Optional;

/**
 * What was decided for an operation the first time it was seen, and what every duplicate
 * replays: approved, or declined with a domain reason. A declined operation is decided as
 * firmly as an approved one; its redelivery must not be decided again.
 *
 * @param status the decision
 * @param reason the domain's reason for a decline; empty for an approval
 */
public record Decision(Status status, Optional<String> reason) {

    /** The two ways a new operation can be decided. */
    public enum Status {
        /** The operation was applied. */
        APPROVED,
        /** The domain refused it; nothing but the decision was written. */
        DECLINED
    }

    /** Checks the components as the record is made: none missing, and each rule above. */
    public Decision {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(reason, "reason");
        if ((status == Status.DECLINED) != reason.isPresent()) {
            throw new IllegalArgumentException("a decline, and only a decline, has a reason");
        }
        reason.ifPresent(Decision::requireReasonFormat);
    }

    /**
     * An approval.
     *
     * @return the decision
     */
    public static Decision approved() {
        return new Decision(Status.APPROVED, Optional.empty());
    }

    /**
     * A decline for {@code reason}.
     *
     * @param reason an upper-case code such as {@code INSUFFICIENT_FUNDS}
     * @return the decision
     */
    public static Decision declined(String reason) {
        return new Decision(Status.DECLINED, Optional.of(reason));
    }

    private static void requireReasonFormat(String reason) {
        if (!reason.matches("[A-Z][A-Z0-9_]{0,63}")) {
            throw new IllegalArgumentException("decline reason must be an upper-case code: " + reason);
        }
    }

    @Override
    public String toString() {
        return reason.map(r -> status + "(" + r + ")").orElse(status.name());
    }
}
