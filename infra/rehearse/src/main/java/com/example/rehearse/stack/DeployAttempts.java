package com.example.rehearse.stack;

import com.example.rehearse.template.ResolvedTemplate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The deploy path's two proofs beside the stack's life: what the deployer must be allowed (the
 * calls the SAM CLI makes for {@code sam deploy --role-arn} and {@code sam delete}, from its
 * sources and https://docs.aws.amazon.com/serverless-application-model/latest/developerguide/sam-permissions.html),
 * and the escalation and exfiltration attempts every deploying principal must be refused (the
 * Rhino Security Labs methods cloudsplaining encodes, and reading or writing the money). A role
 * made under the boundary with an allow-everything policy and assumed by someone else stands for
 * what the service role could create: what it is refused is what the boundary holds.
 */
public final class DeployAttempts {

    /** Who asks. */
    public enum Principal {
        DEPLOYER("the deployer"),
        SERVICE_ROLE("the service role"),
        UNDER_BOUNDARY("a role made under the boundary, assumed by a user");

        private final String label;

        Principal(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * One request and the decision it must get.
     *
     * @param principal who asks
     * @param what      the attempt, for the table
     * @param action    the IAM action
     * @param resource  the resource's ARN
     * @param context   the request's condition keys
     * @param allowed   whether it must be allowed (else refused)
     */
    public record Attempt(Principal principal, String what, String action, String resource, Map<String, String> context, boolean allowed) {
        public Attempt {
            context = Map.copyOf(context);
        }
    }

    private static final String ADMINISTRATOR = "arn:aws:iam::aws:policy/AdministratorAccess";

    private final ResolvedTemplate template;
    /** {@code :<region>:<account>:}, the middle of an ARN of the stack's Region and account. */
    private final String in;
    private final Bootstrap bootstrap;
    private final List<String> readableSecrets;
    private final List<Attempt> attempts = new ArrayList<>();

    private DeployAttempts(ResolvedTemplate template, Bootstrap bootstrap, List<String> readableSecrets) {
        this.template = template;
        this.in = ":" + template.region() + ":" + ResolvedTemplate.ACCOUNT + ":";
        this.bootstrap = bootstrap;
        this.readableSecrets = readableSecrets;
    }

    /** Every attempt for the stack of {@code template}, deployed through {@code bootstrap}. */
    public static List<Attempt> of(ResolvedTemplate template, Bootstrap bootstrap, List<String> readableSecrets) {
        DeployAttempts all = new DeployAttempts(template, bootstrap, readableSecrets);
        all.samCli();
        for (Principal principal : Principal.values()) {
            all.escalations(principal);
            all.exfiltrations(principal);
        }
        return all.attempts;
    }

    /** What sam deploy (with samconfig.toml's role_arn and s3_bucket) and sam delete call as the deployer. */
    private void samCli() {
        String stack = "arn:aws:cloudformation" + in + "stack/" + template.stackName() + "/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b";
        String code = bootstrap.artifactsArn() + "/" + template.stackName() + "/0123456789abcdef";
        Map<String, String> throughRole = Map.of("cloudformation:RoleArn", bootstrap.serviceRoleArn());
        allowed("sam deploy: is the stack there", "cloudformation:DescribeStacks", stack, Map.of());
        allowed("sam deploy: the code and template uploaded", "s3:PutObject", code, Map.of());
        allowed("sam deploy: the change set, run as the service role", "cloudformation:CreateChangeSet", stack, throughRole);
        allowed("sam deploy: the service role handed to CloudFormation", "iam:PassRole", bootstrap.serviceRoleArn(),
                Map.of("iam:PassedToService", "cloudformation.amazonaws.com"));
        allowed("sam deploy: the change set's state", "cloudformation:DescribeChangeSet", stack, Map.of());
        allowed("sam deploy: the change set executed", "cloudformation:ExecuteChangeSet", stack, Map.of());
        allowed("sam deploy: an empty change set removed", "cloudformation:DeleteChangeSet", stack, Map.of());
        allowed("sam deploy: the stack's events while it runs", "cloudformation:DescribeStackEvents", stack, Map.of());
        allowed("sam delete: the template, for its artifacts", "cloudformation:GetTemplate", stack, Map.of());
        allowed("sam delete: the stack deleted (as the service role, the stack's own)", "cloudformation:DeleteStack", stack, Map.of());
        allowed("sam delete: the artifacts removed", "s3:DeleteObject", code, Map.of());
    }

    private void escalations(Principal principal) {
        String newRole = "arn:aws:iam::" + ResolvedTemplate.ACCOUNT + ":role/" + template.stackName() + "-Escalation";
        String stackRole = template.attribute(firstOf("AWS::IAM::Role"), "Arn");
        String boundary = bootstrap.boundaryArn();
        Map<String, String> underBoundary = Map.of("iam:PermissionsBoundary", boundary);
        denied(principal, "create a role without the boundary", "iam:CreateRole", newRole, Map.of());
        denied(principal, "create a role under another boundary", "iam:CreateRole", newRole,
                Map.of("iam:PermissionsBoundary", ADMINISTRATOR));
        denied(principal, "attach AdministratorAccess", "iam:AttachRolePolicy", newRole,
                Map.of("iam:PermissionsBoundary", boundary, "iam:PolicyARN", ADMINISTRATOR));
        denied(principal, "put an inline *:* policy on a role without the boundary", "iam:PutRolePolicy", bootstrap.serviceRoleArn(), Map.of());
        denied(principal, "change a role's trust policy (to a user)", "iam:UpdateAssumeRolePolicy", stackRole, underBoundary);
        denied(principal, "delete a role's boundary", "iam:DeleteRolePermissionsBoundary", stackRole, underBoundary);
        denied(principal, "replace a role's boundary", "iam:PutRolePermissionsBoundary", stackRole,
                Map.of("iam:PermissionsBoundary", ADMINISTRATOR));
        denied(principal, "pass a stack role to another service", "iam:PassRole", stackRole, Map.of("iam:PassedToService", "ec2.amazonaws.com"));
        denied(principal, "pass the service role to a function", "iam:PassRole", bootstrap.serviceRoleArn(),
                Map.of("iam:PassedToService", "lambda.amazonaws.com"));
        denied(principal, "create a function outside the stack", "lambda:CreateFunction",
                "arn:aws:lambda" + in + "function:" + StackArns.OTHER_STACK + "-Escalation", Map.of());
        denied(principal, "point an event source mapping at a function outside the stack", "lambda:UpdateEventSourceMapping",
                "arn:aws:lambda" + in + "event-source-mapping:0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b",
                Map.of("lambda:FunctionArn", "arn:aws:lambda" + in + "function:" + StackArns.OTHER_STACK + "-Function"));
        denied(principal, "run a change set of another stack", "cloudformation:CreateChangeSet",
                "arn:aws:cloudformation" + in + "stack/" + StackArns.OTHER_STACK + "/0f1e2d3c",
                Map.of("cloudformation:RoleArn", bootstrap.serviceRoleArn()));
        denied(principal, "run the stack's change set as another role", "cloudformation:CreateChangeSet",
                "arn:aws:cloudformation" + in + "stack/" + template.stackName() + "/0f1e2d3c", Map.of("cloudformation:RoleArn", stackRole));
        if (principal != Principal.SERVICE_ROLE) {
            denied(principal, "change the stack's function's code outside CloudFormation", "lambda:UpdateFunctionCode",
                    template.attribute(firstOf("AWS::Lambda::Function"), "Arn"), Map.of());
        }
        String otherKey = "arn:aws:kms" + in + "key/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b";
        Map<String, String> otherStack = Map.of(DeployPolicy.STACK_TAG, StackArns.OTHER_STACK);
        denied(principal, "rewrite another key's policy", "kms:PutKeyPolicy", otherKey, otherStack);
        denied(principal, "schedule another key's deletion", "kms:ScheduleKeyDeletion", otherKey, otherStack);
    }

    private void exfiltrations(Principal principal) {
        for (String table : List.of("AccountsTable", "IdempotencyTable")) {
            if (template.has(table)) {
                String arn = template.attribute(table, "Arn");
                denied(principal, "write an item (" + table + ")", "dynamodb:PutItem", arn, Map.of());
                denied(principal, "delete an item (" + table + ")", "dynamodb:DeleteItem", arn, Map.of());
            }
        }
        String producerKey = readableSecrets.isEmpty()
                ? "arn:aws:secretsmanager" + in + "secret:payments-producer-key-AbCdEf" : readableSecrets.get(readableSecrets.size() - 1);
        denied(principal, "read a named secret's value (a producer's key, the push API credential)", "secretsmanager:GetSecretValue",
                producerKey, Map.of());
        denied(principal, "read another stack's secret", "secretsmanager:GetSecretValue",
                "arn:aws:secretsmanager" + in + "secret:" + StackArns.OTHER_STACK + "-secret-AbCdEf",
                Map.of(DeployPolicy.STACK_TAG, StackArns.OTHER_STACK));
        template.ofType("AWS::KMS::Key").keySet().stream().findFirst().ifPresent(key -> denied(principal, "decrypt with the stack's key",
                "kms:Decrypt", template.attribute(key, "Arn"), Map.of(DeployPolicy.STACK_TAG, template.stackName())));
    }

    private String firstOf(String type) {
        return template.ofType(type).keySet().iterator().next();
    }

    private void allowed(String what, String action, String resource, Map<String, String> context) {
        attempts.add(new Attempt(Principal.DEPLOYER, what, action, resource, context, true));
    }

    private void denied(Principal principal, String what, String action, String resource, Map<String, String> context) {
        attempts.add(new Attempt(principal, what, action, resource, context, false));
    }
}
