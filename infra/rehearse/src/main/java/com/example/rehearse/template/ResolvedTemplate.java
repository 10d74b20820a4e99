package com.example.rehearse.template;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A translated CloudFormation template (no {@code AWS::Serverless} types left) as it would be
 * deployed with one set of parameter values in one account and region: its {@code Conditions}
 * decided, the resources whose condition holds, each resource's properties and metadata with the
 * intrinsic functions resolved ({@code Ref}, {@code Fn::GetAtt}, {@code Fn::Sub},
 * {@code Fn::Join}, {@code Fn::Select}, {@code Fn::Split}, {@code Fn::If} and
 * {@code AWS::NoValue}), and the resources each one depends on.
 *
 * <p>Physical names are made up, stably, from the stack name and the logical id; an ARN has the
 * shape AWS documents for its type, so that policies match it as they would match the real one.
 * A dependency is what CloudFormation orders by: {@code DependsOn}, and every {@code Ref},
 * {@code Fn::GetAtt} and {@code Fn::Sub} reference in the resource (properties and metadata),
 * counting only the branch an {@code Fn::If} takes.
 */
public final class ResolvedTemplate {

    /** The account the rehearsal deploys to: AWS's documentation example account. */
    public static final String ACCOUNT = "123456789012";
    public static final String REGION = "us-east-1";
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final Pattern SUB_VARIABLE = Pattern.compile("\\$\\{([^}!][^}]*)}");

    private final JsonNode root;
    private final Map<String, JsonNode> parameters = new HashMap<>();
    private final String stackName;
    private final Map<String, Boolean> conditions = new HashMap<>();
    private final Map<String, JsonNode> resources = new LinkedHashMap<>();
    private final Map<String, Set<String>> dependencies = new LinkedHashMap<>();

    private ResolvedTemplate(JsonNode root, Map<String, String> values, String stackName) {
        this.root = root;
        this.stackName = stackName;
        root.path("Parameters").properties().forEach(entry -> {
            String name = entry.getKey();
            JsonNode declared = entry.getValue();
            String value = values.containsKey(name) ? values.get(name) : declared.path("Default").asText(null);
            if (value == null) {
                throw new IllegalArgumentException("parameter " + name + " has no value and no Default");
            }
            parameters.put(name, "CommaDelimitedList".equals(declared.path("Type").asText()) ? list(value) : JSON.textNode(value));
        });
    }

    /**
     * {@code translated} deployed as stack {@code stackName} with {@code values} (a parameter
     * absent from it takes its {@code Default}; one without a Default fails).
     */
    public static ResolvedTemplate of(JsonNode translated, Map<String, String> values, String stackName) {
        ResolvedTemplate template = new ResolvedTemplate(translated, values, stackName);
        translated.path("Resources").properties().forEach(entry -> {
            String condition = entry.getValue().path("Condition").asText(null);
            if (condition == null || template.condition(condition)) {
                template.resources.put(entry.getKey(), entry.getValue());
            }
        });
        template.resources.forEach((id, resource) -> {
            Set<String> references = new LinkedHashSet<>();
            resource.path("DependsOn").forEach(dependency -> references.add(dependency.asText()));
            if (resource.path("DependsOn").isTextual()) {
                references.add(resource.path("DependsOn").asText());
            }
            template.collectReferences(resource.path("Properties"), references);
            template.collectReferences(resource.path("Metadata"), references);
            references.retainAll(template.resources.keySet());
            template.dependencies.put(id, references);
        });
        return template;
    }

    public String stackName() {
        return stackName;
    }

    public boolean hasParameter(String name) {
        return parameters.containsKey(name);
    }

    /** The value of a parameter as a string (a list joined with commas). */
    public String parameter(String name) {
        JsonNode value = parameters.get(name);
        if (value == null) {
            throw new IllegalArgumentException("no parameter " + name);
        }
        if (value.isArray()) {
            List<String> items = new ArrayList<>();
            value.forEach(item -> items.add(item.asText()));
            return String.join(",", items);
        }
        return value.asText();
    }

    /** The logical ids of the resources deployed, in template order. */
    public Set<String> resourceIds() {
        return resources.keySet();
    }

    public boolean has(String logicalId) {
        return resources.containsKey(logicalId);
    }

    public String type(String logicalId) {
        return resource(logicalId).path("Type").asText();
    }

    /** The deployed resources of {@code type}, by logical id. */
    public Map<String, JsonNode> ofType(String type) {
        Map<String, JsonNode> found = new LinkedHashMap<>();
        resources.forEach((id, resource) -> {
            if (type.equals(resource.path("Type").asText())) {
                found.put(id, properties(id));
            }
        });
        return found;
    }

    /** The resource's {@code Properties}, resolved. */
    public JsonNode properties(String logicalId) {
        return resolve(resource(logicalId).path("Properties"));
    }

    /**
     * The resource's {@code DeletionPolicy}: what CloudFormation does with it when it leaves the
     * stack (a delete, or the rollback of a failed create); {@code Delete} when the template says nothing
     * (https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-attribute-deletionpolicy.html).
     */
    public String deletionPolicy(String logicalId) {
        return resource(logicalId).path("DeletionPolicy").asText("Delete");
    }

    /** The key of an Output whose value is the resource's {@code Ref} or ARN, if the template has one. */
    public Optional<String> outputOf(String logicalId) {
        for (Map.Entry<String, JsonNode> output : root.path("Outputs").properties()) {
            JsonNode value = output.getValue().path("Value");
            JsonNode getAtt = value.path("Fn::GetAtt");
            boolean arn = getAtt.isArray() ? logicalId.equals(getAtt.path(0).asText()) && "Arn".equals(getAtt.path(1).asText())
                    : (logicalId + ".Arn").equals(getAtt.asText(null));
            if (value.size() == 1 && (logicalId.equals(value.path("Ref").asText(null)) || arn)) {
                return Optional.of(output.getKey());
            }
        }
        return Optional.empty();
    }

    /** The resource's {@code Properties} as written (unresolved), for finding what refers to what. */
    public JsonNode rawProperties(String logicalId) {
        return resource(logicalId).path("Properties");
    }

    /** What {@code Ref} of the resource gives. */
    public String ref(String logicalId) {
        return physical(logicalId, null);
    }

    /** What {@code Fn::GetAtt} of the resource's {@code attribute} gives (an ARN, an id, an address). */
    public String attribute(String logicalId, String attribute) {
        return physical(logicalId, attribute);
    }

    /** Every resource {@code logicalId} depends on, directly or through others. */
    public Set<String> dependencyClosure(String logicalId) {
        Set<String> closure = new LinkedHashSet<>();
        Deque<String> pending = new ArrayDeque<>(dependencies.getOrDefault(logicalId, Set.of()));
        while (!pending.isEmpty()) {
            String next = pending.pop();
            if (closure.add(next)) {
                pending.addAll(dependencies.getOrDefault(next, Set.of()));
            }
        }
        return closure;
    }

    /** The logical id of the deployed resource whose {@code Ref} or ARN is {@code value}, if any. */
    public Optional<String> logicalIdOf(String value) {
        for (String id : resources.keySet()) {
            if (value.equals(ref(id)) || value.equals(arnOrNull(id))) {
                return Optional.of(id);
            }
        }
        return Optional.empty();
    }

    private String arnOrNull(String logicalId) {
        try {
            return attribute(logicalId, "Arn");
        } catch (IllegalArgumentException noArn) {
            return null;
        }
    }

    /** {@code node} with every intrinsic function resolved and {@code AWS::NoValue} removed. */
    public JsonNode resolve(JsonNode node) {
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
        if (node.size() == 1) {
            String function = node.fieldNames().next();
            JsonNode arguments = node.get(function);
            switch (function) {
                case "Ref":
                    return reference(arguments.asText());
                case "Fn::GetAtt":
                    return JSON.textNode(getAtt(arguments));
                case "Fn::Sub":
                    return JSON.textNode(substitute(arguments));
                case "Fn::Join": {
                    List<String> parts = new ArrayList<>();
                    resolve(arguments.get(1)).forEach(part -> parts.add(part.asText()));
                    return JSON.textNode(String.join(arguments.get(0).asText(), parts));
                }
                case "Fn::Select":
                    return resolve(arguments.get(1)).get(Integer.parseInt(resolve(arguments.get(0)).asText()));
                case "Fn::Split": {
                    ArrayNode parts = JSON.arrayNode();
                    for (String part : resolve(arguments.get(1)).asText().split(Pattern.quote(arguments.get(0).asText()), -1)) {
                        parts.add(part);
                    }
                    return parts;
                }
                case "Fn::If":
                    return resolve(condition(arguments.get(0).asText()) ? arguments.get(1) : arguments.get(2));
                default:
                    if (function.startsWith("Fn::")) {
                        throw new IllegalArgumentException("an intrinsic function the rehearsal does not resolve: " + function);
                    }
            }
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

    /** Whether the template's condition {@code name} holds with these parameter values. */
    public boolean condition(String name) {
        Boolean known = conditions.get(name);
        if (known == null) {
            JsonNode definition = root.path("Conditions").path(name);
            if (definition.isMissingNode()) {
                throw new IllegalArgumentException("no condition " + name);
            }
            known = truth(definition);
            conditions.put(name, known);
        }
        return known;
    }

    private boolean truth(JsonNode node) {
        if (node.has("Condition")) {
            return condition(node.get("Condition").asText());
        }
        if (node.has("Fn::Equals")) {
            return resolve(node.get("Fn::Equals").get(0)).equals(resolve(node.get("Fn::Equals").get(1)));
        }
        if (node.has("Fn::Not")) {
            return !truth(node.get("Fn::Not").get(0));
        }
        if (node.has("Fn::And")) {
            boolean all = true;
            for (JsonNode term : node.get("Fn::And")) {
                all &= truth(term);
            }
            return all;
        }
        if (node.has("Fn::Or")) {
            boolean any = false;
            for (JsonNode term : node.get("Fn::Or")) {
                any |= truth(term);
            }
            return any;
        }
        throw new IllegalArgumentException("not a condition: " + node);
    }

    private JsonNode reference(String name) {
        return switch (name) {
            case "AWS::Region" -> JSON.textNode(REGION);
            case "AWS::AccountId" -> JSON.textNode(ACCOUNT);
            case "AWS::Partition" -> JSON.textNode("aws");
            case "AWS::URLSuffix" -> JSON.textNode("amazonaws.com");
            case "AWS::StackName" -> JSON.textNode(stackName);
            case "AWS::NoValue" -> JSON.nullNode();
            default -> {
                if (parameters.containsKey(name)) {
                    yield parameters.get(name);
                }
                yield JSON.textNode(ref(name));
            }
        };
    }

    private String getAtt(JsonNode arguments) {
        if (arguments.isTextual()) {
            String[] parts = arguments.asText().split("\\.", 2);
            return attribute(parts[0], parts[1]);
        }
        return attribute(arguments.get(0).asText(), resolve(arguments.get(1)).asText());
    }

    private String substitute(JsonNode arguments) {
        String text = arguments.isArray() ? arguments.get(0).asText() : arguments.asText();
        Map<String, String> variables = new HashMap<>();
        if (arguments.isArray()) {
            arguments.get(1).properties().forEach(entry -> variables.put(entry.getKey(), resolve(entry.getValue()).asText()));
        }
        Matcher matcher = SUB_VARIABLE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String name = matcher.group(1);
            String value;
            if (variables.containsKey(name)) {
                value = variables.get(name);
            } else if (name.contains(".") && !name.startsWith("AWS::")) {
                String[] parts = name.split("\\.", 2);
                value = attribute(parts[0], parts[1]);
            } else {
                value = reference(name).asText();
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    private void collectReferences(JsonNode node, Set<String> into) {
        if (node.isArray()) {
            node.forEach(element -> collectReferences(element, into));
            return;
        }
        if (!node.isObject()) {
            return;
        }
        if (node.size() == 1 && node.has("Fn::If")) {
            JsonNode arguments = node.get("Fn::If");
            collectReferences(condition(arguments.get(0).asText()) ? arguments.get(1) : arguments.get(2), into);
            return;
        }
        if (node.size() == 1 && node.has("Ref")) {
            into.add(node.get("Ref").asText());
            return;
        }
        if (node.size() == 1 && node.has("Fn::GetAtt")) {
            JsonNode arguments = node.get("Fn::GetAtt");
            into.add(arguments.isTextual() ? arguments.asText().split("\\.", 2)[0] : arguments.get(0).asText());
            return;
        }
        if (node.size() == 1 && node.has("Fn::Sub")) {
            JsonNode arguments = node.get("Fn::Sub");
            Matcher matcher = SUB_VARIABLE.matcher(arguments.isArray() ? arguments.get(0).asText() : arguments.asText());
            while (matcher.find()) {
                into.add(matcher.group(1).split("\\.", 2)[0]);
            }
            if (arguments.isArray()) {
                collectReferences(arguments.get(1), into);
            }
            return;
        }
        node.forEach(child -> collectReferences(child, into));
    }

    private JsonNode resource(String logicalId) {
        JsonNode resource = resources.get(logicalId);
        if (resource == null) {
            throw new IllegalArgumentException(logicalId + " is not deployed with these parameters");
        }
        return resource;
    }

    /** Made-up, stable physical values in the shapes AWS documents per type and attribute. */
    private String physical(String logicalId, String attribute) {
        String type = type(logicalId);
        String name = stackName + "-" + logicalId;
        String hex = String.format("%017x", Math.abs((long) (stackName + logicalId).hashCode()) * 7919L).substring(0, 17);
        String arnBase = ":" + REGION + ":" + ACCOUNT + ":";
        return switch (type) {
            case "AWS::DynamoDB::Table" -> switch (attribute == null ? "Ref" : attribute) {
                case "Ref" -> name;
                case "Arn" -> "arn:aws:dynamodb" + arnBase + "table/" + name;
                case "StreamArn" -> "arn:aws:dynamodb" + arnBase + "table/" + name + "/stream/2026-12-01T00:00:00.000";
                default -> unknown(logicalId, attribute);
            };
            case "AWS::SQS::Queue" -> switch (attribute == null ? "Ref" : attribute) {
                case "Ref" -> "https://sqs." + REGION + ".amazonaws.com/" + ACCOUNT + "/" + name;
                case "Arn" -> "arn:aws:sqs" + arnBase + name;
                case "QueueName" -> name;
                default -> unknown(logicalId, attribute);
            };
            case "AWS::SNS::Topic" -> {
                String topic = "arn:aws:sns" + arnBase + properties(logicalId).path("TopicName").asText(name);
                yield attribute == null || "TopicArn".equals(attribute) ? topic : unknown(logicalId, attribute);
            }
            case "AWS::SecretsManager::Secret" -> "arn:aws:secretsmanager" + arnBase + "secret:" + name + "-AbCdEf";
            case "AWS::KMS::Key" -> {
                String id = "1234abcd-12ab-34cd-56ef-" + hex.substring(0, 12);
                yield attribute == null || "KeyId".equals(attribute) ? id : "arn:aws:kms" + arnBase + "key/" + id;
            }
            case "AWS::IAM::Role" -> {
                String role = properties(logicalId).path("RoleName").asText(name);
                yield attribute == null ? role : "arn:aws:iam::" + ACCOUNT + ":role" + properties(logicalId).path("Path").asText("/") + role;
            }
            case "AWS::IAM::ManagedPolicy" -> "arn:aws:iam::" + ACCOUNT + ":policy" + properties(logicalId).path("Path").asText("/")
                    + properties(logicalId).path("ManagedPolicyName").asText(name);
            case "AWS::S3::Bucket" -> {
                String bucket = properties(logicalId).path("BucketName").asText(name.toLowerCase(Locale.ROOT) + "-" + hex.substring(0, 12));
                yield attribute == null ? bucket : "arn:aws:s3:::" + bucket;
            }
            case "AWS::Logs::LogGroup" -> {
                String group = properties(logicalId).path("LogGroupName").asText(name);
                yield attribute == null ? group : "arn:aws:logs" + arnBase + "log-group:" + group + ":*";
            }
            case "AWS::Lambda::Function" -> attribute == null ? name : "arn:aws:lambda" + arnBase + "function:" + name;
            case "AWS::Lambda::Version" -> "arn:aws:lambda" + arnBase + "function:" + logicalId + ":1";
            case "AWS::EC2::SecurityGroup" -> "sg-" + hex;
            case "AWS::EC2::VPCEndpoint" -> "vpce-" + hex;
            case "AWS::ElastiCache::ServerlessCache" -> switch (attribute == null ? "Ref" : attribute) {
                case "Endpoint.Address" -> name + "-abc123.serverless.use1.cache.amazonaws.com";
                case "Endpoint.Port" -> "6379";
                case "ReaderEndpoint.Port" -> "6380";
                default -> name;
            };
            case "AWS::CloudWatch::Alarm" -> {
                String alarm = properties(logicalId).path("AlarmName").asText(name);
                yield attribute == null ? alarm : "arn:aws:cloudwatch" + arnBase + "alarm:" + alarm;
            }
            case "AWS::Events::Rule" -> attribute == null ? name : "arn:aws:events" + arnBase + "rule/" + name;
            default -> attribute == null ? name : name + "." + attribute;
        };
    }

    private static String unknown(String logicalId, String attribute) {
        throw new IllegalArgumentException(logicalId + ": the rehearsal knows no attribute " + attribute);
    }

    private static ArrayNode list(String value) {
        ArrayNode items = JSON.arrayNode();
        for (String item : value.split(",", -1)) {
            items.add(item.strip());
        }
        return items;
    }

    private static boolean isNoValue(JsonNode value) {
        return value == null || value.isNull();
    }
}
