package com.example.localaws.invoke;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.example.localaws.ProjectRoot;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * env.json against template.yaml. {@code sam local invoke --env-vars} sets only the variables the
 * template declares for a function (its own and the Globals'), "Environment variable file" of
 * https://docs.aws.amazon.com/serverless-application-model/latest/developerguide/serverless-sam-cli-using-invoke.html:
 * a variable missing from env.json keeps the template's value, which for a {@code !Ref} to a resource
 * is no value at all locally, and a name the template lacks is dropped. Reads files only (well
 * under a second).
 */
class EnvVarsFileTest {

    private static final Path ROOT = ProjectRoot.find();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path copy;

    @Test
    void projectsEnvJson_namesExactlyTheVariablesTemplateYamlDeclares_forEveryFunction() {
        assertEquals(List.of(), EnvVarsFile.read(ROOT).disagreements(ROOT.resolve("template.yaml")));
    }

    @Test
    void aTemplateVariableMissingFromEnvJson_isReported_namingTheFunctionAndTheVariable() throws IOException {
        // GIVEN the project's env.json without the publisher's METRICS_NAMESPACE
        ObjectNode env = (ObjectNode) JSON.readTree(ROOT.resolve("env.json").toFile());
        ((ObjectNode) env.path("PaymentEventsFunction")).remove("METRICS_NAMESPACE");
        Files.writeString(copy.resolve("env.json"), JSON.writeValueAsString(env));
        // WHEN it is checked against the project's template
        List<String> problems = EnvVarsFile.read(copy).disagreements(ROOT.resolve("template.yaml"));
        // THEN that variable alone is reported
        assertEquals(List.of("env.json: PaymentEventsFunction lacks METRICS_NAMESPACE, which template.yaml declares for it"),
                problems);
    }

    @Test
    void globalsVariables_extraVariables_missingAndStraySections_areEachReported() throws IOException {
        // GIVEN a template whose Globals declare LOG_LEVEL for both functions, and an env.json that
        // sets a variable A does not declare, has no section for B and one for a function that is not there
        Path template = copy.resolve("template.yaml");
        Files.writeString(template, """
                Globals:
                  Function:
                    Environment:
                      Variables:
                        LOG_LEVEL: INFO
                Resources:
                  A:
                    Type: AWS::Serverless::Function
                    Properties:
                      Environment:
                        Variables:
                          TABLE: !Ref Table
                  B:
                    Type: AWS::Serverless::Function
                  Table:
                    Type: AWS::DynamoDB::Table
                """);
        Files.writeString(copy.resolve("env.json"), """
                {"A": {"TABLE": "Table", "DEBUG": "true"}, "Gone": {}}
                """);
        // WHEN they are compared
        List<String> problems = EnvVarsFile.read(copy).disagreements(template);
        // THEN each disagreement is one sentence
        assertEquals(List.of(
                "env.json: A lacks LOG_LEVEL, which template.yaml declares for it",
                "env.json: A sets DEBUG, which template.yaml does not declare for it (sam local invoke drops it)",
                "env.json has no section for B, a function of template.yaml",
                "env.json has a section Gone, which is no function of template.yaml"), problems);
        // AND the template's declared variables are the function's own and the Globals'
        assertEquals(Set.of("LOG_LEVEL", "TABLE"), LambdaFunction.declaredVariables(template, "A"));
    }

    @Test
    void variables_ofAFunctionWithoutASection_orWithANonStringValue_failNamingIt() throws IOException {
        Files.writeString(copy.resolve("env.json"), """
                {"A": {"TIMEOUT_MS": 50}}
                """);
        EnvVarsFile file = EnvVarsFile.read(copy);
        assertEquals("env.json has no section for B: add one with each variable template.yaml declares for it",
                assertThrows(IllegalArgumentException.class, () -> file.variables("B")).getMessage());
        assertEquals("env.json: A.TIMEOUT_MS must be a string, as Lambda's variables are",
                assertThrows(IllegalArgumentException.class, () -> file.variables("A")).getMessage());
    }
}
