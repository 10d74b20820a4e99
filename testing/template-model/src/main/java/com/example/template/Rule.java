package com.example.template;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One of the template's {@code Rules}: it applies when its {@code RuleCondition} holds (or it has
 * none), and refuses the parameter values when one of its assertions is false. {@link Rules}
 * evaluates it.
 *
 * @param name       its name
 * @param condition  its {@code RuleCondition}
 * @param assertions its {@code Assertions}
 */
public record Rule(String name, Optional<JsonNode> condition, List<Assertion> assertions) {

    /**
     * One assertion.
     *
     * @param test        its {@code Assert}: a rule function ({@code Fn::Equals}, {@code Fn::Contains}, ...)
     * @param description its {@code AssertDescription}: what the refusal says
     */
    public record Assertion(JsonNode test, String description) {
        public Assertion {
            Objects.requireNonNull(test, "test");
            Objects.requireNonNull(description, "description");
        }
    }

    public Rule {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(condition, "condition");
        assertions = List.copyOf(assertions);
    }

    static Rule of(String name, JsonNode declared) {
        List<Assertion> assertions = new ArrayList<>();
        declared.path("Assertions").forEach(assertion -> assertions.add(
                new Assertion(assertion.path("Assert"), assertion.path("AssertDescription").asText())));
        return new Rule(name, Optional.ofNullable(declared.get("RuleCondition")), assertions);
    }
}
