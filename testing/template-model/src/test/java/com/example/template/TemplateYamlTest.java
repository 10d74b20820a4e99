package com.example.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** How Jackson reads CloudFormation's short-form tags, and what {@link TemplateYaml} makes of them. */
class TemplateYamlTest {

    private static final String SHORT_FORMS = """
            Ref: !Ref PaymentsQueue
            Literal: PaymentsQueue
            GetAtt: !GetAtt FastPathCache.Endpoint.Address
            Sub: !Sub "arn:${AWS::Partition}:logs"
            If: !If [FastPathEnabled, !Ref VpcId, !Ref AWS::NoValue]
            And: !And [!Condition FastPathEnabled, !Equals [!Ref P, "true"]]
            Str: !!str 30
            Timeout: 30
            """;

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void jacksonReadTree_dropsShortFormTags_soAReferenceLooksLikeALiteral() throws IOException {
        // GIVEN a template with short-form intrinsics
        // WHEN Jackson's own YAML mapper reads it
        JsonNode tree = new YAMLMapper().readTree(SHORT_FORMS);
        // THEN the tags are gone: !Ref X is the string X, !If a plain list
        assertEquals(tree.get("Literal"), tree.get("Ref"));
        assertEquals(JSON.readTree("[\"FastPathEnabled\", \"VpcId\", \"AWS::NoValue\"]"), tree.get("If"));
    }

    @Test
    void shortFormTags_readAsCloudFormationLongForms() throws IOException {
        // GIVEN the same template WHEN the CloudFormation reader reads it
        JsonNode tree = TemplateYaml.read(SHORT_FORMS).root();
        // THEN each tag is the intrinsic CloudFormation would see, and literals stay literals
        assertEquals(JSON.readTree("{\"Ref\": \"PaymentsQueue\"}"), tree.get("Ref"));
        assertEquals(JSON.readTree("\"PaymentsQueue\""), tree.get("Literal"));
        assertEquals(JSON.readTree("{\"Fn::GetAtt\": [\"FastPathCache\", \"Endpoint.Address\"]}"), tree.get("GetAtt"));
        assertEquals(JSON.readTree("{\"Fn::Sub\": \"arn:${AWS::Partition}:logs\"}"), tree.get("Sub"));
        assertEquals(JSON.readTree(
                "{\"Fn::If\": [\"FastPathEnabled\", {\"Ref\": \"VpcId\"}, {\"Ref\": \"AWS::NoValue\"}]}"),
                tree.get("If"));
        assertEquals(JSON.readTree(
                "{\"Fn::And\": [{\"Condition\": \"FastPathEnabled\"}, {\"Fn::Equals\": [{\"Ref\": \"P\"}, \"true\"]}]}"),
                tree.get("And"));
        // AND a standard YAML tag is not an intrinsic; an untagged number stays a number
        assertEquals(JSON.readTree("\"30\""), tree.get("Str"));
        assertTrue(tree.get("Timeout").isNumber());
    }

    @Test
    void everyNode_knowsItsLine() throws IOException {
        // GIVEN the template WHEN it is read
        TemplateYaml.Document document = TemplateYaml.read(SHORT_FORMS);
        // THEN the reader can point at the line of an intrinsic and of the strings inside it
        assertEquals(1, document.lineOf(document.root().get("Ref")));
        assertEquals(3, document.lineOf(document.root().get("GetAtt").get("Fn::GetAtt").get(0)));
        assertEquals(5, document.lineOf(document.root().get("If").get("Fn::If").get(1).get("Ref")));
    }
}
