package com.example.rehearse.template;

import com.example.template.Intrinsic;
import com.example.template.Resource;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A translated CloudFormation template (no {@code AWS::Serverless} types left), read by the one
 * template model, as it would be deployed with one set of parameter values in one account and
 * region: its {@code Conditions} decided ({@link ConditionValues}), the resources whose condition
 * holds, each resource's properties and metadata with the intrinsic functions resolved
 * ({@link IntrinsicResolver}), physical names and ARNs in AWS's shapes ({@link PhysicalIds}), and
 * the resources each one depends on ({@link Dependencies}).
 */
public final class ResolvedTemplate {

    /** The account the rehearsal deploys to: AWS's documentation example account. */
    public static final String ACCOUNT = "123456789012";
    /** The Region a template is deployed to when none is given. */
    public static final String REGION = "us-east-1";

    private final Template model;
    private final String stackName;
    private final String region;
    private final ParameterValues parameters;
    private final ConditionValues conditions;
    private final IntrinsicResolver resolver;
    private final PhysicalIds physical;
    private final Map<String, Resource> resources = new LinkedHashMap<>();
    private final Dependencies dependencies;

    private ResolvedTemplate(Template model, Map<String, String> values, String stackName, String region) {
        this.model = model;
        this.stackName = stackName;
        this.region = region;
        this.parameters = new ParameterValues(model, values);
        this.physical = new PhysicalIds(stackName, region, this::type, this::properties);
        this.conditions = new ConditionValues(model.conditions(), node -> resolver().resolve(node));
        this.resolver = new IntrinsicResolver(parameters, conditions::holds, physical::of, stackName, region);
        model.resources().forEach((id, resource) -> {
            if (resource.condition().map(conditions::holds).orElse(true)) {
                resources.put(id, resource);
            }
        });
        this.dependencies = new Dependencies(resources, conditions::holds);
    }

    private IntrinsicResolver resolver() {
        return resolver;
    }

    /**
     * {@code translated} deployed as stack {@code stackName} with {@code values} (a parameter
     * absent from it takes its {@code Default}; one without a Default fails).
     */
    public static ResolvedTemplate of(JsonNode translated, Map<String, String> values, String stackName) {
        return of(Template.of(translated), values, stackName, REGION);
    }

    /** {@code translated} deployed as stack {@code stackName} with {@code values} in {@code region}. */
    public static ResolvedTemplate of(JsonNode translated, Map<String, String> values, String stackName, String region) {
        return of(Template.of(translated), values, stackName, region);
    }

    /** {@code model} deployed as stack {@code stackName} with {@code values} in {@code region}. */
    public static ResolvedTemplate of(Template model, Map<String, String> values, String stackName, String region) {
        return new ResolvedTemplate(model, values, stackName, region);
    }

    /** The template as written, typed. */
    public Template model() {
        return model;
    }

    public String stackName() {
        return stackName;
    }

    /** The Region it is deployed to ({@code AWS::Region}, and the Region of every ARN of its own). */
    public String region() {
        return region;
    }

    public boolean hasParameter(String name) {
        return parameters.has(name);
    }

    /** The value of a parameter as a string (a list joined with commas). */
    public String parameter(String name) {
        return parameters.text(name);
    }

    /** The logical ids of the resources deployed, in template order. */
    public Set<String> resourceIds() {
        return resources.keySet();
    }

    public boolean has(String logicalId) {
        return resources.containsKey(logicalId);
    }

    public String type(String logicalId) {
        return resource(logicalId).type();
    }

    /** The deployed resources of {@code type}, by logical id, their properties resolved. */
    public Map<String, JsonNode> ofType(String type) {
        Map<String, JsonNode> found = new LinkedHashMap<>();
        resources.forEach((id, resource) -> {
            if (type.equals(resource.type())) {
                found.put(id, properties(id));
            }
        });
        return found;
    }

    /** The resource's {@code Properties}, resolved. */
    public JsonNode properties(String logicalId) {
        return resolver.resolve(resource(logicalId).properties());
    }

    /** The resource's {@code UpdatePolicy}, resolved (an alias's {@code CodeDeployLambdaAliasUpdate}); missing when it has none. */
    public JsonNode updatePolicy(String logicalId) {
        JsonNode policy = resource(logicalId).node().path("UpdatePolicy");
        return policy.isMissingNode() ? policy : resolver.resolve(policy);
    }

    /**
     * The resource's {@code DeletionPolicy}: what CloudFormation does with it when it leaves the
     * stack (a delete, or the rollback of a failed create); {@code Delete} when the template says nothing
     * (https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-attribute-deletionpolicy.html).
     */
    public String deletionPolicy(String logicalId) {
        return resource(logicalId).node().path("DeletionPolicy").asText("Delete");
    }

    /**
     * The key of an Output whose value is the resource's {@code Ref} or ARN, if the template has
     * one: written so, or resolving so with these parameters (a name chosen by {@code Fn::If}).
     */
    public Optional<String> outputOf(String logicalId) {
        for (Map.Entry<String, JsonNode> output : model.outputs().entrySet()) {
            JsonNode value = output.getValue();
            boolean named = Intrinsic.of(value).map(intrinsic -> switch (intrinsic) {
                case Intrinsic.Ref ref -> logicalId.equals(ref.name());
                case Intrinsic.GetAtt getAtt -> logicalId.equals(getAtt.resource()) && "Arn".equals(getAtt.attribute().asText());
                default -> false;
            }).orElse(false);
            if (named) {
                return Optional.of(output.getKey());
            }
        }
        for (Map.Entry<String, JsonNode> output : model.outputs().entrySet()) {
            String value;
            try {
                value = resolver.resolve(output.getValue()).asText();
            } catch (IllegalArgumentException notDeployed) {
                continue;
            }
            if (value.equals(ref(logicalId)) || value.equals(arnOrNull(logicalId))) {
                return Optional.of(output.getKey());
            }
        }
        return Optional.empty();
    }

    /** The resource's {@code Properties} as written (unresolved), for finding what refers to what. */
    public JsonNode rawProperties(String logicalId) {
        return resource(logicalId).properties();
    }

    /** What {@code Ref} of the resource gives. */
    public String ref(String logicalId) {
        return physical.of(logicalId, null);
    }

    /** What {@code Fn::GetAtt} of the resource's {@code attribute} gives (an ARN, an id, an address). */
    public String attribute(String logicalId, String attribute) {
        return physical.of(logicalId, attribute);
    }

    /** Every resource {@code logicalId} depends on, directly or through others. */
    public Set<String> dependencyClosure(String logicalId) {
        return dependencies.closure(logicalId);
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
        return resolver.resolve(node);
    }

    /** Whether the template's condition {@code name} holds with these parameter values. */
    public boolean condition(String name) {
        return conditions.holds(name);
    }

    /** The {@code AssertDescription}s of the template's Rules that {@code values} break ({@link com.example.template.Rules}). */
    public List<String> refusals(Map<String, ?> values) {
        return model.rules().refusals(values);
    }

    private Resource resource(String logicalId) {
        Resource resource = resources.get(logicalId);
        if (resource == null) {
            throw new IllegalArgumentException(logicalId + " is not deployed with these parameters");
        }
        return resource;
    }
}
