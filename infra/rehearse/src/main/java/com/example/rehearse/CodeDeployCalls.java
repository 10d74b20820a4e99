package com.example.rehearse;

import com.example.rehearse.iam.AccessRequest;
import com.example.rehearse.iam.Policies;
import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What CodeDeploy does with a deployment group's service role while it deploys a function
 * gradually, and what it must not be able to: the calls of AWS's managed policy
 * {@code AWSCodeDeployRoleForLambda} ("AWS managed policy reference") that a deployment of this
 * template makes are allowed, under the role's own policy and the stack's permissions boundary:
 * {@code cloudwatch:DescribeAlarms} (its alarms), {@code lambda:GetAlias} and {@code lambda:UpdateAlias}
 * on the function's alias ({@code lambda:GetProvisionedConcurrencyConfig}, granted beside them, is
 * not evaluated: the evaluator cannot tell which of the action's resource types an alias's ARN is,
 * and answers {@code multiple.resource.types}); the rest of that
 * policy, which this template never needs, is refused: {@code sns:Publish} (the deployment group
 * has no triggers), {@code s3:GetObject} (CloudFormation hands CodeDeploy the AppSpec), and the
 * alias of a function of another stack.
 */
final class CodeDeployCalls {

    private static final Map<String, String> TLS = Map.of("aws:SecureTransport", "true");

    private final ResolvedTemplate template;
    private final Policies policies;
    private final JsonNode boundary;
    private final List<AccessRequest> allowed = new ArrayList<>();
    private final List<ResourcePolicyChecks.Expectation> refused = new ArrayList<>();

    private CodeDeployCalls(ResolvedTemplate template, JsonNode boundary) {
        this.template = template;
        this.policies = new Policies(template);
        this.boundary = boundary;
    }

    /** The calls of every deployment group of {@code template}, its roles under {@code boundary}. */
    static CodeDeployCalls of(ResolvedTemplate template, JsonNode boundary) {
        CodeDeployCalls calls = new CodeDeployCalls(template, boundary);
        template.ofType("AWS::Lambda::Alias").forEach((aliasId, alias) -> {
            JsonNode update = template.updatePolicy(aliasId).path("CodeDeployLambdaAliasUpdate");
            if (!update.isMissingNode()) {
                calls.deployment(alias, update);
            }
        });
        return calls;
    }

    /** The calls CodeDeploy makes, each of which must be allowed. */
    List<AccessRequest> allowed() {
        return allowed;
    }

    /** The calls the role must be refused. */
    List<ResourcePolicyChecks.Expectation> refused() {
        return refused;
    }

    private void deployment(JsonNode alias, JsonNode update) {
        String groupId = template.logicalIdOf(update.path("DeploymentGroupName").asText()).orElseThrow();
        String roleArn = template.properties(groupId).path("ServiceRoleArn").asText();
        String roleId = template.logicalIdOf(roleArn).orElseThrow();
        String function = alias.path("FunctionName").asText();
        String functionId = template.logicalIdOf(function).orElse(function);
        String aliasArn = template.attribute(functionId, "Arn") + ":" + alias.path("Name").asText();
        String origin = "CodeDeploy, deployment group " + groupId;
        call(roleId, roleArn, origin, "cloudwatch:DescribeAlarms", "*", "*", true, "");
        for (String action : List.of("lambda:GetAlias", "lambda:UpdateAlias")) {
            call(roleId, roleArn, origin, action, aliasArn, functionId + " alias", true, "");
        }
        String topic = template.ref("AlarmTopic");
        call(roleId, roleArn, origin, "sns:Publish", topic, "AlarmTopic", false, "CodeDeploy's role publishes nothing (no triggers)");
        call(roleId, roleArn, origin, "s3:GetObject", "arn:aws:s3:::any-bucket/CodeDeploy/appspec.yaml", "an AppSpec in S3", false,
                "CodeDeploy's role reads no AppSpec from S3 (CloudFormation gives it)");
        String otherAlias = aliasArn.replace(template.stackName(), "another-stack");
        call(roleId, roleArn, origin, "lambda:UpdateAlias", otherAlias, "another stack's alias", false,
                "CodeDeploy's role shifts no other stack's alias");
    }

    private void call(String roleId, String roleArn, String origin, String action, String resource, String resourceId,
                      boolean allow, String why) {
        AccessRequest request = new AccessRequest(roleId, "AWS-side: " + origin, roleArn, action, resource, resourceId, TLS,
                policies.identityPolicies(roleId), resource.equals("*") ? Optional.empty() : policies.resourcePolicy(resource),
                Optional.empty()).under(boundary);
        if (allow) {
            allowed.add(request);
        } else {
            refused.add(new ResourcePolicyChecks.Expectation(request, false, why));
        }
    }
}
