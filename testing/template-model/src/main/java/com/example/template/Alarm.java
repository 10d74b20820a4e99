package com.example.template;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A CloudWatch alarm of the template.
 *
 * @param resource the alarm as written
 */
public record Alarm(Resource resource) {

    /** How every alarm's {@code AlarmName} starts: {@code !Sub "${AWS::StackName}-<name>"}. */
    public static final String STACK_PREFIX = "${AWS::StackName}-";

    public Alarm {
        Objects.requireNonNull(resource, "resource");
    }

    public String logicalId() {
        return resource.logicalId();
    }

    public JsonNode properties() {
        return resource.properties();
    }

    /** Its {@code AlarmName}'s text: the {@code Fn::Sub} text, or a literal name. */
    public String alarmName() {
        JsonNode name = resource.property("AlarmName");
        return Intrinsic.of(name).filter(Intrinsic.Sub.class::isInstance).map(sub -> ((Intrinsic.Sub) sub).text())
                .orElse(name.asText(""));
    }

    /** Its name without the stack's ({@code conflict}), when it is named {@code ${AWS::StackName}-<name>}. */
    public Optional<String> shortName() {
        String name = alarmName();
        return name.startsWith(STACK_PREFIX) ? Optional.of(name.substring(STACK_PREFIX.length())) : Optional.empty();
    }

    /** Its {@code AlarmDescription}, stripped; empty when it has none. */
    public String description() {
        return resource.property("AlarmDescription").asText("").strip();
    }

    /** The logical ids its {@code AlarmActions} name. */
    public List<String> actionTargets() {
        List<String> targets = new ArrayList<>();
        resource.property("AlarmActions").forEach(action -> Intrinsic.target(action).ifPresent(targets::add));
        return targets;
    }
}
