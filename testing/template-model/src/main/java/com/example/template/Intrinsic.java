package com.example.template;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An intrinsic function of the template as a typed value: what a node in long form
 * ({@link TemplateYaml} writes {@code !Ref X} as {@code {"Ref": "X"}}) calls, with its arguments.
 * Nothing here resolves one: that takes a parameter set, an account and a region, and stays with
 * the rehearsal's {@code ResolvedTemplate}.
 */
public sealed interface Intrinsic {

    /** A {@code ${...}} variable of {@code Fn::Sub} (a {@code ${!Literal}} is none). */
    Pattern SUB_VARIABLE = Pattern.compile("\\$\\{([^}!][^}]*)}");

    /** {@code Ref}: a parameter, a resource or a pseudo parameter ({@code AWS::Region}, ...). */
    record Ref(String name) implements Intrinsic {
    }

    /** {@code Fn::GetAtt}: an attribute of a resource ({@code Endpoint.Address} keeps its dot). */
    record GetAtt(String resource, JsonNode attribute) implements Intrinsic {
    }

    /** {@code Fn::Sub}: a text and the variables given beside it (none in the one-argument form). */
    record Sub(String text, Map<String, JsonNode> variables) implements Intrinsic {

        /** The names of the text's {@code ${...}} variables, in order. */
        public List<String> names() {
            List<String> names = new ArrayList<>();
            Matcher matcher = SUB_VARIABLE.matcher(text);
            while (matcher.find()) {
                names.add(matcher.group(1));
            }
            return names;
        }
    }

    /** {@code Fn::If}: a condition's name, and the value when it holds and when it does not. */
    record If(String condition, JsonNode whenTrue, JsonNode whenFalse) implements Intrinsic {
    }

    /** {@code Condition}: a reference to a condition, inside another condition or a rule. */
    record ConditionRef(String name) implements Intrinsic {
    }

    /**
     * Any other {@code Fn::} function ({@code Fn::Equals}, {@code Fn::Not}, {@code Fn::And},
     * {@code Fn::Or}, {@code Fn::Join}, {@code Fn::Select}, {@code Fn::Contains}, ...).
     *
     * @param name      its name without {@code Fn::} ({@code Equals})
     * @param arguments its arguments as written (a list for most)
     */
    record Call(String name, JsonNode arguments) implements Intrinsic {
    }

    /** The intrinsic {@code node} is, if it is one: an object with one member named as a function. */
    static Optional<Intrinsic> of(JsonNode node) {
        if (node == null || !node.isObject() || node.size() != 1) {
            return Optional.empty();
        }
        String function = node.fieldNames().next();
        JsonNode arguments = node.get(function);
        return Optional.ofNullable(switch (function) {
            case "Ref" -> new Ref(arguments.asText());
            case "Condition" -> arguments.isTextual() ? new ConditionRef(arguments.asText()) : null;
            case "Fn::GetAtt" -> getAtt(arguments);
            case "Fn::Sub" -> new Sub(arguments.isArray() ? arguments.path(0).asText() : arguments.asText(),
                    arguments.isArray() ? members(arguments.path(1)) : Map.of());
            case "Fn::If" -> new If(arguments.path(0).asText(), arguments.get(1), arguments.get(2));
            default -> function.startsWith("Fn::") ? new Call(function.substring("Fn::".length()), arguments) : null;
        });
    }

    /**
     * The conditions of a stack across Regions ({@code GlobalTables}), each with the value it has in
     * a stack of one Region: {@code GlobalTables=off}, the default, and the local AWS's.
     */
    Map<String, Boolean> ONE_REGION = Map.of("SingleRegion", true, "GlobalTablesOn", false,
            "GlobalTablesOwner", false, "GlobalTablesMember", false);

    /** {@code node} as a stack of one Region takes it: of an {@code Fn::If} on a condition of {@link #ONE_REGION}, that branch's. */
    static JsonNode inOneRegion(JsonNode node) {
        return of(node).filter(If.class::isInstance).map(If.class::cast).filter(branch -> ONE_REGION.containsKey(branch.condition()))
                .map(branch -> inOneRegion(ONE_REGION.get(branch.condition()) ? branch.whenTrue() : branch.whenFalse()))
                .orElse(node);
    }

    /** The logical id {@code node} names when it is a {@code Ref} or an {@code Fn::GetAtt}. */
    static Optional<String> target(JsonNode node) {
        return of(node).flatMap(intrinsic -> switch (intrinsic) {
            case Ref ref -> Optional.of(ref.name());
            case GetAtt getAtt -> Optional.of(getAtt.resource());
            case Sub sub -> Optional.<String>empty();
            case If branch -> Optional.<String>empty();
            case ConditionRef condition -> Optional.<String>empty();
            case Call call -> Optional.<String>empty();
        });
    }

    /**
     * The text that names what {@code node} is where resources are named after their logical ids
     * (the local AWS, a metric's namespace parameter): a literal's text, a {@code Ref}'s name,
     * {@code Resource.Attribute} for an {@code Fn::GetAtt}, an {@code Fn::Sub}'s text; empty for
     * anything else.
     */
    static String text(JsonNode node) {
        return of(node).map(intrinsic -> switch (intrinsic) {
            case Ref ref -> ref.name();
            case GetAtt getAtt -> getAtt.resource() + (getAtt.attribute().isMissingNode() ? "" : "." + getAtt.attribute().asText());
            case Sub sub -> sub.text();
            case If branch -> "";
            case ConditionRef condition -> "";
            case Call call -> "";
        }).orElse(node.isValueNode() ? node.asText() : "");
    }

    /** The name {@code node} refers to when it is a {@code Ref}. */
    static Optional<String> ref(JsonNode node) {
        return of(node).filter(Ref.class::isInstance).map(ref -> ((Ref) ref).name());
    }

    /** {@code A.B.C} (a tag's text) or {@code [A, B.C]} (its long form). */
    private static GetAtt getAtt(JsonNode arguments) {
        if (arguments.isTextual()) {
            String[] parts = arguments.asText().split("\\.", 2);
            return new GetAtt(parts[0], parts.length > 1 ? TextNode.valueOf(parts[1]) : MissingNode.getInstance());
        }
        return new GetAtt(arguments.path(0).asText(), arguments.path(1));
    }

    private static Map<String, JsonNode> members(JsonNode object) {
        Map<String, JsonNode> members = new LinkedHashMap<>();
        object.properties().forEach(member -> members.put(member.getKey(), member.getValue()));
        return members;
    }
}
