package com.example.paymenttraffic.reference;

import com.example.payment.DeclineReason;
import com.example.paymenttraffic.Operation;
import java.util.Objects;

/** What the receiver must answer for one message (DESIGN §4's closed set of outcomes). */
public sealed interface Decision {

    /** The payment was applied: its balance change and ledger entry written, its record APPROVED. */
    record Approved(Operation operation) implements Decision {
        public Approved {
            Objects.requireNonNull(operation, "operation");
        }
    }

    /** The payment was declined for {@code reason}; its record DECLINED, nothing else written. */
    record Declined(Operation operation, DeclineReason reason) implements Decision {
        public Declined {
            Objects.requireNonNull(operation, "operation");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * The same operation again: answered from its record, or, once the record expired, from its
     * permanent ledger entry ({@code late}: DUPLICATE(LATE)); nothing written.
     */
    record Duplicate(Operation operation, boolean late) implements Decision {
        public Duplicate {
            Objects.requireNonNull(operation, "operation");
        }
    }

    /** Another operation under a transaction id already decided: to the DLQ, nothing written. */
    record Conflict(Operation operation) implements Decision {
        public Conflict {
            Objects.requireNonNull(operation, "operation");
        }
    }

    /**
     * No payment could be read from the message, or ({@code tooOld}) it was issued longer ago
     * than the receiver's age bound: to the DLQ, nothing written.
     */
    record Rejected(String key, boolean tooOld) implements Decision {
        public Rejected {
            Objects.requireNonNull(key, "key");
        }

        /** No payment could be read from the message. */
        public Rejected(String key) {
            this(key, false);
        }
    }
}
