package com.example.localpayments.template;

import com.example.template.EventSource;
import com.example.template.Function;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The functions' reserved concurrency against their SQS event sources' maximum concurrency. Lambda
 * advises reserved concurrency at least the mapping's {@code ScalingConfig.MaximumConcurrency}
 * ("Configuring scaling behavior for SQS event source mappings", AWS Lambda Developer Guide): below
 * it the mapping's pollers start invocations Lambda throttles, and each throttled batch counts a
 * receive and waits out the visibility timeout, towards the DLQ.
 */
final class ConcurrencyInvariants {

    private ConcurrencyInvariants() {
    }

    /**
     * Every function with an SQS event source that caps its concurrency reserves concurrency, and
     * over every value the template allows each of the two (a literal, or a parameter's
     * {@code AllowedValues}), the Rules refuse exactly the pairs where the reservation is below the
     * maximum: so {@code sam deploy} refuses them when it creates the change set.
     */
    static List<String> reservedCoversTheMapping(Template template) {
        List<String> violations = new ArrayList<>();
        for (Function function : template.functions()) {
            for (EventSource source : function.events()) {
                JsonNode maximum = source.property("ScalingConfig").path("MaximumConcurrency");
                if (!source.isSqs() || maximum.isMissingNode()) {
                    continue;
                }
                JsonNode reserved = function.property("ReservedConcurrentExecutions");
                if (reserved == null || reserved.isMissingNode()) {
                    violations.add(function.logicalId() + " reserves no concurrency for " + source.name()
                            + "'s MaximumConcurrency " + maximum);
                    continue;
                }
                check(template, source.name(), reserved, maximum, violations);
            }
        }
        return violations;
    }

    private static void check(Template template, String name, JsonNode reserved, JsonNode maximum, List<String> violations) {
        List<String> reservations = values(template, reserved);
        List<String> maxima = values(template, maximum);
        if (reservations.isEmpty() || maxima.isEmpty()) {
            violations.add(name + ": a concurrency with no listed values (" + reserved + ", " + maximum + "), which no Rule can compare");
            return;
        }
        for (String r : reservations) {
            for (String m : maxima) {
                Map<String, String> values = new TreeMap<>();
                parameter(reserved).ifPresent(p -> values.put(p, r));
                parameter(maximum).ifPresent(p -> values.put(p, m));
                boolean forbidden = Long.parseLong(r) < Long.parseLong(m);
                List<String> refusals = template.rules().refusals(values);
                if (forbidden == refusals.isEmpty() && violations.size() < 5) {
                    violations.add(name + ": reserved " + r + ", maximum " + m + " " + values
                            + (forbidden ? " is forbidden but no Rule refuses it" : " is fine but refused: " + refusals));
                }
            }
        }
    }

    /** The values a concurrency may take: a literal's, or its parameter's {@code AllowedValues}. */
    private static List<String> values(Template template, JsonNode value) {
        if (value.isNumber() || value.isTextual()) {
            return List.of(value.asText());
        }
        return parameter(value).map(p -> template.requireParameter(p).allowedValues()).orElse(List.of());
    }

    private static Optional<String> parameter(JsonNode value) {
        return value.has("Ref") ? Optional.of(value.path("Ref").asText()) : Optional.empty();
    }
}
