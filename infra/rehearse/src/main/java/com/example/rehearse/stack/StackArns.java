package com.example.rehearse.stack;

import com.example.rehearse.template.ResolvedTemplate;
import java.util.Optional;

/**
 * Where a resource of the stack lives, for the deployer's policy: an ARN of the rehearsal's
 * account in the shape AWS gives it (for the evaluator), the pattern the policy grants (the
 * stack's name where the resource's name starts with it: CloudFormation names a resource it names
 * {@code <stack>-<logical id>-<random>}, and the template names the rest from the stack's name),
 * and the same ARN outside the stack (another stack's), which the policy must refuse. A resource
 * whose id AWS makes up (a key, a security group) is granted by its type alone, and has no outside.
 *
 * @param arn     the resource's ARN in the rehearsal
 * @param pattern what the policy grants for it
 * @param outside the same resource of another stack, when the pattern is the stack's own
 */
record StackArns(String arn, String pattern, Optional<String> outside) {

    static final String OTHER_STACK = "another-stack";
    private static final String ACCOUNT = ResolvedTemplate.ACCOUNT;

    /** The resource's ARNs, if it has one of its own (a queue policy, a version or a permission acts on another's). */
    static Optional<StackArns> of(ResolvedTemplate template, String id) {
        String stack = template.stackName();
        String in = ":" + template.region() + ":" + ACCOUNT + ":";
        return switch (template.type(id)) {
            case "AWS::DynamoDB::Table", "AWS::DynamoDB::GlobalTable" -> scoped(template.attribute(id, "Arn"), "arn:aws:dynamodb" + in + "table/" + stack + "-*", stack);
            case "AWS::SQS::Queue" -> scoped(template.attribute(id, "Arn"), "arn:aws:sqs" + in + stack + "-*", stack);
            case "AWS::SNS::Topic" -> scoped(template.ref(id), "arn:aws:sns" + in + stack + "-*", stack);
            case "AWS::IAM::Role" -> scoped(template.attribute(id, "Arn"), "arn:aws:iam::" + ACCOUNT + ":role/" + stack + "-*", stack);
            case "AWS::Lambda::Function" -> scoped(template.attribute(id, "Arn"), "arn:aws:lambda" + in + "function:" + stack + "-*", stack);
            case "AWS::CloudWatch::Alarm" -> scoped(template.attribute(id, "Arn"), "arn:aws:cloudwatch" + in + "alarm:" + stack + "-*", stack);
            case "AWS::Events::Rule" -> scoped(template.attribute(id, "Arn"), "arn:aws:events" + in + "rule/" + stack + "-*", stack);
            case "AWS::CloudWatch::Dashboard" -> named(template, id, "DashboardName", "arn:aws:cloudwatch::" + ACCOUNT + ":dashboard/");
            case "AWS::KMS::Alias" -> named(template, id, "AliasName", "arn:aws:kms" + in);
            case "AWS::Logs::LogGroup" -> named(template, id, "LogGroupName", "arn:aws:logs" + in + "log-group:");
            case "AWS::ElastiCache::ServerlessCache" -> named(template, id, "ServerlessCacheName", "arn:aws:elasticache" + in + "serverlesscache:");
            // CodeDeploy's application and deployment group, named <stack>-<logical id>-<random>; a deployment
            // group's ARN names its application first (deploymentgroup:<application>/<group>).
            case "AWS::CodeDeploy::Application" -> scoped("arn:aws:codedeploy" + in + "application:" + stack + "-" + id,
                    "arn:aws:codedeploy" + in + "application:" + stack + "-*", stack);
            case "AWS::CodeDeploy::DeploymentGroup" -> scoped("arn:aws:codedeploy" + in + "deploymentgroup:"
                    + template.properties(id).path("ApplicationName").asText() + "/" + stack + "-" + id,
                    "arn:aws:codedeploy" + in + "deploymentgroup:" + stack + "-*", stack);
            case "AWS::KMS::Key" -> unscoped(template.attribute(id, "Arn"), "arn:aws:kms" + in + "key/*");
            // CloudFormation names a secret after its logical id, not the stack.
            case "AWS::SecretsManager::Secret" -> unscoped(template.attribute(id, "Arn"), "arn:aws:secretsmanager" + in + "secret:*");
            case "AWS::EC2::SecurityGroup" -> unscoped("arn:aws:ec2" + in + "security-group/" + template.ref(id), "arn:aws:ec2" + in + "security-group/*");
            case "AWS::EC2::VPCEndpoint" -> unscoped("arn:aws:ec2" + in + "vpc-endpoint/" + template.ref(id), "arn:aws:ec2" + in + "vpc-endpoint/*");
            case "AWS::Lambda::EventSourceMapping" -> unscoped("arn:aws:lambda" + in + "event-source-mapping:0f1e2d3c-4b5a-6978-8a9b-" + id.length() + "0c1d2e3f4a5b",
                    "arn:aws:lambda" + in + "event-source-mapping:*");
            default -> Optional.empty();
        };
    }

    /**
     * A resource of a type the list above does not know, in {@code shape} (the ARN shape of what
     * its create action makes), named as CloudFormation names what it names,
     * {@code <stack>-<logical id>-<random>}; a type CloudFormation names otherwise belongs in the list.
     */
    static StackArns ofShape(String shape, String stack, String region, String id) {
        String filled = shape.replace("${Partition}", "aws").replace("${Region}", region).replace("${Account}", ACCOUNT);
        String arn = filled.replaceAll("\\$\\{[^}]*}", stack + "-" + id);
        return new StackArns(arn, filled.replaceAll("\\$\\{[^}]*}", stack + "-*"), Optional.of(arn.replace(stack, OTHER_STACK)));
    }

    private static Optional<StackArns> scoped(String arn, String pattern, String stack) {
        return Optional.of(new StackArns(arn, pattern, Optional.of(arn.replace(stack, OTHER_STACK))));
    }

    private static Optional<StackArns> unscoped(String arn, String pattern) {
        return Optional.of(new StackArns(arn, pattern, Optional.empty()));
    }

    /** A resource the template names: granted up to the stack's name in it (and the separator after it). */
    private static Optional<StackArns> named(ResolvedTemplate template, String id, String property, String prefix) {
        String stack = template.stackName();
        String name = template.properties(id).path(property).asText(stack + "-" + id);
        int at = name.indexOf(stack);
        if (at < 0) {
            return unscoped(prefix + name, prefix + name);
        }
        int end = at + stack.length();
        if (end < name.length() && (name.charAt(end) == '/' || name.charAt(end) == '-')) {
            end++;
        }
        return scoped(prefix + name, prefix + name.substring(0, end) + "*", stack);
    }
}
