package com.example.rehearse;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.rehearse.calls.RecordedCalls;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rehearsal finds the deploy defects a review of template.yaml found and the project fixed:
 * each re-introduced on its own, in a copy of template.yaml, samconfig.toml, the deploy guide and
 * the deploy path (the bootstrap, the service role's policies), fails it with a message naming the defect; the committed files pass. It runs the real SAM translator and the
 * real IAM evaluator, which {@code make test} installs first (infra/rehearse/setup-rehearse-tools.sh).
 */
@Execution(ExecutionMode.CONCURRENT)
class RehearsalDefectsTest {

    private static final Path PROJECT = Path.of("../..").toAbsolutePath().normalize();
    /** What the rehearsal reads of a project: the template, its environments, the recorded calls, the guide and the deploy path. */
    private static final List<String> COPIED = List.of("template.yaml", "samconfig.toml", RecordedCalls.COMMITTED,
            RecordedCalls.SINGLE_WRITE, "docs/deploy.md", "docs/service-role-policy-default.json", "docs/service-role-policy-prod.json",
            "docs/service-role-policy-vpc.json", "docs/service-role-policy-mrsc-a.json", "docs/service-role-policy-mrsc-b.json",
            "infra/deploy/bootstrap.yaml");
    private static final String ACCOUNTS_ARN = "!Sub \"arn:${AWS::Partition}:dynamodb:${AWS::Region}:${AWS::AccountId}:table/${AWS::StackName}-accounts\"";

    @TempDir
    Path copy;

    @Test
    void theCommittedTemplate_passes() throws IOException {
        // GIVEN the committed template, samconfig.toml and recorded calls
        Result result = rehearse(new Edit(Map.of()));

        // THEN nothing is denied, unrouted or out of order in any parameter set
        assertTrue(result.passed(), result.output());
        assertTrue(result.output().contains("| vpc | count |"), result.output());
    }

    static Stream<Arguments> defects() {
        return Stream.of(
                Arguments.of("across Regions, the authorizer's account update widened to every Region's replica",
                        template(text -> replace(text, "                  - dynamodb:UpdateItem\n                Resource: !If [SingleRegion, !GetAtt AccountsTable.Arn, "
                                + ACCOUNTS_ARN, "                  - dynamodb:UpdateItem\n                Resource: !If [SingleRegion, !GetAtt AccountsTable.Arn, "
                                + ACCOUNTS_ARN.replace("${AWS::Region}", "*"))),
                        "PaymentAuthorizerFunction reaches the replica of another Region (us-east-2): dynamodb:UpdateItem on"
                                + " arn:aws:dynamodb:us-east-2:123456789012:table/payments-mrsc-accounts is Allowed, must be refused"),
                Arguments.of("across Regions, the single-write path's read of the account dropped",
                        template(text -> remove(text, "                    - !Sub \"arn:${AWS::Partition}:dynamodb:${AWS::Region}:${AWS::AccountId}:table/"
                                + "${AWS::StackName}-accounts\"\n")),
                        "PaymentAuthorizerFunction dynamodb:GetItem on AccountsGlobalTable (recorded invoke dynamodb:GetItem): ImplicitlyDenied"),
                Arguments.of("across Regions, the transaction's TTL check still granted",
                        template(text -> replace(text, "                  Resource: !GetAtt IdempotencyTable.Arn\n                - !Ref AWS::NoValue\n",
                                "                  Resource: !If [SingleRegion, !GetAtt IdempotencyTable.Arn, !Sub \"arn:${AWS::Partition}:dynamodb:"
                                        + "${AWS::Region}:${AWS::AccountId}:table/${AWS::StackName}-idempotency\"]\n"
                                        + "                - !Ref AWS::NoValue\n").replace("              - !If\n                - SingleRegion\n"
                                        + "                - Sid: CheckRecordsExpire", "              - !If\n                - GlobalTablesOn\n"
                                        + "                - Sid: CheckRecordsExpire")),
                        "a grant on a payment table the single-write path does not use (MRSC tables refuse transactions and have no TTL):"
                                + " PaymentAuthorizerRole CheckRecordsExpire: dynamodb:DescribeTimeToLive"),
                // The stack's permissions boundary refuses the change itself (GlobalTableChecks, unmet: none);
                // the grant is caught as one the single-write path does not use.
                Arguments.of("across Regions, a member stack's role granted a change of the global table",
                        template(text -> replace(text, "                  - dynamodb:UpdateItem\n                Resource: !If [SingleRegion, !GetAtt AccountsTable.Arn,",
                                "                  - dynamodb:UpdateItem\n                  - dynamodb:UpdateTable\n"
                                        + "                Resource: !If [SingleRegion, !GetAtt AccountsTable.Arn,")),
                        "the single-write path does not use (MRSC tables refuse transactions and have no TTL): PaymentAuthorizerRole"
                                + " MoveBalances: dynamodb:UpdateTable on arn:aws:dynamodb:us-east-2:123456789012:table/payments-mrsc-accounts"
                                + " (parameter set mrsc-b)"),
                Arguments.of("the version no longer waits for the Secrets Manager endpoint",
                        template(text -> remove(text, "        SecretsManager: !If [CreateSecretsManagerEndpoint, !Ref SecretsManagerEndpoint, \"none\"]\n")),
                        "does not depend on SecretsManagerEndpoint, which its init call secretsmanager:GetSecretValue reaches"),
                Arguments.of("no SQS endpoint",
                        template(text -> cut(remove(text, "        Sqs: !If [CreateSqsEndpoint, !Ref SqsEndpoint, \"none\"]\n"),
                                "  SqsEndpoint:\n", "  InterfaceEndpointSecurityGroup:\n")),
                        "PaymentAuthorizerFunction calls sqs:ChangeMessageVisibilityBatch (invoke) from its VPC with no route"),
                Arguments.of("the endpoint policy allowing only the function's read of its secret",
                        template(text -> replace(text,
                                "      SecurityGroupIds:\n        - !Ref InterfaceEndpointSecurityGroup\n\n  SqsEndpoint:",
                                "      SecurityGroupIds:\n        - !Ref InterfaceEndpointSecurityGroup\n"
                                        + "      PolicyDocument:\n        Version: \"2012-10-17\"\n        Statement:\n"
                                        + "          - Effect: Allow\n            Principal:\n              AWS: !GetAtt PaymentAuthorizerRole.Arn\n"
                                        + "            Action: secretsmanager:GetSecretValue\n            Resource: !Ref FastPathSigningKey\n"
                                        + "\n  SqsEndpoint:")),
                        "the policy of SecretsManagerEndpoint (private DNS: every workload of the VPC goes through it) denies another workload"),
                Arguments.of("sqs:ChangeMessageVisibility removed from the authorizer's role",
                        template(text -> remove(text, "                  - sqs:ChangeMessageVisibility\n")),
                        "PaymentAuthorizerFunction sqs:ChangeMessageVisibility on PaymentsQueue (recorded invoke sqs:ChangeMessageVisibilityBatch): ImplicitlyDenied"),
                Arguments.of("kms:ViaService of the signing key's statement names another service",
                        template(text -> replace(text, "kms:ViaService: !Sub \"secretsmanager.${AWS::Region}.amazonaws.com\"",
                                "kms:ViaService: !Sub \"ssm.${AWS::Region}.amazonaws.com\"")),
                        "PaymentAuthorizerFunction kms:Decrypt on PaymentsKey (recorded init secretsmanager:GetSecretValue, by secretsmanager): ImplicitlyDenied"),
                Arguments.of("a DynamoDB grant narrowed to another table",
                        template(text -> replace(text, "                  - dynamodb:UpdateItem\n                Resource: !If [SingleRegion, !GetAtt AccountsTable.Arn,",
                                "                  - dynamodb:UpdateItem\n                Resource: !If [SingleRegion, !GetAtt NotificationIdempotencyTable.Arn,")),
                        "PaymentAuthorizerFunction dynamodb:UpdateItem on AccountsTable (recorded invoke dynamodb:TransactWriteItems): ImplicitlyDenied"),
                Arguments.of("the stream's key without kms:DescribeKey",
                        template(text -> replace(text, "                  - kms:Decrypt\n                  - kms:DescribeKey\n                  - kms:GenerateDataKey\n",
                                "                  - kms:Decrypt\n                  - kms:GenerateDataKey\n")),
                        "PaymentEventsFunction kms:DescribeKey on PaymentsKey (AWS-side: event source mapping PaymentEventsFunctionDecisions (stream encrypted"),
                Arguments.of("the cache's security groups without 6380",
                        template(text -> text.replace("      FromPort: 6379\n      ToPort: 6380\n", "      FromPort: 6379\n      ToPort: 6379\n")
                                .replace("(6379 primary endpoint, 6380 read endpoint)", "")),
                        "PaymentAuthorizerFunction's security groups send nothing to FastPathCache on TCP 6380"),
                Arguments.of("the payments queue admitting any sender of the account",
                        template(text -> cut(text, "          # The named producers send payments, and the operators move dead letters back (redrive).\n",
                                "          # A producer of another account needs the queue's own allow besides its IAM policy.\n")),
                        "a principal outside ProducerPrincipalArns sends a payment: sqs:SendMessage on PaymentsQueue is Allowed, must be refused"),
                Arguments.of("the payments queue taking requests without TLS",
                        template(text -> cut(text, "          - Sid: DenyWithoutTls\n", "          # The named producers send payments")),
                        "the authorizer's own receive without TLS: sqs:ReceiveMessage on PaymentsQueue is Allowed, must be refused"),
                Arguments.of("the decision topic taking decisions from anyone",
                        template(text -> cut(text, "          - Sid: OnlyThePublisherPublishes\n", "          - Sid: OnlyTheStacksQueuesOrNamedSubscribers\n")),
                        "a principal other than the publisher publishes a decision: sns:Publish on PaymentsAuthorizedTopic is Allowed, must be refused"),
                Arguments.of("a log group back to DeletionPolicy Retain with its fixed name",
                        template(text -> replace(text, "  PaymentNotifierLogGroup:\n    Type: AWS::Logs::LogGroup\n    DeletionPolicy: RetainExceptOnCreate\n",
                                "  PaymentNotifierLogGroup:\n    Type: AWS::Logs::LogGroup\n    DeletionPolicy: Retain\n")),
                        "PaymentNotifierLogGroup (AWS::Logs::LogGroup) keeps its name /aws/lambda/payments-dev/payment-notifier when a"
                                + " failed first create rolls back (DeletionPolicy: Retain): the retry fails with AlreadyExists"),
                Arguments.of("the teardown without a retained log group",
                        file("docs/deploy.md", text -> remove(text,
                                "aws logs delete-log-group --region \"$REGION\" --log-group-name \"/aws/lambda/$STACK/payment-events\"\n")),
                        "PaymentEventsLogGroup (AWS::Logs::LogGroup) survives sam delete (DeletionPolicy RetainExceptOnCreate); creating"
                                + " the stack again fails with AlreadyExists on /aws/lambda/payments-dev/payment-events"),
                Arguments.of("a deletion-protected table that a failed create's rollback must delete",
                        template(text -> replace(text, "  LedgerTable:\n    Type: AWS::DynamoDB::Table\n    Condition: SingleRegion\n    DeletionPolicy: Retain\n",
                                "  LedgerTable:\n    Type: AWS::DynamoDB::Table\n    Condition: SingleRegion\n    DeletionPolicy: RetainExceptOnCreate\n")),
                        "LedgerTable (AWS::DynamoDB::Table) has deletion protection on, and DeletionPolicy RetainExceptOnCreate has"
                                + " CloudFormation delete it when a failed first create rolls back"),
                Arguments.of("the service role policy without iam:PassRole",
                        file("docs/service-role-policy-vpc.json", text -> replace(text, "        \"iam:PassRole\"\n", "        \"iam:GetRole\"\n")),
                        "the service role may not iam:PassRole on CodeDeployServiceRole"),
                Arguments.of("the service role's iam:CreateRole without the boundary condition",
                        file("docs/service-role-policy-default.json", text -> replace(text, "      \"Action\" : [\n        \"iam:CreateRole\",\n",
                                "      \"Action\" : [\n        \"iam:GetGroup\",\n")
                                .replace("  \"Statement\" : [\n", "  \"Statement\" : [\n    {\n      \"Effect\" : \"Allow\",\n"
                                        + "      \"Action\" : \"iam:CreateRole\",\n      \"Resource\" : \"arn:aws:iam::*:role/payments-dev-*\"\n    },\n")),
                        "the service role is allowed to create a role without the boundary: iam:CreateRole"),
                Arguments.of("a table's PutItem granted to the service role",
                        file("docs/service-role-policy-default.json", text -> replace(text, "        \"dynamodb:CreateTable\",\n",
                                "        \"dynamodb:CreateTable\",\n        \"dynamodb:PutItem\",\n")),
                        "the service role is allowed to write an item (AccountsTable): dynamodb:PutItem"),
                Arguments.of("a role of the stack without the permissions boundary",
                        template(text -> replace(text, "  DedupStoreSizeRole:\n    Type: AWS::IAM::Role\n    Properties:\n"
                                + "      # The boundary the bootstrap creates (infra/deploy/bootstrap.yaml): the service role may create\n"
                                + "      # or change this role only with it (docs/deploy.md, \"Who deploys\").\n"
                                + "      PermissionsBoundary: !Sub \"arn:${AWS::Partition}:iam::${AWS::AccountId}:policy/${AWS::StackName}-function-boundary\"\n",
                                "  DedupStoreSizeRole:\n    Type: AWS::IAM::Role\n    Properties:\n")),
                        "DedupStoreSizeRole has no PermissionsBoundary"),
                Arguments.of("a role of the stack that a user may assume",
                        template(text -> replace(text, "      PermissionsBoundary: !Sub \"arn:${AWS::Partition}:iam::${AWS::AccountId}:policy/${AWS::StackName}-function-boundary\"\n"
                                + "      AssumeRolePolicyDocument:\n        Version: \"2012-10-17\"\n        Statement:\n          - Effect: Allow\n"
                                + "            Principal:\n              Service: lambda.amazonaws.com\n",
                                "      PermissionsBoundary: !Sub \"arn:${AWS::Partition}:iam::${AWS::AccountId}:policy/${AWS::StackName}-function-boundary\"\n"
                                + "      AssumeRolePolicyDocument:\n        Version: \"2012-10-17\"\n        Statement:\n          - Effect: Allow\n"
                                + "            Principal:\n              AWS: !Sub \"arn:${AWS::Partition}:iam::${AWS::AccountId}:user/someone\"\n")),
                        "PaymentAuthorizerRole trusts"),
                Arguments.of("a deployer allowed to change a function's code outside CloudFormation",
                        file("infra/deploy/bootstrap.yaml", text -> replace(text, "          - Sid: PassTheServiceRoleToCloudFormationOnly\n",
                                "          - Sid: Hotfix\n            Effect: Allow\n            Action: lambda:UpdateFunctionCode\n"
                                        + "            Resource: \"*\"\n          - Sid: PassTheServiceRoleToCloudFormationOnly\n")),
                        "the deployer is allowed to change the stack's function's code outside CloudFormation"),
                Arguments.of("a resource type added whose handler permissions the policy lacks",
                        template(text -> replace(text, "  PaymentsKeyAlias:\n",
                                "  ReceiverVersionParameter:\n    Type: AWS::SSM::Parameter\n    Properties:\n      Type: String\n"
                                        + "      Value: \"1\"\n\n  PaymentsKeyAlias:\n")),
                        "the service role may not ssm:PutParameter on ReceiverVersionParameter"),
                Arguments.of("samconfig.toml without the required PushApiBaseUrl's prompt",
                        config(text -> remove(remove(text, "# required: PushApiBaseUrl=https://push.example.com/v1/\n"),
                                "# required: PushApiBaseUrl=https://push.example.com/v1/\n")),
                        "the required parameter PushApiBaseUrl has no value and no documented prompt"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("defects")
    void aDefect_failsTheRehearsal_namingIt(String defect, Edit edit, String message) throws IOException {
        // GIVEN the committed files with one defect re-introduced
        // WHEN the rehearsal runs
        Result result = rehearse(edit);

        // THEN it fails, saying what is wrong
        assertFalse(result.passed(), defect + ": the rehearsal passed\n" + result.output());
        assertTrue(result.output().contains(message), defect + ": no line says\n  " + message + "\n" + result.output());
    }

    private Result rehearse(Edit edit) throws IOException {
        for (String file : COPIED) {
            Path target = copy.resolve(file);
            Files.createDirectories(target.getParent());
            Files.writeString(target, edit.changes().getOrDefault(file, text -> text).apply(Files.readString(PROJECT.resolve(file))));
        }
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        boolean passed = Rehearsal.of(copy, PROJECT, RecordedCalls.read(copy))
                .run(new PrintStream(output, true, StandardCharsets.UTF_8));
        return new Result(passed, output.toString(StandardCharsets.UTF_8));
    }

    private record Result(boolean passed, String output) {
    }

    /** What a defect changes: files of the project by path, each a change of its text. */
    record Edit(Map<String, UnaryOperator<String>> changes) {
    }

    private static Edit template(UnaryOperator<String> change) {
        return file("template.yaml", change);
    }

    private static Edit config(UnaryOperator<String> change) {
        return file("samconfig.toml", change);
    }

    private static Edit file(String path, UnaryOperator<String> change) {
        return new Edit(Map.of(path, change));
    }

    /** {@code text} with {@code old} replaced; fails when {@code old} is not there (the test would test nothing). */
    private static String replace(String text, String old, String replacement) {
        int at = text.indexOf(old);
        assertTrue(at >= 0, "the file no longer holds: " + old);
        return text.substring(0, at) + replacement + text.substring(at + old.length());
    }

    private static String remove(String text, String old) {
        return replace(text, old, "");
    }

    /** {@code text} without what lies from {@code from} up to {@code to}. */
    private static String cut(String text, String from, String to) {
        int start = text.indexOf(from);
        int end = text.indexOf(to, start);
        assertTrue(start >= 0 && end > start, "the template no longer holds " + from + " before " + to);
        return text.substring(0, start) + text.substring(end);
    }
}
