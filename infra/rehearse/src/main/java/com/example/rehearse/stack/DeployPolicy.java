package com.example.rehearse.stack;

import com.example.rehearse.stack.Grants.Scope;
import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The least-privilege policy of the CloudFormation service role that deploys the stack with one
 * parameter set (docs/service-role-policy-<set>.json; the deployer only runs change sets through
 * that role, {@link Bootstrap}), derived from
 * the translated template: for every resource, the IAM permissions its type's create, update and
 * delete handlers list in the CloudFormation registry schema ({@link ResourceSchemas}), each
 * granted on the resources of the stack it acts on (the resource itself, or one it refers to:
 * the role a function is given, the key a table is encrypted with), by the ARN shapes of the
 * Service Authorization Reference ({@link IamActions}). Left out, and listed: what is no IAM
 * action, and what serves a feature of a type this template does not use (an action of a service
 * none of its resources belong to, or one acting on no resource of the stack). Added, each with
 * the page that says so: what CloudFormation and the SAM CLI need to deploy at all, and the
 * service-linked role ElastiCache creates in a fresh account. Narrowed, so that deploying is no way
 * to anything else (DESIGN §12): a role is created or given policies only under the stack's
 * permissions boundary, and its boundary and trust policy are never changed; no item, secret value
 * or plaintext is read or written ({@link Narrowing}); a key, secret, security group or VPC
 * endpoint is acted on only when it carries the stack's {@code aws:cloudformation:stack-name} tag,
 * an event source mapping only for the stack's functions.
 */
public final class DeployPolicy {

    /** The principal the rehearsal deploys as. */
    public static final String DEPLOYER = "arn:aws:iam::" + ResolvedTemplate.ACCOUNT + ":role/deployer";
    /** The network resources a deploy in a VPC names by its parameters (VpcId, SubnetIds, RouteTableIds). */
    private static final Set<String> VPC_OWN = Set.of("vpc", "subnet", "route-table");
    /** What a role's inline policies may hold together, in characters without white space. */
    public static final int INLINE_LIMIT = 10_240;
    /** The tag CloudFormation gives every resource it creates (https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-properties-resource-tags.html). */
    public static final String STACK_TAG = "aws:ResourceTag/aws:cloudformation:stack-name";
    private static final String ELASTICACHE_SERVICE_LINKED_ROLE = "arn:aws:iam::" + ResolvedTemplate.ACCOUNT
            + ":role/aws-service-role/elasticache.amazonaws.com/AWSServiceRoleForElastiCache";

    private final ResolvedTemplate template;
    private final ResourceSchemas schemas;
    private final IamActions iam;
    private final String boundaryArn;
    private final Set<String> services = new TreeSet<>(Set.of("iam", "s3"));
    private final Grants grants = new Grants();
    private final Set<String> leftOut = new TreeSet<>();
    private final List<String> failures = new ArrayList<>();

    private DeployPolicy(ResolvedTemplate template, ResourceSchemas schemas, IamActions iam, String boundaryArn) {
        this.template = template;
        this.schemas = schemas;
        this.iam = iam;
        this.boundaryArn = boundaryArn;
    }

    /**
     * The service role's policy for {@code template}, whose roles must carry the boundary
     * {@code boundaryArn}, with the IAM evaluator installed in {@code evaluator} (its data).
     */
    public static DeployPolicy derive(ResolvedTemplate template, ResourceSchemas schemas, Path evaluator, String boundaryArn) {
        DeployPolicy policy = new DeployPolicy(template, schemas, new IamActions(evaluator), boundaryArn);
        template.resourceIds().forEach(id -> policy.services.add(serviceOf(template.type(id))));
        template.resourceIds().forEach(policy::handlers);
        policy.deployItself();
        return policy;
    }

    /** Every permission the deploy needs, for the evaluator. */
    public List<DeployNeed> needs() {
        return grants.needs();
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
        return grants.document((action, arn) -> iam.resourceTypes(action).isEmpty()
                || iam.resourceTypes(action).stream().anyMatch(type -> type.matches(arn)));
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
        if (GlobalTableReplicas.TYPE.equals(type)) {
            GlobalTableReplicas.grant(template, id, schemas, iam, grants);
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
        Optional<String> never = Narrowing.neverGranted(action);
        if (never.isPresent()) {
            leftOut.add(action + ": " + never.get() + " (" + type + ")");
            return;
        }
        if (Narrowing.UNDER_BOUNDARY.contains(action)) {
            grants.condition(action, List.of(new Scope("StringLike", "iam:PermissionsBoundary", boundaryArn, boundaryArn, boundaryArn)));
        }
        if (Narrowing.MAPPING_ACTIONS.contains(action)) {
            String functions = "arn:aws:lambda:" + template.region() + ":" + ResolvedTemplate.ACCOUNT + ":function:" + template.stackName() + "-*";
            grants.condition(action, List.of(new Scope("ArnLike", "lambda:FunctionArn", functions, functions.replace("*", "PaymentsFunction"),
                    functions.replace(template.stackName(), StackArns.OTHER_STACK).replace("*", "PaymentsFunction"))));
        }
        if ("iam:CreateServiceLinkedRole".equals(action)) {
            leftOut.add(action + ": for a feature of " + type + " the template does not use; ElastiCache's is added on its own");
            return;
        }
        if ("iam:PassRole".equals(action) && "AWS::Lambda::Function".equals(type)) {
            // The functions' roles, passed to Lambda alone
            // (https://docs.aws.amazon.com/lambda/latest/dg/lambda-intro-execution-role.html).
            grants.condition(action, List.of(new Scope("StringEquals", "iam:PassedToService", "lambda.amazonaws.com",
                    "lambda.amazonaws.com", "lambda.amazonaws.com")));
        }
        if ("iam:PassRole".equals(action) && "AWS::CodeDeploy::DeploymentGroup".equals(type)) {
            // The deployment group's service role, passed to CodeDeploy alone
            // (https://docs.aws.amazon.com/codedeploy/latest/userguide/getting-started-create-service-role.html).
            grants.condition(action, List.of(new Scope("StringEquals", "iam:PassedToService", "codedeploy.amazonaws.com",
                    "codedeploy.amazonaws.com", "codedeploy.amazonaws.com")));
        }
        List<IamActions.ResourceType> types = iam.resourceTypes(action);
        if (types.isEmpty()) {
            grants.grant(why, action, "*", "*", "*", Optional.empty(), List.of());
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
                    grants.grant(why, action, arns.get().pattern(), arns.get().arn(), candidate, arns.get().outside(),
                            tagScope(action, arns.get()));
                    matched = true;
                }
            }
            if ("AWS::Lambda::Function".equals(type) && "object".equals(resourceType.name())) {
                grants.grant(why + ", the code sam deploy uploaded", action, artifacts(), artifacts().replace("*", "0123456789ab"),
                        "the artifacts bucket", Optional.empty(), List.of());
                matched = true;
            }
        }
        if (!matched && StackArns.of(template, id).isEmpty()) {
            Optional<StackArns> own = ownShape(id, type);
            if (own.isPresent() && types.stream().anyMatch(resourceType -> resourceType.matches(own.get().arn()))) {
                grants.grant(why, action, own.get().pattern(), own.get().arn(), id, own.get().outside(), List.of());
                matched = true;
            }
        }
        if (matched && "ec2".equals(IamActions.service(action))) {
            // The VPC, subnets and route tables are the deployer's own, given as parameters.
            types.stream().filter(resourceType -> resourceType.required() || VPC_OWN.contains(resourceType.name()))
                    .filter(resourceType -> candidates.stream().map(c -> StackArns.of(template, c)).flatMap(Optional::stream)
                            .noneMatch(arns -> resourceType.matches(arns.arn())))
                    .forEach(resourceType -> {
                        String any = resourceType.anyIn(template.region(), ResolvedTemplate.ACCOUNT);
                        grants.grant(why + ", on the VPC's own " + resourceType.name(), action, any, any.replace("*", "0123456789abcdef0"),
                                resourceType.name() + " of the VPC", Optional.empty(), List.of());
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
                    return Optional.of(StackArns.ofShape(resourceType.arnShape(), template.stackName(), template.region(), id));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * What deploying needs besides the resources' handlers: the code sam deploy uploaded to the
     * bootstrap's artifacts bucket, which Lambda reads with the caller's permission
     * (https://docs.aws.amazon.com/lambda/latest/api/API_FunctionCode.html), and ElastiCache's
     * service-linked role, which the first cache of an account creates
     * (https://docs.aws.amazon.com/AmazonElastiCache/latest/dg/using-service-linked-roles.html).
     * Change sets are the deployer's ({@link Bootstrap#deployerPolicy()}), not the service role's.
     */
    private void deployItself() {
        grants.grant("the functions' code (Lambda reads it as the caller)", "s3:GetObject", artifacts(), artifacts().replace("*", "0123456789ab"),
                "the artifacts bucket", Optional.empty(), List.of());
        if (!template.ofType("AWS::ElastiCache::ServerlessCache").isEmpty()) {
            grants.condition("iam:CreateServiceLinkedRole", List.of(new Scope("StringEquals", "iam:AWSServiceName", "elasticache.amazonaws.com",
                    "elasticache.amazonaws.com", "elasticache.amazonaws.com")));
            grants.grant("ElastiCache's service-linked role, created by the first cache of an account", "iam:CreateServiceLinkedRole",
                    ELASTICACHE_SERVICE_LINKED_ROLE, ELASTICACHE_SERVICE_LINKED_ROLE, "AWSServiceRoleForElastiCache", Optional.empty(), List.of());
        }
    }

    /** The stack's folder of the bootstrap's artifacts bucket, whose name CloudFormation makes from the bootstrap stack's. */
    private String artifacts() {
        return "arn:aws:s3:::" + template.stackName() + "-bootstrap-artifactsbucket-*/" + template.stackName() + "/*";
    }

    /**
     * A resource whose id AWS makes up (a key, a secret, a security group, a VPC endpoint) is the
     * stack's by its {@link #STACK_TAG}; what creates it has no tag to read yet.
     */
    private List<Scope> tagScope(String action, StackArns arns) {
        if (arns.outside().isPresent() || !Narrowing.taggable(action)) {
            return List.of();
        }
        return List.of(new Scope("StringEquals", STACK_TAG, template.stackName(), template.stackName(), StackArns.OTHER_STACK));
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
