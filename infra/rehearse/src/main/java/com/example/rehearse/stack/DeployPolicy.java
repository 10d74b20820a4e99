package com.example.rehearse.stack;

import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The least-privilege policy of whoever deploys the stack with one parameter set, derived from
 * the translated template: for every resource, the IAM permissions its type's create, update and
 * delete handlers list in the CloudFormation registry schema ({@link ResourceSchemas}), each
 * granted on the resources of the stack it acts on (the resource itself, or one it refers to:
 * the role a function is given, the key a table is encrypted with), by the ARN shapes of the
 * Service Authorization Reference ({@link IamActions}). Left out, and listed: what is no IAM
 * action, and what serves a feature of a type this template does not use (an action of a service
 * none of its resources belong to, or one acting on no resource of the stack). Added, each with
 * the page that says so: what CloudFormation and the SAM CLI need to deploy at all, and the
 * service-linked role ElastiCache creates in a fresh account.
 */
public final class DeployPolicy {

    /** The principal the rehearsal deploys as. */
    public static final String DEPLOYER = "arn:aws:iam::" + ResolvedTemplate.ACCOUNT + ":role/deployer";
    /** The network resources a deploy in a VPC names by its parameters (VpcId, SubnetIds, RouteTableIds). */
    private static final Set<String> VPC_OWN = Set.of("vpc", "subnet", "route-table");
    /** What a role's inline policies may hold together, in characters without white space. */
    public static final int INLINE_LIMIT = 10_240;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String IN = ":" + ResolvedTemplate.REGION + ":" + ResolvedTemplate.ACCOUNT + ":";
    /** The SAM CLI's managed bucket, where sam deploy uploads the functions' code and Lambda reads it. */
    private static final String SAM_ARTIFACTS = "arn:aws:s3:::aws-sam-cli-managed-default-samclisourcebucket-*/*";
    private static final String ELASTICACHE_SERVICE_LINKED_ROLE = "arn:aws:iam::" + ResolvedTemplate.ACCOUNT
            + ":role/aws-service-role/elasticache.amazonaws.com/AWSServiceRoleForElastiCache";

    /**
     * One permission the deploy needs, as the evaluator is asked it.
     *
     * @param why       who needs it: the resource and handler, or the page that says so
     * @param action    the IAM action
     * @param arn       the resource it acts on, in the rehearsal's account
     * @param target    that resource's logical id (or the ARN)
     * @param outside   the same resource of another stack, which must be refused
     * @param context   the request's condition keys
     */
    public record Need(String why, String action, String arn, String target, Optional<String> outside, Map<String, String> context) {
    }

    private final ResolvedTemplate template;
    private final ResourceSchemas schemas;
    private final IamActions iam;
    private final Set<String> services = new TreeSet<>(Set.of("iam", "s3", "cloudformation"));
    /** action -> condition key -> value, for statements granted only with a condition. */
    private final Map<String, Map<String, String>> conditions = new TreeMap<>();
    private final Map<String, Set<String>> grants = new TreeMap<>();
    private final List<Need> needs = new ArrayList<>();
    private final Set<String> leftOut = new TreeSet<>();
    private final List<String> failures = new ArrayList<>();

    private DeployPolicy(ResolvedTemplate template, ResourceSchemas schemas, IamActions iam) {
        this.template = template;
        this.schemas = schemas;
        this.iam = iam;
    }

    /** The deployer's policy for {@code template}, with the IAM evaluator installed in {@code evaluator} (its data). */
    public static DeployPolicy derive(ResolvedTemplate template, ResourceSchemas schemas, Path evaluator) {
        DeployPolicy policy = new DeployPolicy(template, schemas, new IamActions(evaluator));
        template.resourceIds().forEach(id -> policy.services.add(serviceOf(template.type(id))));
        template.resourceIds().forEach(policy::handlers);
        policy.deployItself();
        return policy;
    }

    /** Every permission the deploy needs, for the evaluator. */
    public List<Need> needs() {
        return needs;
    }

    /** What the schemas list and the policy leaves out, and why. */
    public Set<String> leftOut() {
        return leftOut;
    }

    /** Resource types the rehearsal cannot derive permissions for. */
    public List<String> failures() {
        return failures;
    }

    /** The policy document: one statement per set of resources (and condition), actions sorted. */
    public ObjectNode document() {
        Map<String, TreeSet<String>> statements = new TreeMap<>();
        Map<String, List<String>> resourcesOf = new LinkedHashMap<>();
        grants.forEach((action, resources) -> {
            List<String> sorted = new ArrayList<>(new TreeSet<>(resources));
            String key = sorted + " " + conditions.getOrDefault(action, Map.of());
            statements.computeIfAbsent(key, k -> new TreeSet<>()).add(action);
            resourcesOf.put(key, sorted);
        });
        ObjectNode document = JSON.createObjectNode().put("Version", "2012-10-17");
        ArrayNode list = document.putArray("Statement");
        statements.forEach((key, actions) -> {
            ObjectNode statement = list.addObject().put("Effect", "Allow");
            ArrayNode actionList = statement.putArray("Action");
            actions.forEach(actionList::add);
            List<String> resources = resourcesOf.get(key);
            if (resources.size() == 1) {
                statement.put("Resource", resources.get(0));
            } else {
                ArrayNode resourceList = statement.putArray("Resource");
                resources.forEach(resourceList::add);
            }
            Map<String, String> condition = conditions.getOrDefault(actions.first(), Map.of());
            if (!condition.isEmpty()) {
                ObjectNode equals = statement.putObject("Condition").putObject("StringEquals");
                condition.forEach(equals::put);
            }
        });
        return document;
    }

    private void handlers(String id) {
        String type = template.type(id);
        if (schemas.schema(type).isEmpty()) {
            failures.add(id + " (" + type + "): cfn-lint ships no CloudFormation registry schema for it, so the deployer's"
                    + " permissions for it cannot be derived");
            return;
        }
        for (String handler : ResourceSchemas.HANDLERS) {
            for (String action : schemas.permissions(type, handler)) {
                permission(id, type, handler, action);
            }
        }
    }

    private void permission(String id, String type, String handler, String action) {
        String why = id + " (" + type + ", " + handler + " handler)";
        if (!iam.exists(action)) {
            leftOut.add(action + ": not an IAM action (" + type + ")");
            return;
        }
        if (!services.contains(IamActions.service(action))) {
            leftOut.add(action + ": no resource of the stack belongs to " + IamActions.service(action) + " (" + type + ")");
            return;
        }
        if ("iam:CreateServiceLinkedRole".equals(action)) {
            leftOut.add(action + ": for a feature of " + type + " the template does not use; ElastiCache's is added on its own");
            return;
        }
        if ("iam:PassRole".equals(action) && "AWS::Lambda::Function".equals(type)) {
            // The functions' roles, passed to Lambda alone
            // (https://docs.aws.amazon.com/lambda/latest/dg/lambda-intro-execution-role.html).
            conditions.put(action, Map.of("iam:PassedToService", "lambda.amazonaws.com"));
        }
        List<IamActions.ResourceType> types = iam.resourceTypes(action);
        if (types.isEmpty()) {
            grant(why, action, "*", "*", "*", Optional.empty());
            return;
        }
        List<String> candidates = new ArrayList<>();
        candidates.add(id);
        candidates.addAll(template.dependencyClosure(id));
        boolean matched = false;
        for (IamActions.ResourceType resourceType : types) {
            for (String candidate : candidates) {
                Optional<StackArns> arns = StackArns.of(template, candidate);
                if (arns.isPresent() && resourceType.matches(arns.get().arn())) {
                    grant(why, action, arns.get().pattern(), arns.get().arn(), candidate, arns.get().outside());
                    matched = true;
                }
            }
            if ("AWS::Lambda::Function".equals(type) && "object".equals(resourceType.name())) {
                grant(why + ", the code sam deploy uploaded", action, SAM_ARTIFACTS,
                        SAM_ARTIFACTS.replace("*", "0123456789ab"), "the SAM CLI's artifacts", Optional.empty());
                matched = true;
            }
        }
        if (!matched && StackArns.of(template, id).isEmpty()) {
            Optional<StackArns> own = ownShape(id, type);
            if (own.isPresent() && types.stream().anyMatch(resourceType -> resourceType.matches(own.get().arn()))) {
                grant(why, action, own.get().pattern(), own.get().arn(), id, own.get().outside());
                matched = true;
            }
        }
        if (matched && "ec2".equals(IamActions.service(action))) {
            // The VPC, subnets and route tables are the deployer's own, given as parameters.
            types.stream().filter(resourceType -> resourceType.required() || VPC_OWN.contains(resourceType.name()))
                    .filter(resourceType -> candidates.stream().map(c -> StackArns.of(template, c)).flatMap(Optional::stream)
                            .noneMatch(arns -> resourceType.matches(arns.arn())))
                    .forEach(resourceType -> {
                        String any = resourceType.anyIn(ResolvedTemplate.REGION, ResolvedTemplate.ACCOUNT);
                        grant(why + ", on the VPC's own " + resourceType.name(), action, any, any.replace("*", "0123456789abcdef0"),
                                resourceType.name() + " of the VPC", Optional.empty());
                    });
        }
        if (!matched) {
            leftOut.add(action + ": acts on no resource of the stack (" + type + ", a feature the template does not use)");
        }
    }

    /**
     * The ARNs of a resource of a type {@link StackArns} does not know, in the shape of what its
     * create handler's first action of its own service makes (an {@code AWS::SSM::Parameter}'s
     * {@code ssm:PutParameter}: a parameter), named from the stack; none when no action says.
     */
    private Optional<StackArns> ownShape(String id, String type) {
        for (String action : schemas.permissions(type, "create")) {
            if (!IamActions.service(action).equals(serviceOf(type))) {
                continue;
            }
            for (IamActions.ResourceType resourceType : iam.resourceTypes(action)) {
                if (resourceType.required()) {
                    return Optional.of(StackArns.ofShape(resourceType.arnShape(), template.stackName(), id));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * What deploying needs besides the resources' handlers: CloudFormation's change sets on the
     * stack and the SAM transform, the upload of the code to the SAM CLI's managed bucket
     * (https://docs.aws.amazon.com/serverless-application-model/latest/developerguide/sam-permissions.html),
     * and ElastiCache's service-linked role, which the first cache of an account creates
     * (https://docs.aws.amazon.com/AmazonElastiCache/latest/dg/using-service-linked-roles.html).
     */
    private void deployItself() {
        String stack = "arn:aws:cloudformation" + IN + "stack/" + template.stackName() + "/*";
        for (String action : List.of("cloudformation:CreateChangeSet", "cloudformation:DeleteChangeSet", "cloudformation:DeleteStack",
                "cloudformation:DescribeChangeSet", "cloudformation:DescribeStackEvents", "cloudformation:DescribeStackResource",
                "cloudformation:DescribeStackResources", "cloudformation:DescribeStacks", "cloudformation:ExecuteChangeSet",
                "cloudformation:GetTemplate", "cloudformation:GetTemplateSummary", "cloudformation:ListStackResources")) {
            grant("sam deploy and sam delete", action, stack, stack.replace("*", "0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b"),
                    "stack " + template.stackName(), Optional.of(stack.replace("*", "0f1e2d3c").replace(template.stackName(), StackArns.OTHER_STACK)));
        }
        // The evaluator's data knows no transform resource, so this one grant is not evaluated.
        grants.get("cloudformation:CreateChangeSet").add("arn:aws:cloudformation:" + ResolvedTemplate.REGION + ":aws:transform/Serverless-2016-10-31");
        grant("sam deploy (the template's validation)", "cloudformation:ValidateTemplate", "*", "*", "*", Optional.empty());
        for (String action : List.of("s3:PutObject", "s3:GetObject")) {
            grant("sam deploy (the code's upload)", action, SAM_ARTIFACTS, SAM_ARTIFACTS.replace("*", "0123456789ab"),
                    "the SAM CLI's artifacts", Optional.empty());
        }
        if (!template.ofType("AWS::ElastiCache::ServerlessCache").isEmpty()) {
            conditions.put("iam:CreateServiceLinkedRole", Map.of("iam:AWSServiceName", "elasticache.amazonaws.com"));
            grant("ElastiCache's service-linked role, created by the first cache of an account", "iam:CreateServiceLinkedRole",
                    ELASTICACHE_SERVICE_LINKED_ROLE, ELASTICACHE_SERVICE_LINKED_ROLE, "AWSServiceRoleForElastiCache", Optional.empty());
        }
    }

    private void grant(String why, String action, String pattern, String arn, String target, Optional<String> outside) {
        grants.computeIfAbsent(action, a -> new LinkedHashSet<>()).add(pattern);
        Map<String, String> context = conditions.getOrDefault(action, Map.of());
        Need need = new Need(why, action, arn, target, outside, context);
        if (needs.stream().noneMatch(known -> known.action().equals(action) && known.arn().equals(arn))) {
            needs.add(need);
        }
    }

    /** The IAM service prefix of a resource type: {@code AWS::DynamoDB::Table} -> {@code dynamodb}. */
    private static String serviceOf(String type) {
        String[] parts = type.split("::");
        return parts.length > 1 ? parts[1].toLowerCase(Locale.ROOT) : type;
    }

    /**
     * The policy's size as IAM counts it: its characters without white space. A role's inline
     * policies hold 10 240 together, a managed policy 6 144
     * (https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_iam-quotas.html).
     */
    public static int size(JsonNode document) {
        return document.toString().replaceAll("\\s", "").length();
    }
}
