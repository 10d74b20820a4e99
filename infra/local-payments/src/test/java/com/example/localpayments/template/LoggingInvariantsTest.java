package com.example.localpayments.template;

import static com.example.localpayments.template.ProjectTemplate.MODEL;
import static com.example.localpayments.template.ProjectTemplate.breach;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every function of the template logs as JSON at the parameters' levels ({@link LoggingInvariants}). */
class LoggingInvariantsTest {

    @Test
    void everyFunction_logsAsJson_atTheParametersLevels() {
        assertEquals(List.of(), LoggingInvariants.jsonLogs(MODEL));
    }

    static Stream<ProjectTemplate.Breach> breaches() {
        return Stream.of(
                breach("text logs for every function", "      LogFormat: JSON\n", "      LogFormat: Text\n",
                        LoggingInvariants::jsonLogs),
                breach("one function's own log format", "        LogGroup: !Ref DedupStoreSizeLogGroup\n",
                        "        LogGroup: !Ref DedupStoreSizeLogGroup\n        LogFormat: Text\n", LoggingInvariants::jsonLogs));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("breaches")
    void aTemplateBreakingAnInvariant_isCaught(ProjectTemplate.Breach breach) {
        breach.assertCaught();
    }
}
