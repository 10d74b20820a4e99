package com.example.payment.docs;

import com.example.template.Intrinsic;
import com.example.template.Queue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What template.yaml declares that the docs name: its Outputs, Parameters, functions, redrive
 * policies and alarms; a view of the one template model ({@link com.example.template.Template}).
 */
final class Template {

    private final com.example.template.Template model;

    private Template(com.example.template.Template model) {
        this.model = model;
    }

    static Template read(Path projectRoot) {
        return new Template(com.example.template.Template.read(projectRoot.resolve("template.yaml")));
    }

    boolean hasOutput(String name) {
        return model.outputs().containsKey(name);
    }

    boolean hasParameter(String name) {
        return model.parameter(name).isPresent();
    }

    /**
     * The {@code maxReceiveCount} of every queue's {@code RedrivePolicy}, a {@code !Ref} to a parameter read as that
     * parameter's {@code Default}.
     */
    Set<Integer> maxReceiveCounts() {
        Set<Integer> counts = new TreeSet<>();
        for (Queue queue : model.queues()) {
            queue.redrive().ifPresent(redrive -> counts.add(Math.toIntExact(model.defaultNumber(redrive.maxReceiveCount())
                    .orElseThrow(() -> new AssertionError("template.yaml: " + queue.logicalId()
                            + "'s maxReceiveCount is neither a number nor a parameter with a numeric Default")))));
        }
        return counts;
    }

    boolean hasFunction(String logicalId) {
        return model.has(logicalId) && "AWS::Serverless::Function".equals(model.resource(logicalId).type());
    }

    /** The {@code Type}s of the function's {@code Events} ({@code SQS}, {@code DynamoDB}, {@code Schedule}, ...). */
    Set<String> eventTypes(String function) {
        Set<String> types = new TreeSet<>();
        if (hasFunction(function)) {
            model.function(function).events().forEach(event -> types.add(event.type()));
        }
        return types;
    }

    /**
     * A CloudWatch alarm of the template.
     *
     * @param logicalId   its logical id
     * @param name        its {@code AlarmName} with the stack's name taken off ({@code conflict})
     * @param description its {@code AlarmDescription}
     */
    record Alarm(String logicalId, String name, String description) {
    }

    /** Every {@code AWS::CloudWatch::Alarm} of the template, in the template's order. */
    List<Alarm> alarms() {
        List<Alarm> alarms = new ArrayList<>();
        for (com.example.template.Alarm alarm : model.alarms()) {
            String name = alarm.shortName().orElseThrow(() -> new AssertionError("template.yaml: " + alarm.logicalId()
                    + "'s AlarmName must be !Sub \"" + com.example.template.Alarm.STACK_PREFIX + "<name>\", was '"
                    + alarm.alarmName() + "'"));
            alarms.add(new Alarm(alarm.logicalId(), name, alarm.description()));
        }
        return alarms;
    }

    /**
     * The resource an Output names when its value is {@code !Ref <resource>}: the local AWS
     * names each resource after its logical id, so this is also its local name (of a choice by
     * {@code GlobalTables}, the one-Region branch: the local AWS's stack).
     */
    Optional<String> resourceOf(String output) {
        return Optional.ofNullable(model.outputs().get(output)).map(Intrinsic::inOneRegion).flatMap(Intrinsic::ref).filter(model::has);
    }
}
