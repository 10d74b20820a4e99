package com.example.localpayments.template;

import com.example.rehearse.template.ParameterRules;
import com.fasterxml.jackson.databind.JsonNode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code template.yaml} keeps the invariants of DESIGN.md §8 and the IAM rules of issue 3
 * ({@link TemplateInvariants}); and each check fails on a copy of the template that breaks
 * its invariant in one place, so none of them passes by checking nothing.
 */
class TemplateInvariantsTest {

    private static String projectTemplate;
    private static SamTemplate template;

    @BeforeAll
    static void readTemplate() throws IOException {
        projectTemplate = Files.readString(templatePath());
        template = SamTemplate.of(projectTemplate);
    }

    @Test
    void template_hasSqsEventSourcesToCheck() {
        // GIVEN the template WHEN its SQS event sources are listed
        List<String> events = TemplateInvariants.sqsEventNames(template);
        // THEN the checks below have the payments queue's event source to check
        assertTrue(events.contains("PaymentAuthorizerFunction.Payments"), "SQS event sources: " + events);
        assertTrue(events.contains("PaymentNotifierFunction.Notifications"), "SQS event sources: " + events);
    }

    @Test
    void queueVisibilityTimeout_coversSixFunctionTimeoutsPlusTheBatchingWindow() {
        assertEquals(List.of(), TemplateInvariants.visibilityTimeouts(template));
    }

    @Test
    void everySqsEventSource_reportsBatchItemFailures() {
        assertEquals(List.of(), TemplateInvariants.batchItemFailures(template));
    }

    @Test
    void everySqsEventSource_redrivesToADeadLetterQueueAfterAtLeastFiveReceives() {
        assertEquals(List.of(), TemplateInvariants.redrive(template));
    }

    @Test
    void deadLetterQueue_keepsMessagesLongerThanItsSourceQueue_forEveryAllowedRetention() {
        assertEquals(List.of(), TemplateInvariants.deadLetterRetention(template));
    }

    @Test
    void idempotencyRecords_outliveTheQueueRetention_andTheCacheOutlivesNoRecord_byDefault() {
        assertEquals(List.of(), TemplateInvariants.idempotencyWindows(template));
    }

    @Test
    void idempotencyTable_expiresRecordsOnTheAttributeTheReceiverWrites() {
        assertEquals(List.of(), TemplateInvariants.ttlAttribute(template));
    }

    @Test
    void everyStreamEventSource_reportsBatchItemFailures_bisects_retriesBoundedly_andKeepsWhatFails() {
        assertEquals(List.of(), TemplateInvariants.streamEventSources(template));
    }

    @Test
    void noPolicyStatement_allowsAWildcardAction() {
        assertEquals(List.of(), TemplateInvariants.wildcardActions(template));
    }

    @Test
    void everyWildcardResource_isJustifiedByAComment() {
        assertEquals(List.of(), TemplateInvariants.wildcardResources(template));
    }

    @Test
    void everyFunction_logsAsJson_atTheParametersLevels() {
        assertEquals(List.of(), TemplateInvariants.jsonLogs(template));
    }

    @Test
    void everyFunctionPermission_isSpelledOutInTheTemplate() {
        assertEquals(List.of(), TemplateInvariants.hiddenPermissions(template));
    }

    @Test
    void alarms_watchTheDesignFigures_onMetricsTheFunctionEmits_andNotifyATopic() {
        assertEquals(List.of(), TemplateInvariants.alarms(template));
    }

    @Test
    void dashboard_isValidJson_andShowsTheDesignFigures() {
        assertEquals(List.of(), TemplateInvariants.dashboard(template));
    }

    @Test
    void rules_refuseEveryForbiddenWindowCombination_andOnlyThose() {
        assertEquals(List.of(), TemplateInvariants.windowRules(template));
    }

    @Test
    void rules_refuseARecordThatARedrivenCopyOutlives_naming_theRule() {
        // GIVEN a retention of 4 days WHEN the record TTL is 21 days (4 + 4 + 14 days and an hour do not fit)
        // THEN the change set is refused
        assertEquals(List.of("IdempotencyTtlSeconds must exceed 2 x QueueRetentionSeconds (345600) + the DLQ's 1209600 "
                + "+ 3660 (1904460), so that a copy redriven from the DLQ finds its record."), ParameterRules.refusals(
                template.root().path("Rules"), Map.of("QueueRetentionSeconds", "345600", "IdempotencyTtlSeconds", "1814400",
                        "FastPathTtlSeconds", "86400", "MaxReceiveCount", "15")));
        // AND the defaults pass
        assertEquals(List.of(), ParameterRules.refusals(template.root().path("Rules"), Map.of(
                "QueueRetentionSeconds", "345600", "IdempotencyTtlSeconds", "2592000", "FastPathTtlSeconds", "86400",
                "MaxReceiveCount", "15")));
    }

    @Test
    void rules_refuseMoreReceivesThanTheRetentionFits_naming_theRule() {
        assertEquals(List.of("QueueRetentionSeconds must exceed MaxReceiveCount (30) x 931 s (27930), so that a payment "
                + "failing every receive reaches the DLQ before its retention ends it."), ParameterRules.refusals(
                template.root().path("Rules"), Map.of("QueueRetentionSeconds", "21600", "IdempotencyTtlSeconds", "2592000",
                        "FastPathTtlSeconds", "86400", "MaxReceiveCount", "30")));
    }

    @Test
    void rules_refuseNamedProducersWithoutNamedOperators_whoCouldNotRedrive() {
        String refused = "With ProducerPrincipalArns named, OperatorPrincipalArns must name the operators too, or the payments "
                + "queue refuses their redrive of the DLQ.";
        assertEquals(List.of(refused), ParameterRules.refusals(template.root().path("Rules"), Map.of("ProducerPrincipalArns",
                List.of("arn:aws:iam::123456789012:role/gateway"), "OperatorPrincipalArns", List.of(""))));
        assertEquals(List.of(), ParameterRules.refusals(template.root().path("Rules"), Map.of("ProducerPrincipalArns",
                List.of("arn:aws:iam::123456789012:role/gateway"), "OperatorPrincipalArns",
                List.of("arn:aws:iam::123456789012:role/oncall"))));
        assertEquals(List.of(), ParameterRules.refusals(template.root().path("Rules"), Map.of("ProducerPrincipalArns",
                List.of(""), "OperatorPrincipalArns", List.of(""))));
    }

    @Test
    void producerPrincipals_mustBeRolesOrUsers_neverAnAccountsRoot() {
        Pattern allowed = Pattern.compile(template.parameter("ProducerPrincipalArns").path("AllowedPattern").asText());
        assertTrue(allowed.matcher("arn:aws:iam::123456789012:role/payment-gateway").matches());
        assertTrue(allowed.matcher("arn:aws:iam::123456789012:user/batch-producer").matches());
        assertTrue(allowed.matcher("").matches(), "the default, no producers named");
        assertFalse(allowed.matcher("arn:aws:iam::123456789012:root").matches());
        assertFalse(allowed.matcher("123456789012").matches());
    }

    @Test
    void pushApiBaseUrl_mustBeGivenAtDeploy_https() {
        assertEquals(List.of(), TemplateInvariants.pushApiBaseUrl(template));
    }

    @Test
    void metricsNamespace_refusesTheAwsReservedPrefix() {
        assertEquals(List.of(), TemplateInvariants.metricsNamespace(template));
    }

    @Test
    void everyAlarm_hasARunbookEntry() throws IOException {
        assertEquals(List.of(), TemplateInvariants.runbook(template, runbook()));
    }

    @Test
    void anyFifoEventSource_hasNoBatchingWindow_andBatchesOfAtMostTen() {
        assertEquals(List.of(), TemplateInvariants.fifoEventSources(template));
    }

    @Test
    void authorizerRole_grantsOnlyTheWritesItsTransactionContains_andThePrimingReadOfOneKey() {
        assertEquals(List.of(), TemplateInvariants.transactionGrants(template));
    }

    @Test
    void authorizerRole_readsAndDecryptsTheProducersKeys_onlyWhenRequired_andOnlyTheirs() {
        assertEquals(List.of(), TemplateInvariants.producerKeyGrants(template));
    }

    @Test
    void notifierRole_readsAndDecryptsThePushApiCredential_onlyWhenAuthenticating_andOnlyThatSecret() {
        assertEquals(List.of(), TemplateInvariants.pushApiCredentialGrants(template));
    }

    @Test
    void rules_refuseAnUnauthenticatedNotifierInProd_andACredentialWithoutItsSecret() {
        String none = "In prod, PushApiAuth must be hmac or bearer (none would send every notification unauthenticated).";
        String noSecret = "PushApiAuth=hmac or bearer needs PushApiCredentialSecretArn (the secret holding the push API credential).";
        String secret = "arn:aws:secretsmanager:eu-west-1:111122223333:secret:payments-push-api-credential-AbCdEf";
        assertEquals(List.of(none), ParameterRules.refusals(template.root().path("Rules"), Map.of(
                "Environment", "prod", "PushApiAuth", "none", "PushApiCredentialSecretArn", "")));
        assertEquals(List.of(), ParameterRules.refusals(template.root().path("Rules"), Map.of(
                "Environment", "dev", "PushApiAuth", "none", "PushApiCredentialSecretArn", "")));
        for (String auth : List.of("hmac", "bearer")) {
            assertEquals(List.of(noSecret), ParameterRules.refusals(template.root().path("Rules"), Map.of(
                    "Environment", "prod", "PushApiAuth", auth, "PushApiCredentialSecretArn", "")));
            assertEquals(List.of(), ParameterRules.refusals(template.root().path("Rules"), Map.of(
                    "Environment", "prod", "PushApiAuth", auth, "PushApiCredentialSecretArn", secret)));
        }
    }

    @Test
    void rules_refuseRequiredSignaturesWithoutTheProducersSecrets() {
        String refused = "RequireProducerSignatures=true needs ProducerSigningSecretArns (one secret per producer, no empty entry).";
        String secret = "arn:aws:secretsmanager:eu-west-1:111122223333:secret:ProducerSigningKey-gateway-AbCdEf";
        assertEquals(List.of(refused), ParameterRules.refusals(template.root().path("Rules"), Map.of(
                "RequireProducerSignatures", "true", "ProducerSigningSecretArns", List.of(""))));
        assertEquals(List.of(refused), ParameterRules.refusals(template.root().path("Rules"), Map.of(
                "RequireProducerSignatures", "true", "ProducerSigningSecretArns", List.of(secret, ""))));
        assertEquals(List.of(), ParameterRules.refusals(template.root().path("Rules"), Map.of(
                "RequireProducerSignatures", "true", "ProducerSigningSecretArns", List.of(secret))));
        assertEquals(List.of(), ParameterRules.refusals(template.root().path("Rules"), Map.of(
                "RequireProducerSignatures", "false", "ProducerSigningSecretArns", List.of(""))));
    }

    /**
     * {@code functions/} holds the deployables only, one folder per function: its {@code CodeUri},
     * whose {@code Makefile} has the target {@code sam build} runs for it ("Building Lambda
     * functions with custom runtimes in AWS SAM", AWS SAM Developer Guide:
     * https://docs.aws.amazon.com/serverless-application-model/latest/developerguide/building-custom-runtimes.html:
     * with {@code BuildMethod: makefile}, the target {@code build-<logical id>} of the Makefile in
     * the {@code CodeUri} folder).
     */
    @Test
    void everyFunction_isBuiltFromAFolderOfItsOwn_andFunctionsHoldsNothingElse() throws IOException {
        Path root = templatePath().getParent();
        Map<String, JsonNode> functions = template.resourcesOfType("AWS::Serverless::Function");
        Set<String> folders = new TreeSet<>();
        for (Map.Entry<String, JsonNode> function : functions.entrySet()) {
            String codeUri = function.getValue().path("Properties").path("CodeUri").asText();
            assertTrue(folders.add(codeUri), codeUri + " is the CodeUri of more than one function");
            assertEquals("makefile", function.getValue().path("Metadata").path("BuildMethod").asText(), function.getKey());
            String makefile = Files.readString(root.resolve(codeUri).resolve("Makefile"));
            assertTrue(makefile.contains("\nbuild-" + function.getKey() + ":"), codeUri + "/Makefile has no target build-" + function.getKey());
        }
        try (Stream<Path> listed = Files.list(root.resolve("functions"))) {
            assertEquals(folders, listed.filter(Files::isDirectory).map(folder -> root.relativize(folder).toString())
                    .collect(Collectors.toCollection(TreeSet::new)));
        }
    }

    /** One breach: the text replaced in the project template, and the check that must catch it. */
    static Stream<Arguments> breaches() {
        return Stream.of(
                breach("visibility timeout one second short", "VisibilityTimeout: 181", "VisibilityTimeout: 180",
                        TemplateInvariants::visibilityTimeouts),
                breach("function timeout raised alone", "      Timeout: 30\n", "      Timeout: 31\n",
                        TemplateInvariants::visibilityTimeouts),
                breach("no ReportBatchItemFailures", "- ReportBatchItemFailures", "- Unreported",
                        TemplateInvariants::batchItemFailures),
                breach("text logs for every function", "      LogFormat: JSON\n", "      LogFormat: Text\n",
                        TemplateInvariants::jsonLogs),
                breach("one function's own log format", "        LogGroup: !Ref DedupStoreSizeLogGroup\n",
                        "        LogGroup: !Ref DedupStoreSizeLogGroup\n        LogFormat: Text\n", TemplateInvariants::jsonLogs),
                breach("maxReceiveCount allowed down to 5", "AllowedValues: [12, 15,", "AllowedValues: [5, 12, 15,",
                        TemplateInvariants::redrive),
                breach("maxReceiveCount of 5 by default", "    Default: 15\n    AllowedValues: [12,",
                        "    Default: 5\n    AllowedValues: [5, 12,", TemplateInvariants::redrive),
                breach("DLQ retention equal to the source's", "MessageRetentionPeriod: 1209600",
                        "MessageRetentionPeriod: 345600", TemplateInvariants::deadLetterRetention),
                breach("source retention allowed up to the DLQ's", "1036800, 1123200]", "1036800, 1123200, 1209600]",
                        TemplateInvariants::deadLetterRetention),
                breach("record TTL default that a redriven copy outlives", "Default: 2592000", "Default: 1814400",
                        TemplateInvariants::idempotencyWindows),
                breach("DLQ retention told to the function as another", "DEAD_LETTER_RETENTION_SECONDS: \"1209600\"",
                        "DEAD_LETTER_RETENTION_SECONDS: \"345600\"", TemplateInvariants::idempotencyWindows),
                breach("DLQ size told to the function as another", "DEAD_LETTER_QUEUE_MAX_MESSAGE_BYTES: \"1048576\"",
                        "DEAD_LETTER_QUEUE_MAX_MESSAGE_BYTES: \"262144\"", TemplateInvariants::idempotencyWindows),
                breach("payments as large as their dead letters", "MaximumMessageSize: 262144", "MaximumMessageSize: 1048576",
                        TemplateInvariants::idempotencyWindows),
                breach("retention passed to the function as a copy",
                        "QUEUE_RETENTION_SECONDS: !Ref QueueRetentionSeconds", "QUEUE_RETENTION_SECONDS: \"345600\"",
                        TemplateInvariants::idempotencyWindows),
                breach("cache TTL beyond the record TTL", "Default: 86400", "Default: 3000000",
                        TemplateInvariants::idempotencyWindows),
                breach("TTL on another attribute", "AttributeName: expiresAt", "AttributeName: expires",
                        TemplateInvariants::ttlAttribute),
                // The role's statement (indented deeper than the queue policies' denials, which may name any action).
                breach("service wildcard action", "                  - sqs:ReceiveMessage", "                  - sqs:*",
                        TemplateInvariants::wildcardActions),
                breach("partial wildcard action", "- logs:CreateLogStream", "- logs:Create*",
                        TemplateInvariants::wildcardActions),
                breach("wildcard resource without its comment",
                        "                # Wildcard resource: X-Ray's", "                # X-Ray's",
                        TemplateInvariants::wildcardResources),
                breach("wildcard in an ARN", "                Resource: !GetAtt PaymentsQueue.Arn",
                        "                Resource: !Sub \"arn:${AWS::Partition}:sqs:*:*:*\"", TemplateInvariants::wildcardResources),
                breach("alarm on a metric the function does not emit", "MetricName: Conflict",
                        "MetricName: Conflicts", TemplateInvariants::alarms),
                breach("duplicate rate without one duplicate source", "MetricName: DuplicateInBatch",
                        "MetricName: Declined", TemplateInvariants::alarms),
                breach("duplicate rate over 2 periods", "EvaluationPeriods: 3\n      DatapointsToAlarm: 3\n      TreatMissingData",
                        "EvaluationPeriods: 2\n      DatapointsToAlarm: 2\n      TreatMissingData", TemplateInvariants::alarms),
                breach("no throttles alarm", "MetricName: Throttles", "MetricName: Duration",
                        TemplateInvariants::alarms),
                breach("dashboard body not JSON", "\"widgets\": [", "\"widgets\": [[",
                        TemplateInvariants::dashboard),
                breach("dashboard without store latency", "\"StoreLatency\", \"Service\"", "\"Latency\", \"Service\"",
                        TemplateInvariants::dashboard),
                breach("notifications queue visibility one second short",
                        "batching window.\n      VisibilityTimeout: 181", "batching window.\n      VisibilityTimeout: 180",
                        TemplateInvariants::visibilityTimeouts),
                breach("notifications queue without a DLQ",
                        "        deadLetterTargetArn: !GetAtt NotificationsDeadLetterQueue.Arn\n        maxReceiveCount: !Ref MaxReceiveCount\n",
                        "", TemplateInvariants::redrive),
                breach("notifications DLQ retention equal to the source's",
                        "      MessageRetentionPeriod: 1209600\n      SqsManagedSseEnabled: true\n\n  NotificationsQueuePolicy",
                        "      MessageRetentionPeriod: 345600\n      SqsManagedSseEnabled: true\n\n  NotificationsQueuePolicy",
                        TemplateInvariants::deadLetterRetention),
                breach("notifier records shorter than its queue's retention",
                        "          IDEMPOTENCY_TTL_SECONDS: !Ref IdempotencyTtlSeconds\n          QUEUE_RETENTION_SECONDS: !Ref QueueRetentionSeconds\n          NOTIFIER_DLQ_URL",
                        "          IDEMPOTENCY_TTL_SECONDS: \"60\"\n          QUEUE_RETENTION_SECONDS: !Ref QueueRetentionSeconds\n          NOTIFIER_DLQ_URL",
                        TemplateInvariants::idempotencyWindows),
                breach("Powertools table expiring on another attribute", "AttributeName: expiration",
                        "AttributeName: expiresAt", TemplateInvariants::ttlAttribute),
                breach("stream source without bisection", "BisectBatchOnFunctionError: true",
                        "BisectBatchOnFunctionError: false", TemplateInvariants::streamEventSources),
                breach("stream source retrying forever", "MaximumRetryAttempts: 10", "MaximumRetryAttempts: -1",
                        TemplateInvariants::streamEventSources),
                breach("stream source without an on-failure destination",
                        "            DestinationConfig:\n              OnFailure:\n                Type: SQS\n                Destination: !GetAtt PaymentEventsFailureQueue.Arn\n",
                        "", TemplateInvariants::streamEventSources),
                breach("no IteratorAge alarm", "MetricName: IteratorAge", "MetricName: Duration",
                        TemplateInvariants::alarms),
                breach("function without its own role", "      Role: !GetAtt PaymentAuthorizerRole.Arn\n", "",
                        TemplateInvariants::hiddenPermissions),
                breach("a redrive rule refusing a TTL that outlives it",
                        "QueueRetentionSeconds, \"345600\"]\n    Assertions:\n      - Assert: !Contains [[\"2592000\", ",
                        "QueueRetentionSeconds, \"345600\"]\n    Assertions:\n      - Assert: !Contains [[", TemplateInvariants::windowRules),
                breach("no redrive rule for a retention of 13 days",
                        "    RuleCondition: !Equals [!Ref QueueRetentionSeconds, \"1123200\"]",
                        "    RuleCondition: !Equals [!Ref QueueRetentionSeconds, \"0\"]", TemplateInvariants::windowRules),
                breach("no rule for 50 receives", "    RuleCondition: !Equals [!Ref MaxReceiveCount, \"50\"]",
                        "    RuleCondition: !Equals [!Ref MaxReceiveCount, \"0\"]", TemplateInvariants::windowRules),
                breach("a cache TTL allowed beyond the shortest record",
                        "AllowedValues: [300, 3600, 21600, 43200, 86400, 172800, 259200, 604800]",
                        "AllowedValues: [300, 3600, 21600, 43200, 86400, 172800, 259200, 604800, 2592000]",
                        TemplateInvariants::windowRules),
                breach("push API URL with a placeholder default", "  PushApiBaseUrl:\n    Type: String\n",
                        "  PushApiBaseUrl:\n    Type: String\n    Default: \"https://push.invalid\"\n",
                        TemplateInvariants::pushApiBaseUrl),
                breach("metrics namespace pattern without the AWS/ refusal", "AllowedPattern: \"^([A-Za-z0-9/_.#:-]{1,3}|",
                        "AllowedPattern: \"^([A-Za-z0-9/_.#:-]{1,255}|", TemplateInvariants::metricsNamespace),
                breach("an alarm without a runbook entry", "AlarmName: !Sub \"${AWS::StackName}-conflict\"",
                        "AlarmName: !Sub \"${AWS::StackName}-conflicts\"", t -> TemplateInvariants.runbook(t, runbook())),
                breach("payments queue made FIFO with its 1 s batching window",
                        "      MessageRetentionPeriod: !Ref QueueRetentionSeconds\n      # 6 x the function's",
                        "      FifoQueue: true\n      MessageRetentionPeriod: !Ref QueueRetentionSeconds\n      # 6 x the function's",
                        TemplateInvariants::fifoEventSources),
                breach("ConditionCheckItem granted again", "                  - dynamodb:UpdateItem\n",
                        "                  - dynamodb:UpdateItem\n                  - dynamodb:ConditionCheckItem\n",
                        TemplateInvariants::transactionGrants),
                breach("the priming's read widened to every record",
                        "                      - \"SNAPSTART-PRIMING#never-written\"\n",
                        "                      - \"SNAPSTART-PRIMING#never-written\"\n                      - \"PAYMENT#*\"\n",
                        TemplateInvariants::transactionGrants),
                breach("producers' keys readable with signatures off",
                        "                - ProducerSignaturesRequired\n                - Sid: ReadProducerSigningKeys",
                        "                - FastPathEnabled\n                - Sid: ReadProducerSigningKeys", TemplateInvariants::producerKeyGrants),
                breach("producers' keys' decrypt outside Secrets Manager",
                        "                      kms:ViaService: !Sub \"secretsmanager.${AWS::Region}.amazonaws.com\"\n                      kms:EncryptionContext",
                        "                      kms:EncryptionContext", TemplateInvariants::producerKeyGrants),
                breach("producers' secrets given to the function with signatures off",
                        "          PRODUCER_SIGNING_SECRETS: !If\n            - ProducerSignaturesRequired",
                        "          PRODUCER_SIGNING_SECRETS: !If\n            - FastPathEnabled", TemplateInvariants::producerKeyGrants));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("breaches")
    void aTemplateBreakingAnInvariant_isCaught(String breach, String from, String to,
                                               Function<SamTemplate, List<String>> check) throws IOException {
        // GIVEN the project template, broken in one place
        assertTrue(projectTemplate.contains(from), "the template no longer contains: " + from);
        SamTemplate broken = SamTemplate.of(projectTemplate.replaceFirst(
                Pattern.quote(from), Matcher.quoteReplacement(to)));
        // WHEN the invariant is checked
        List<String> violations = check.apply(broken);
        // THEN the breach is reported
        assertFalse(violations.isEmpty(), breach + " went unnoticed");
    }

    private static Arguments breach(String name, String from, String to, Function<SamTemplate, List<String>> check) {
        return Arguments.of(name, from, to, check);
    }

    /** docs/deploy.md, beside the template: the runbook the alarms point at. */
    private static String runbook() {
        try {
            return Files.readString(templatePath().resolveSibling("docs").resolve("deploy.md"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** template.yaml in the nearest folder, from the working directory up, that has one. */
    private static Path templatePath() {
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("template.yaml"))) {
                return dir.resolve("template.yaml");
            }
        }
        throw new UncheckedIOException(new IOException("no template.yaml in " + start + " or any folder above it"));
    }
}
