package com.example.rehearse.template;

import com.example.template.Intrinsic;
import com.example.template.Resource;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What each deployed resource depends on, as CloudFormation orders by: {@code DependsOn}, and
 * every {@code Ref}, {@code Fn::GetAtt} and {@code Fn::Sub} reference in the resource (properties
 * and metadata), counting only the branch an {@code Fn::If} takes, and only deployed resources.
 */
final class Dependencies {

    private final Predicate<String> condition;
    private final Map<String, Set<String>> direct = new LinkedHashMap<>();

    /** The dependencies among {@code deployed}, taking each {@code Fn::If}'s branch as {@code condition} decides. */
    Dependencies(Map<String, Resource> deployed, Predicate<String> condition) {
        this.condition = condition;
        deployed.forEach((id, resource) -> {
            Set<String> references = new LinkedHashSet<>();
            JsonNode dependsOn = resource.node().path("DependsOn");
            dependsOn.forEach(dependency -> references.add(dependency.asText()));
            if (dependsOn.isTextual()) {
                references.add(dependsOn.asText());
            }
            collect(resource.properties(), references);
            collect(resource.node().path("Metadata"), references);
            references.retainAll(deployed.keySet());
            direct.put(id, references);
        });
    }

    /** Every resource {@code logicalId} depends on, directly or through others. */
    Set<String> closure(String logicalId) {
        Set<String> closure = new LinkedHashSet<>();
        Deque<String> pending = new ArrayDeque<>(direct.getOrDefault(logicalId, Set.of()));
        while (!pending.isEmpty()) {
            String next = pending.pop();
            if (closure.add(next)) {
                pending.addAll(direct.getOrDefault(next, Set.of()));
            }
        }
        return closure;
    }

    private void collect(JsonNode node, Set<String> into) {
        if (node.isArray()) {
            node.forEach(element -> collect(element, into));
            return;
        }
        if (!node.isObject()) {
            return;
        }
        Intrinsic intrinsic = Intrinsic.of(node).orElse(null);
        switch (intrinsic) {
            case Intrinsic.If branch -> collect(condition.test(branch.condition()) ? branch.whenTrue() : branch.whenFalse(), into);
            case Intrinsic.Ref ref -> into.add(ref.name());
            case Intrinsic.GetAtt getAtt -> into.add(getAtt.resource());
            case Intrinsic.Sub sub -> {
                sub.names().forEach(name -> into.add(name.split("\\.", 2)[0]));
                sub.variables().values().forEach(value -> collect(value, into));
            }
            case null, default -> node.forEach(child -> collect(child, into));
        }
    }
}
