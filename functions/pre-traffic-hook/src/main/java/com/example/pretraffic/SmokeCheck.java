package com.example.pretraffic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Decides a smoke payment through the new version (signed with the hook's key where producers'
 * signatures are required) and judges it: the version answers with no
 * batch item failure, the payment's record says {@code APPROVED}, and the smoke account's balance
 * moved by the refund, exactly once. A hook run again for the same deployment (CodeDeploy retries a
 * hook whose invocation failed) finds the record there already: the version must answer it as a
 * duplicate, and the balance must not move again. Every outcome is reported to CodeDeploy, a
 * failure of the check itself included, so that a deployment never waits out the hook's hour.
 */
final class SmokeCheck {

    static final String APPROVED = "APPROVED";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final NewVersion version;
    private final SmokeReads reads;
    private final LifecycleHook hook;
    private final SmokeSigning signing;

    SmokeCheck(NewVersion version, SmokeReads reads, LifecycleHook hook, SmokeSigning signing) {
        this.version = version;
        this.reads = reads;
        this.hook = hook;
        this.signing = signing;
    }

    /** Checks {@code payment} through the new version and reports the verdict for {@code event}. */
    Verdict run(LifecycleEvent event, SmokePayment payment) {
        Verdict verdict;
        try {
            verdict = judge(payment);
        } catch (RuntimeException e) {
            verdict = Verdict.failed("the check could not finish: " + e);
        }
        hook.report(event, verdict);
        return verdict;
    }

    private Verdict judge(SmokePayment payment) {
        String transactionId = payment.transactionId();
        boolean decidedBefore = reads.recordStatus(transactionId).isPresent();
        OptionalLong before = reads.balanceMinor(SmokePayment.ACCOUNT_ID);
        if (before.isEmpty()) {
            return Verdict.failed("the smoke account " + SmokePayment.ACCOUNT_ID + " does not exist: create it (docs/deploy.md)");
        }
        String answer;
        try {
            answer = version.invoke(payment.event(signing.key()));
        } catch (NewVersion.VersionFailed e) {
            return Verdict.failed("the new version failed the invocation: " + e.getMessage());
        }
        int failures = batchItemFailures(answer);
        if (failures != 0) {
            return Verdict.failed("the new version returned the smoke payment to the queue (" + failures + " batch item failure)");
        }
        Optional<String> status = reads.recordStatus(transactionId);
        if (status.isEmpty()) {
            return Verdict.failed("no record of " + transactionId + " after the new version answered");
        }
        if (!status.get().equals(APPROVED)) {
            return Verdict.failed("the record of " + transactionId + " says " + status.get() + ", not " + APPROVED);
        }
        long expected = before.getAsLong() + (decidedBefore ? 0 : SmokePayment.AMOUNT_MINOR);
        OptionalLong after = reads.balanceMinor(SmokePayment.ACCOUNT_ID);
        if (after.isEmpty() || after.getAsLong() != expected) {
            return Verdict.failed("the smoke account's balance is " + (after.isEmpty() ? "gone" : after.getAsLong())
                    + " minor units, expected " + expected);
        }
        return Verdict.succeeded(transactionId + " " + (decidedBefore ? "replayed as a duplicate" : "approved")
                + ", balance " + expected + " minor units");
    }

    private static int batchItemFailures(String answer) {
        JsonNode response;
        try {
            response = JSON.readTree(answer);
        } catch (IOException e) {
            throw new IllegalStateException("the new version's answer is not JSON: " + answer, e);
        }
        JsonNode failures = response == null ? null : response.get("batchItemFailures");
        if (failures == null || !failures.isArray()) {
            throw new IllegalStateException("the new version's answer is not a batch response: " + answer);
        }
        return failures.size();
    }
}
