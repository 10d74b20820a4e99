package com.example.rehearse;

import com.example.receiver.lambda.ReceiverVariables;
import com.example.rehearse.calls.RecordedCall;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a function's environment changes in the calls it makes: a setting that turns an operation
 * off, and the commit mode, whose single-write path (across Regions) makes none of the
 * transaction's calls and needs none of its grants.
 */
final class FunctionSettings {

    /**
     * Operations a function setting turns off: the variable (the receiver's own name for it, so a
     * rename fails this build instead of silently judging calls the function no longer makes) and
     * its off value.
     */
    private static final Map<String, List<String>> SWITCHES = Map.of(
            "sqs:ChangeMessageVisibilityBatch", List.of(ReceiverVariables.SOON_REDELIVERY, "false"),
            "sqs:SendMessageBatch", List.of(ReceiverVariables.DEAD_LETTER_AT_ONCE, "false"));

    /**
     * How a function commits ({@code COMMIT_MODE}, the receiver's variable): {@code single-write}
     * across Regions, where MRSC global tables refuse transactions and have no TTL, so none of
     * the transaction's own calls ({@link #TRANSACTION_ONLY}) is made; its calls are
     * {@link com.example.rehearse.calls.RecordedCalls#singleWrite()} instead.
     */
    static final String COMMIT_MODE = ReceiverVariables.COMMIT_MODE;
    static final String SINGLE_WRITE = "single-write";
    private static final Set<String> TRANSACTION_ONLY = Set.of("dynamodb:TransactWriteItems", "dynamodb:DescribeTimeToLive");

    private FunctionSettings() {
    }

    /** A call of the transaction's that a single-write function does not make. */
    static boolean transactionOnly(RecordedCall call) {
        return TRANSACTION_ONLY.contains(call.api());
    }

    /**
     * Of the {@code unused} grants, those of a single-write function on a payment table: across
     * Regions its role holds what the single-write path calls and nothing a transaction would.
     */
    static List<String> singleWriteTableGrants(List<String> unused, List<DeployedFunction> functions, String stackName) {
        String tables = ":table/" + stackName + "-";
        return unused.stream().filter(grant -> functions.stream().filter(FunctionSettings::singleWrite)
                .anyMatch(function -> grant.startsWith(function.roleId() + " ")) && grant.contains(tables)).toList();
    }

    static boolean singleWrite(DeployedFunction function) {
        return SINGLE_WRITE.equals(function.environment().get(COMMIT_MODE));
    }

    static boolean switchedOff(DeployedFunction function, RecordedCall call) {
        List<String> off = SWITCHES.get(call.api());
        return off != null && off.get(1).equals(function.environment().get(off.get(0)));
    }
}
