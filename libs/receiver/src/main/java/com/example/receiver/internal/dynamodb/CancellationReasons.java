package com.example.receiver.internal.dynamodb;

import com.example.receiver.RetryCause;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;

/**
 * The {@code CancellationReasons} of a cancelled {@code TransactWriteItems}, one per action, by
 * index ("TransactWriteItems", Errors, Amazon DynamoDB API Reference,
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html#API_TransactWriteItems_Errors).
 *
 * <ul>
 *   <li>{@code None} (or no code) is an action that did not cause the cancellation.</li>
 *   <li>{@code ConditionalCheckFailed} is an answer: the action's condition failed, and the item
 *       it carries ({@code ALL_OLD}) says why.</li>
 *   <li>{@code TransactionConflict} and throttling ({@code ThrottlingError} on an on-demand table,
 *       {@code ProvisionedThroughputExceeded} on a provisioned one) are passing: waiting changes
 *       them. A throttled transaction comes back so, not as a throttling exception, and the SDK
 *       does not retry it. Each action has its own reason ("CancellationReason", Amazon DynamoDB
 *       API Reference, https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_CancellationReason.html),
 *       so a condition failure can stand beside a passing reason of another action: the
 *       cancellation is then passing, unless a condition that failed answers for the whole
 *       operation whatever the others say (its record; a guard saying it was applied before).</li>
 *   <li>Anything else (a validation error, a size limit) is neither: waiting changes nothing.</li>
 * </ul>
 */
final class CancellationReasons {

    private static final String CONDITIONAL_CHECK_FAILED = "ConditionalCheckFailed";
    private static final String TRANSACTION_CONFLICT = "TransactionConflict";
    /** The cancellation reasons of a throttled transaction: on-demand, then provisioned tables. */
    private static final Set<String> THROTTLED = Set.of("ThrottlingError", "ProvisionedThroughputExceeded");

    private final List<CancellationReason> reasons;

    CancellationReasons(List<CancellationReason> reasons) {
        this.reasons = List.copyOf(reasons);
    }

    int size() {
        return reasons.size();
    }

    /** Whether the condition of action {@code index} failed. */
    boolean failedCondition(int index) {
        return CONDITIONAL_CHECK_FAILED.equals(reasons.get(index).code());
    }

    /** The item action {@code index}'s failed condition carried ({@code ALL_OLD}); empty when none. */
    Map<String, AttributeValue> item(int index) {
        Map<String, AttributeValue> item = reasons.get(index).item();
        return item == null ? Map.of() : item;
    }

    /**
     * Why the transaction was cancelled, when a passing reason stood among its reasons: throttling
     * if any action was throttled, else contention. Condition failures beside it do not make it an
     * answer: the actions that were throttled or contended did not speak, and one of them may be
     * the guard that would (a ledger entry that says the payment was applied before). Empty when
     * no reason is passing, or another reason (a validation error, a size limit) came up.
     */
    Optional<RetryCause> passingCause() {
        Optional<RetryCause> cause = Optional.empty();
        for (CancellationReason reason : reasons) {
            if (isNone(reason.code()) || CONDITIONAL_CHECK_FAILED.equals(reason.code())) {
                continue;
            }
            Optional<RetryCause> passing = passingCause(reason.code());
            if (passing.isEmpty()) {
                return Optional.empty();
            }
            cause = cause.filter(RetryCause.THROTTLING::equals).or(() -> passing);
        }
        return cause;
    }

    /** Whether every reason other than {@code None} is a failed condition: every action that failed spoke. */
    boolean onlyConditionsFailed() {
        return reasons.stream().map(CancellationReason::code)
                .allMatch(code -> isNone(code) || CONDITIONAL_CHECK_FAILED.equals(code));
    }

    /**
     * Whether a condition failed on any of the first {@code records} actions (a group's records):
     * those operations were decided before, and are decided from their items whatever else failed
     * beside them (a domain write failing because of that very operation, say: the seat is taken
     * by the booking being redelivered).
     */
    boolean anyRecordFailed(int records) {
        for (int i = 0; i < Math.min(records, reasons.size()); i++) {
            if (failedCondition(i)) {
                return true;
            }
        }
        return false;
    }

    /** The codes in order, for a retry's detail: {@code [None, TransactionConflict]}. */
    @Override
    public String toString() {
        return reasons.stream().map(reason -> String.valueOf(reason.code())).toList().toString();
    }

    private static Optional<RetryCause> passingCause(String code) {
        if (THROTTLED.contains(code)) {
            return Optional.of(RetryCause.THROTTLING);
        }
        return TRANSACTION_CONFLICT.equals(code) ? Optional.of(RetryCause.CONTENTION) : Optional.empty();
    }

    private static boolean isNone(String code) {
        return code == null || "None".equals(code);
    }
}
