package com.example.localpayments.template;

import static com.example.localpayments.template.ProjectTemplate.MODEL;
import static com.example.localpayments.template.ProjectTemplate.breach;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The template's stream event sources never block a shard nor drop a record unseen ({@link StreamInvariants}). */
class StreamInvariantsTest {

    @Test
    void everyStreamEventSource_reportsBatchItemFailures_bisects_retriesUpToARecordAgeUnderTheRetention_andKeepsWhatFails() {
        assertEquals(List.of(), StreamInvariants.streamEventSources(MODEL));
    }

    static Stream<ProjectTemplate.Breach> breaches() {
        return Stream.of(
                breach("stream source without bisection", "BisectBatchOnFunctionError: true",
                        "BisectBatchOnFunctionError: false", StreamInvariants::streamEventSources),
                breach("stream source retrying forever", "MaximumRecordAgeInSeconds: 43200", "MaximumRecordAgeInSeconds: -1",
                        StreamInvariants::streamEventSources),
                breach("stream source retrying past the stream's retention", "MaximumRecordAgeInSeconds: 43200",
                        "MaximumRecordAgeInSeconds: 86400", StreamInvariants::streamEventSources),
                breach("stream source without an on-failure destination",
                        "      DestinationConfig:\n        OnFailure:\n          Destination: !GetAtt PaymentEventsFailureQueue.Arn\n",
                        "", StreamInvariants::streamEventSources));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("breaches")
    void aTemplateBreakingAnInvariant_isCaught(ProjectTemplate.Breach breach) {
        breach.assertCaught();
    }
}
