package com.example.rehearse.stack;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What narrows the deploy policy, so that deploying is no way to anything else (DESIGN §12):
 * the actions never granted whatever a handler's schema lists (data, a role's boundary and trust,
 * managed policies, resource policies), those given only under a condition (the stack's
 * permissions boundary, the stack's functions), and those scoped by the stack's tag.
 */
final class Narrowing {

    /**
     * Reading or writing items, secrets' values and plaintext: never for deploying, whatever a
     * handler's schema lists (docs/deploy.md, "Who deploys").
     */
    static final Set<String> DATA_PLANE = Set.of("dynamodb:BatchGetItem", "dynamodb:BatchWriteItem", "dynamodb:DeleteItem",
            "dynamodb:GetItem", "dynamodb:ImportTable", "dynamodb:PutItem", "dynamodb:Query", "dynamodb:Scan", "dynamodb:UpdateItem",
            "kms:Decrypt", "kms:Encrypt", "kms:GenerateDataKey", "kms:GenerateDataKeyWithoutPlaintext", "kms:ReEncryptFrom",
            "kms:ReEncryptTo", "secretsmanager:GetSecretValue", "secretsmanager:PutSecretValue");
    /** What would change a role's boundary or trust, or expose a table to others: never granted, each with why. */
    private static final Map<String, String> NEVER = Map.of(
            "iam:DeleteRolePermissionsBoundary", "a role's boundary is never removed",
            "iam:UpdateAssumeRolePolicy", "a role's trust policy is set once, when it is created (lambda.amazonaws.com); a change is the bootstrap admin's",
            "dynamodb:PutResourcePolicy", "no table of the template has a resource policy",
            "dynamodb:DeleteResourcePolicy", "no table of the template has a resource policy");
    /** Given only with the stack's boundary ({@code iam:PermissionsBoundary}). */
    static final Set<String> UNDER_BOUNDARY = Set.of("iam:CreateRole", "iam:PutRolePolicy", "iam:DeleteRolePolicy",
            "iam:PutRolePermissionsBoundary");
    /** Given only with the managed policies the template names ({@code iam:PolicyARN}): it names none. */
    private static final Set<String> MANAGED_POLICIES = Set.of("iam:AttachRolePolicy", "iam:DetachRolePolicy");
    /** Scoped by {@code lambda:FunctionArn} to the stack's functions. */
    static final Set<String> MAPPING_ACTIONS = Set.of("lambda:CreateEventSourceMapping", "lambda:DeleteEventSourceMapping",
            "lambda:GetEventSourceMapping", "lambda:UpdateEventSourceMapping");
    /** What makes a resource whose id AWS makes up: it has no tag to scope by yet. */
    private static final Set<String> CREATES = Set.of("kms:CreateKey", "secretsmanager:CreateSecret", "ec2:CreateSecurityGroup",
            "ec2:CreateVpcEndpoint", "ec2:CreateTags");
    private Narrowing() {
    }

    /** Why deploying never needs {@code action}, whatever a handler's schema lists; empty when it may. */
    static Optional<String> neverGranted(String action) {
        if (DATA_PLANE.contains(action)) {
            return Optional.of("reads or writes data, which deploying never does");
        }
        if (MANAGED_POLICIES.contains(action)) {
            return Optional.of("the template's roles name no managed policy, so none may be attached");
        }
        return Optional.ofNullable(NEVER.get(action));
    }

    /**
     * Whether {@code action} acts on a resource whose id AWS makes up (a key, a secret, a security
     * group, a VPC endpoint), so that it is the stack's by its {@code aws:cloudformation:stack-name} tag; what
     * creates one has no tag to read yet.
     */
    static boolean taggable(String action) {
        return !CREATES.contains(action) && Set.of("kms", "secretsmanager", "ec2").contains(IamActions.service(action));
    }
}
