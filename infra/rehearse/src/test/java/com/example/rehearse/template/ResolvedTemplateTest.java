package com.example.rehearse.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResolvedTemplateTest {

    private static final String TEMPLATE = """
            {"Parameters": {"On": {"Type": "String", "Default": "false"},
                            "Subnets": {"Type": "CommaDelimitedList", "Default": ""}},
             "Conditions": {"IsOn": {"Fn::Equals": [{"Ref": "On"}, "true"]},
                            "IsOff": {"Fn::Not": [{"Condition": "IsOn"}]}},
             "Resources": {
               "Key": {"Type": "AWS::KMS::Key", "Properties": {}},
               "Table": {"Type": "AWS::DynamoDB::Table", "Properties": {"SSESpecification": {"KMSMasterKeyId": {"Fn::GetAtt": ["Key", "Arn"]}}}},
               "Endpoint": {"Type": "AWS::EC2::VPCEndpoint", "Condition": "IsOn", "Properties": {"SubnetIds": {"Ref": "Subnets"}}},
               "Function": {"Type": "AWS::Lambda::Function",
                            "Metadata": {"Waits": {"Fn::If": ["IsOn", {"Ref": "Endpoint"}, "none"]}},
                            "Properties": {"Environment": {"Variables": {
                               "TABLE": {"Ref": "Table"},
                               "ARN": {"Fn::Sub": "${Table.Arn}/in/${AWS::Region}"},
                               "OPTIONAL": {"Fn::If": ["IsOff", {"Ref": "AWS::NoValue"}, "set"]}}}}},
               "Version": {"Type": "AWS::Lambda::Version", "Properties": {"FunctionName": {"Ref": "Function"}}}}}
            """;

    private static ResolvedTemplate resolved(Map<String, String> values) throws Exception {
        JsonNode root = new ObjectMapper().readTree(TEMPLATE);
        return ResolvedTemplate.of(root, values, "stack");
    }

    @Test
    void conditionalResources_existOnlyWhenTheirConditionHolds() throws Exception {
        assertFalse(resolved(Map.of()).has("Endpoint"));
        assertTrue(resolved(Map.of("On", "true", "Subnets", "subnet-a,subnet-b")).has("Endpoint"));
    }

    @Test
    void intrinsics_resolveToTheDocumentedShapes_andNoValueDisappears() throws Exception {
        JsonNode variables = resolved(Map.of()).properties("Function").path("Environment").path("Variables");

        assertEquals("stack-Table", variables.path("TABLE").asText());
        assertEquals("arn:aws:dynamodb:us-east-1:123456789012:table/stack-Table/in/us-east-1", variables.path("ARN").asText());
        assertFalse(variables.has("OPTIONAL"));
    }

    @Test
    void aListParameter_resolvesToAList() throws Exception {
        JsonNode subnets = resolved(Map.of("On", "true", "Subnets", "subnet-a,subnet-b")).properties("Endpoint").path("SubnetIds");

        assertEquals(2, subnets.size());
        assertEquals("subnet-b", subnets.get(1).asText());
    }

    @Test
    void aVersionsDependencyClosure_followsReferencesInMetadata_onlyThroughTheBranchTaken() throws Exception {
        assertTrue(resolved(Map.of("On", "true", "Subnets", "subnet-a")).dependencyClosure("Version").containsAll(
                List.of("Function", "Endpoint", "Table", "Key")));
        assertFalse(resolved(Map.of()).dependencyClosure("Version").contains("Endpoint"));
    }

    @Test
    void aParameterWithoutDefault_mustBeGiven() {
        String template = "{\"Parameters\": {\"Url\": {\"Type\": \"String\"}}, \"Resources\": {}}";
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ResolvedTemplate.of(new ObjectMapper().readTree(template), Map.of(), "stack"));
        assertTrue(refused.getMessage().contains("Url"));
    }
}
