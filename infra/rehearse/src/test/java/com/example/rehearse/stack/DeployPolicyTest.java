package com.example.rehearse.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The service role's policy derived from the registry schemas of a small template of its own: a
 * function and its role (and a table). Uses the project's installed cfn-lint schemas and IAM data
 * (infra/rehearse/setup-rehearse-tools.sh, which make test runs first).
 */
class DeployPolicyTest {

    private static final Path PROJECT = Path.of("../..").toAbsolutePath().normalize();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BOUNDARY = "arn:aws:iam::123456789012:policy/payments-test-function-boundary";
    private static final String TEMPLATE = """
            {"Resources": {
               "Role": {"Type": "AWS::IAM::Role", "Properties": {"AssumeRolePolicyDocument": {}}},
               "Function": {"Type": "AWS::Lambda::Function",
                            "Properties": {"Role": {"Fn::GetAtt": ["Role", "Arn"]},
                                           "Code": {"S3Bucket": "artifacts", "S3Key": "f.zip"}}}}}""";

    private static final String TABLE = TEMPLATE.replace("}}}}}", "}}},\n"
            + "   \"Table\": {\"Type\": \"AWS::DynamoDB::Table\", \"Properties\": {\"TableName\": \"payments-test-Table\"}}}}");

    @Test
    void aFunctionsRole_isPassedToLambdaOnly_andOnlyTheStacksRoles() throws IOException {
        // GIVEN a function and its role
        DeployPolicy policy = derive();
        // WHEN its policy is derived
        Optional<DeployNeed> passRole = policy.needs().stream().filter(need -> need.action().equals("iam:PassRole")).findFirst();
        // THEN the create handler's iam:PassRole is needed on that role, passed to Lambda, and refused on another stack's
        assertTrue(passRole.isPresent(), policy.needs()::toString);
        assertEquals("arn:aws:iam::123456789012:role/payments-test-Role", passRole.get().arn());
        assertEquals(Map.of("iam:PassedToService", "lambda.amazonaws.com"), passRole.get().context());
        assertEquals(Optional.of("arn:aws:iam::123456789012:role/another-stack-Role"), passRole.get().outside());
        JsonNode statement = statementOf(policy, "iam:PassRole");
        assertEquals("arn:aws:iam::123456789012:role/payments-test-*", statement.path("Resource").asText());
        assertEquals("lambda.amazonaws.com", statement.path("Condition").path("StringEquals").path("iam:PassedToService").asText());
    }

    @Test
    void whatIsNoIamAction_orServesAFeatureNotUsed_isLeftOut_andSaidSo() throws IOException {
        // GIVEN the same template WHEN its policy is derived
        DeployPolicy policy = derive();
        List<String> granted = policy.needs().stream().map(DeployNeed::action).toList();
        // THEN Lambda's create handler's lambda:AssociateRuntimeAlias (no IAM action) and its EFS
        // check (no file system in the stack) are listed as left out, not granted
        assertTrue(policy.leftOut().stream().anyMatch(line -> line.startsWith("lambda:AssociateRuntimeAlias: not an IAM action")),
                policy.leftOut()::toString);
        assertTrue(policy.leftOut().stream().anyMatch(line -> line.startsWith("elasticfilesystem:DescribeMountTargets: no resource of the stack")),
                policy.leftOut()::toString);
        assertTrue(!granted.contains("elasticfilesystem:DescribeMountTargets") && granted.contains("lambda:CreateFunction"), granted::toString);
    }

    @Test
    void aRole_isCreatedOnlyUnderTheBoundary_neverFreedOfIt_andNoItemIsEverWritten() throws IOException {
        // GIVEN a function, its role and a table WHEN the service role's policy is derived
        DeployPolicy policy = derive(TABLE);
        List<String> granted = policy.needs().stream().map(DeployNeed::action).toList();
        // THEN creating the role and putting its policies are needed with the stack's boundary, and granted only with it
        DeployNeed createRole = policy.needs().stream().filter(need -> need.action().equals("iam:CreateRole")).findFirst()
                .orElseThrow(() -> new AssertionError(policy.needs().toString()));
        assertEquals(Map.of("iam:PermissionsBoundary", BOUNDARY), createRole.context());
        for (String action : List.of("iam:CreateRole", "iam:PutRolePolicy")) {
            assertEquals(BOUNDARY, statementOf(policy, action).path("Condition").path("StringLike").path("iam:PermissionsBoundary").asText(),
                    action);
        }
        // AND removing a boundary, changing a trust policy and the table's items are left out, each saying why
        for (String action : List.of("iam:DeleteRolePermissionsBoundary", "iam:UpdateAssumeRolePolicy", "dynamodb:PutItem", "dynamodb:DeleteItem")) {
            assertTrue(!granted.contains(action) && policy.leftOut().stream().anyMatch(line -> line.startsWith(action + ": ")),
                    () -> action + " in " + granted + ", left out: " + policy.leftOut());
        }
        assertTrue(granted.contains("dynamodb:CreateTable"), granted::toString);
    }

    private static DeployPolicy derive() throws IOException {
        return derive(TEMPLATE);
    }

    private static DeployPolicy derive(String text) throws IOException {
        ResolvedTemplate template = ResolvedTemplate.of(JSON.readTree(text), Map.of(), "payments-test");
        return DeployPolicy.derive(template, ResourceSchemas.of(PROJECT), PROJECT.resolve("infra/rehearse/iam"), BOUNDARY);
    }

    private static JsonNode statementOf(DeployPolicy policy, String action) {
        for (JsonNode statement : policy.document().path("Statement")) {
            for (JsonNode listed : statement.path("Action")) {
                if (listed.asText().equals(action)) {
                    return statement;
                }
            }
        }
        throw new AssertionError(action + " is in no statement of " + policy.document());
    }
}
