package com.example.rehearse.template;

import com.example.template.Intrinsic;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The intrinsic functions of a template resolved for one deployment: {@code Ref},
 * {@code Fn::GetAtt}, {@code Fn::Sub}, {@code Fn::Join}, {@code Fn::Select}, {@code Fn::Split},
 * {@code Fn::If}, and {@code AWS::NoValue} removed; pseudo parameters are the rehearsal's account
 * and the deployment's region; a resource's {@code Ref} and attributes are its {@link PhysicalIds}.
 */
final class IntrinsicResolver {

    /** What a resource's {@code Ref} (attribute null) or {@code Fn::GetAtt} gives. */
    interface Physical {
        String of(String logicalId, String attribute);
    }

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final ParameterValues parameters;
    private final Predicate<String> condition;
    private final Physical physical;
    private final String stackName;
    private final String region;

    IntrinsicResolver(ParameterValues parameters, Predicate<String> condition, Physical physical, String stackName, String region) {
        this.parameters = parameters;
        this.condition = condition;
        this.physical = physical;
        this.stackName = stackName;
        this.region = region;
    }

    /** {@code node} with every intrinsic function resolved and {@code AWS::NoValue} removed. */
    JsonNode resolve(JsonNode node) {
        if (node.isArray()) {
            ArrayNode resolved = JSON.arrayNode();
            node.forEach(element -> {
                JsonNode value = resolve(element);
                if (!isNoValue(value)) {
                    resolved.add(value);
                }
            });
            return resolved;
        }
        if (!node.isObject()) {
            return node;
        }
        JsonNode intrinsic = Intrinsic.of(node).map(this::intrinsic).orElse(null);
        if (intrinsic != null) {
            return intrinsic;
        }
        ObjectNode resolved = JSON.objectNode();
        node.properties().forEach(entry -> {
            JsonNode value = resolve(entry.getValue());
            if (!isNoValue(value)) {
                resolved.set(entry.getKey(), value);
            }
        });
        return resolved;
    }

    /** The value of one intrinsic; null for one that is not a function ({@code Condition}, a plain key). */
    private JsonNode intrinsic(Intrinsic intrinsic) {
        return switch (intrinsic) {
            case Intrinsic.Ref ref -> reference(ref.name());
            case Intrinsic.GetAtt getAtt -> JSON.textNode(physical.of(getAtt.resource(), resolve(getAtt.attribute()).asText()));
            case Intrinsic.Sub sub -> JSON.textNode(substitute(sub));
            case Intrinsic.If branch -> resolve(condition.test(branch.condition()) ? branch.whenTrue() : branch.whenFalse());
            case Intrinsic.ConditionRef ignored -> null;
            case Intrinsic.Call call -> call(call.name(), call.arguments());
        };
    }

    private JsonNode call(String function, JsonNode arguments) {
        return switch (function) {
            case "Join" -> {
                List<String> parts = new ArrayList<>();
                resolve(arguments.get(1)).forEach(part -> parts.add(part.asText()));
                yield JSON.textNode(String.join(arguments.get(0).asText(), parts));
            }
            case "Select" -> resolve(arguments.get(1)).get(Integer.parseInt(resolve(arguments.get(0)).asText()));
            case "Split" -> {
                ArrayNode parts = JSON.arrayNode();
                for (String part : resolve(arguments.get(1)).asText().split(Pattern.quote(arguments.get(0).asText()), -1)) {
                    parts.add(part);
                }
                yield parts;
            }
            default -> throw new IllegalArgumentException("an intrinsic function the rehearsal does not resolve: Fn::" + function);
        };
    }

    private JsonNode reference(String name) {
        return switch (name) {
            case "AWS::Region" -> JSON.textNode(region);
            case "AWS::AccountId" -> JSON.textNode(ResolvedTemplate.ACCOUNT);
            case "AWS::Partition" -> JSON.textNode("aws");
            case "AWS::URLSuffix" -> JSON.textNode("amazonaws.com");
            case "AWS::StackName" -> JSON.textNode(stackName);
            case "AWS::NoValue" -> JSON.nullNode();
            default -> parameters.has(name) ? parameters.ref(name) : JSON.textNode(physical.of(name, null));
        };
    }

    private String substitute(Intrinsic.Sub sub) {
        Map<String, String> variables = new HashMap<>();
        sub.variables().forEach((name, value) -> variables.put(name, resolve(value).asText()));
        Matcher matcher = Intrinsic.SUB_VARIABLE.matcher(sub.text());
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String name = matcher.group(1);
            String value;
            if (variables.containsKey(name)) {
                value = variables.get(name);
            } else if (name.contains(".") && !name.startsWith("AWS::")) {
                String[] parts = name.split("\\.", 2);
                value = physical.of(parts[0], parts[1]);
            } else {
                value = reference(name).asText();
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    private static boolean isNoValue(JsonNode value) {
        return value == null || value.isNull();
    }
}
