package com.example.receiver.internal.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.receiver.RetryCause;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;

/**
 * A cancellation is passing when a passing reason stands among its reasons, failed conditions
 * beside it or not ("CancellationReason", Amazon DynamoDB API Reference: one reason per action);
 * and only then: a cancellation of failed conditions alone is an answer, one with another reason
 * is neither.
 */
class CancellationReasonsTest {

    @Test
    void aThrottledGuardBesideAFailedCondition_isPassing_asThrottling() {
        CancellationReasons reasons = reasons("None", "ConditionalCheckFailed", "ThrottlingError");
        assertEquals(Optional.of(RetryCause.THROTTLING), reasons.passingCause());
        assertEquals(false, reasons.onlyConditionsFailed());
    }

    @Test
    void aConflictBesideAFailedCondition_isPassing_asContention_andThrottlingOutranksIt() {
        assertEquals(Optional.of(RetryCause.CONTENTION), reasons("ConditionalCheckFailed", "TransactionConflict").passingCause());
        assertEquals(Optional.of(RetryCause.THROTTLING),
                reasons("TransactionConflict", "ConditionalCheckFailed", "ProvisionedThroughputExceeded").passingCause());
    }

    @Test
    void failedConditionsAlone_areAnAnswer_notPassing() {
        CancellationReasons reasons = reasons("None", "ConditionalCheckFailed", "ConditionalCheckFailed");
        assertEquals(Optional.empty(), reasons.passingCause());
        assertEquals(true, reasons.onlyConditionsFailed());
    }

    @Test
    void anotherReasonBesideThem_isNeitherPassingNorOnlyConditions() {
        CancellationReasons reasons = reasons("ConditionalCheckFailed", "ValidationError", "ThrottlingError");
        assertEquals(Optional.empty(), reasons.passingCause());
        assertEquals(false, reasons.onlyConditionsFailed());
    }

    private static CancellationReasons reasons(String... codes) {
        return new CancellationReasons(Arrays.stream(codes).map(code -> CancellationReason.builder().code(code).build()).toList());
    }
}
