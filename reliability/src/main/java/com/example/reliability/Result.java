package com.example.reliability;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What a scenario left behind, audited from the tables and the queues.
 *
 * @param decisions        transactions with a final decision recorded (ours: APPROVED/DECLINED
 *                         record; baseline: COMPLETED record)
 * @param extraDebits      debits beyond what the input implies (account shortfall / amount)
 * @param missingDebits    approved-by-input debits not applied (account surplus / amount)
 * @param lost             transactions neither decided nor in the DLQ
 * @param stuck            idempotency records left in progress (never final)
 * @param dlq              messages in the DLQ
 * @param ledgerRows       rows in the ledger table
 * @param expectedLedgerRows unique approvable payments in the input
 * @param crashes          environment crashes injected
 * @param droppedResponses responses the proxy swallowed
 * @param droppedRefusals  of those, refusals (an HTTP error: the request did nothing, e.g. a debit
 *                         whose condition failed), whose retry cannot apply anything twice
 * @param drained          whether the queue was empty before the deadline
 * @param publishing       the stream publisher's audit, when it ran behind ours (SNS publish errors)
 * @param sendToDecision   ours: from a transaction's first send to its record's {@code processedAt}
 * @param conflictsAnswered requests the launcher cancelled with a transaction conflict (its conflict mode on)
 * @param throttled        requests the launcher refused for capacity (its write capacity on)
 * @param deliveries       messages handed to the function in invocations that completed,
 *                         redeliveries included: {@code scenario.messages()} when each was
 *                         decided at its first receive
 * @param deadLetters      what became of the undecidable messages, when the scenario sent some
 */
public record Result(Scenario scenario, int decisions, long extraDebits, long missingDebits, int lost, int stuck,
                     int dlq, long ledgerRows, int expectedLedgerRows, int crashes, int droppedResponses,
                     int droppedRefusals,
                     double meanMsPerMessage, double slowestInvocationMs, boolean drained, Duration wall,
                     Optional<Publishing> publishing, Optional<Latency> sendToDecision, int conflictsAnswered,
                     int throttled, long deliveries, Optional<DeadLetters> deadLetters) {

    public Result {
        Objects.requireNonNull(publishing, "publishing");
        Objects.requireNonNull(sendToDecision, "sendToDecision");
        Objects.requireNonNull(deadLetters, "deadLetters");
    }
}
