package com.example.rehearse.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a failed first create and a delete leave of a stack, on small CloudFormation templates of their own. */
class LifecycleTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String LOG_GROUP = """
            "Logs": {"Type": "AWS::Logs::LogGroup", "DeletionPolicy": "%s",
                     "Properties": {"LogGroupName": {"Fn::Sub": "/aws/lambda/${AWS::StackName}/audit"}}}""";
    private static final String TEARDOWN = "aws logs delete-log-group --region \"$REGION\" --log-group-name \"/aws/lambda/$STACK/audit\"";

    @Test
    void aNamedLogGroupRetained_stopsTheRetryOfAFailedCreate() throws IOException {
        // GIVEN a log group with a fixed name and DeletionPolicy Retain, torn down by the guide
        Lifecycle lifecycle = lifecycle(LOG_GROUP.formatted("Retain"), TEARDOWN);
        // THEN the retry after a rolled-back create is stopped by its name, and the fix is named
        assertEquals(1, lifecycle.failures().size(), lifecycle.failures()::toString);
        assertTrue(lifecycle.failures().get(0).startsWith("Logs (AWS::Logs::LogGroup) keeps its name /aws/lambda/payments-test/audit"
                + " when a failed first create rolls back (DeletionPolicy: Retain)"), lifecycle.failures()::toString);
        assertTrue(lifecycle.failures().get(0).contains("use DeletionPolicy: RetainExceptOnCreate"), lifecycle.failures()::toString);
    }

    @Test
    void aNamedLogGroupRetainedExceptOnCreate_isDeletedByTheTeardown_andStopsNothing() throws IOException {
        // GIVEN the same log group RetainExceptOnCreate, and the guide's teardown deleting it
        Lifecycle lifecycle = lifecycle(LOG_GROUP.formatted("RetainExceptOnCreate"), TEARDOWN);
        // THEN nothing stops a retry or a re-creation, and the teardown is that command
        assertEquals(List.of(), lifecycle.failures());
        assertEquals(List.of("sam delete --config-env <env>", TEARDOWN), lifecycle.teardown());
    }

    @Test
    void aRetainedLogGroupTheTeardownMisses_stopsTheStacksReCreation() throws IOException {
        // GIVEN the log group RetainExceptOnCreate, and a guide whose teardown does not delete it
        Lifecycle lifecycle = lifecycle(LOG_GROUP.formatted("RetainExceptOnCreate"), "sam delete");
        // THEN creating the stack again is stopped by its name, and the command the guide must run is named
        assertEquals(1, lifecycle.failures().size(), lifecycle.failures()::toString);
        assertTrue(lifecycle.failures().get(0).contains("creating the stack again fails with AlreadyExists on /aws/lambda/payments-test/audit"),
                lifecycle.failures()::toString);
        assertTrue(lifecycle.failures().get(0).endsWith("must run: " + TEARDOWN), lifecycle.failures()::toString);
    }

    @Test
    void aNamedSecretDeletedWithTheStack_holdsItsNameInTheRecoveryWindow() throws IOException {
        // GIVEN a secret the template names, deleted with the stack
        Lifecycle lifecycle = lifecycle("""
                "Key": {"Type": "AWS::SecretsManager::Secret", "DeletionPolicy": "Delete",
                        "Properties": {"Name": {"Fn::Sub": "${AWS::StackName}-key"}}}""", "");
        // THEN both a retry and a re-creation are stopped by its name
        assertEquals(2, lifecycle.failures().size(), lifecycle.failures()::toString);
        lifecycle.failures().forEach(failure -> assertTrue(failure.contains("its name payments-test-key stays taken for its recovery window"), failure));
    }

    @Test
    void aRetainedTableWhoseKeyIsDeleted_couldNeverBeReadAgain() throws IOException {
        // GIVEN a retained table encrypted with a key deleted with the stack, the teardown reading the table's name first
        String template = """
                {"Resources": {
                   "Key": {"Type": "AWS::KMS::Key", "Properties": {}},
                   "Table": {"Type": "AWS::DynamoDB::Table", "DeletionPolicy": "Retain",
                             "Properties": {"SSESpecification": {"KMSMasterKeyId": {"Fn::GetAtt": ["Key", "Arn"]}}}}},
                 "Outputs": {"TableName": {"Value": {"Ref": "Table"}}}}""";
        String guide = """
                TableName="$(out TableName)"
                aws dynamodb update-table --region "$REGION" --table-name "$TableName" --no-deletion-protection-enabled
                aws dynamodb delete-table --region "$REGION" --table-name "$TableName"
                """;
        Lifecycle lifecycle = Lifecycle.of(ResolvedTemplate.of(JSON.readTree(template), Map.of(), "payments-test"), guide);
        // THEN keeping the table after a failed create and after a delete is a finding, each naming the key
        assertEquals(2, lifecycle.failures().size(), lifecycle.failures()::toString);
        lifecycle.failures().forEach(failure -> assertTrue(failure.startsWith("Table is kept after")
                && failure.contains("but its key Key is not"), failure));
    }

    private static Lifecycle lifecycle(String resources, String guide) throws IOException {
        return Lifecycle.of(ResolvedTemplate.of(JSON.readTree("{\"Resources\": {" + resources + "}}"), Map.of(), "payments-test"), guide);
    }
}
