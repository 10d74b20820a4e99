package com.example.localpayments.template;

import static com.example.localpayments.template.ProjectTemplate.MODEL;
import static com.example.localpayments.template.ProjectTemplate.breach;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The functions reserve at least their SQS mappings' maximum concurrency ({@link ConcurrencyInvariants}), and the Rules refuse less. */
class ConcurrencyInvariantsTest {

    @Test
    void everySqsMappingsMaximumConcurrency_isCoveredByItsFunctionsReservation_overEveryAllowedValue() {
        assertEquals(List.of(), ConcurrencyInvariants.reservedCoversTheMapping(MODEL));
    }

    @Test
    void rules_refuseAReservationBelowTheMappingsMaximum_naming_theRule() {
        // GIVEN the mapping at 50 environments WHEN 20 are reserved THEN the change set is refused
        assertEquals(List.of("AuthorizerReservedConcurrency must be at least EventSourceMaximumConcurrency (50), or Lambda "
                + "throttles the SQS mapping's invocations and each throttled batch spends a receive."), MODEL.rules().refusals(
                Map.of("EventSourceMaximumConcurrency", "50", "AuthorizerReservedConcurrency", "20")));
        // AND as many as the maximum, or more, pass
        assertEquals(List.of(), MODEL.rules().refusals(Map.of("EventSourceMaximumConcurrency", "50", "AuthorizerReservedConcurrency", "50")));
        assertEquals(List.of(), MODEL.rules().refusals(Map.of("EventSourceMaximumConcurrency", "50", "AuthorizerReservedConcurrency", "100")));
        // AND the defaults pass
        assertEquals(List.of(), MODEL.rules().refusals(Map.of("EventSourceMaximumConcurrency",
                MODEL.requireParameter("EventSourceMaximumConcurrency").byDefault().orElseThrow(), "AuthorizerReservedConcurrency",
                MODEL.requireParameter("AuthorizerReservedConcurrency").byDefault().orElseThrow())));
    }

    static Stream<ProjectTemplate.Breach> breaches() {
        return Stream.of(
                breach("the authorizer reserving nothing", "      ReservedConcurrentExecutions: !Ref AuthorizerReservedConcurrency\n", "",
                        ConcurrencyInvariants::reservedCoversTheMapping),
                breach("the notifier reserving less than its mapping's maximum", "      ReservedConcurrentExecutions: 5\n",
                        "      ReservedConcurrentExecutions: 2\n", ConcurrencyInvariants::reservedCoversTheMapping),
                breach("no rule at a maximum of 100", "    RuleCondition: !Equals [!Ref EventSourceMaximumConcurrency, \"100\"]",
                        "    RuleCondition: !Equals [!Ref EventSourceMaximumConcurrency, \"0\"]",
                        ConcurrencyInvariants::reservedCoversTheMapping),
                breach("a rule letting a reservation below the maximum through",
                        "      - Assert: !Contains [[\"50\", \"100\", \"200\", \"500\", \"1000\"], !Ref AuthorizerReservedConcurrency]",
                        "      - Assert: !Contains [[\"20\", \"50\", \"100\", \"200\", \"500\", \"1000\"], !Ref AuthorizerReservedConcurrency]",
                        ConcurrencyInvariants::reservedCoversTheMapping),
                breach("a maximum concurrency no rule can compare", "    AllowedValues: [2, 5, 10, 20, 50, 100, 200, 500, 1000]\n"
                        + "    Description: >\n      Most concurrent", "    MinValue: 2\n    MaxValue: 1000\n    Description: >\n      Most concurrent",
                        ConcurrencyInvariants::reservedCoversTheMapping));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("breaches")
    void aTemplateBreakingAnInvariant_isCaught(ProjectTemplate.Breach breach) {
        breach.assertCaught();
    }
}
