package com.example.localaws.template;

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
    void rules_refuseARecordTtlNotLongerThanTheRetention_naming_theRule() {
        // GIVEN a retention of 4 days WHEN the record TTL is 4 days too THEN the change set is refused
        assertEquals(List.of("IdempotencyTtlSeconds must exceed QueueRetentionSeconds (345600), so that a record "
                + "outlives every redelivery."), ParameterRules.refusals(template.root().path("Rules"), Map.of(
                "QueueRetentionSeconds", "345600", "IdempotencyTtlSeconds", "345600", "FastPathTtlSeconds", "86400")));
        // AND the defaults pass
        assertEquals(List.of(), ParameterRules.refusals(template.root().path("Rules"), Map.of(
                "QueueRetentionSeconds", "345600", "IdempotencyTtlSeconds", "604800", "FastPathTtlSeconds", "86400")));
    }

    @Test
    void rules_refuseACacheOutlivingItsRecords() {
        assertEquals(List.of("FastPathTtlSeconds (604800) must not exceed IdempotencyTtlSeconds, so that the cache never "
                + "outlives the truth."), ParameterRules.refusals(template.root().path("Rules"), Map.of(
                "QueueRetentionSeconds", "86400", "IdempotencyTtlSeconds", "172800", "FastPathTtlSeconds", "604800")));
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
                breach("maxReceiveCount allowed down to 4", "Default: 5\n    MinValue: 5\n", "Default: 5\n    MinValue: 4\n",
                        TemplateInvariants::redrive),
                breach("DLQ retention equal to the source's", "MessageRetentionPeriod: 1209600",
                        "MessageRetentionPeriod: 345600", TemplateInvariants::deadLetterRetention),
                breach("source retention allowed up to the DLQ's", "1036800, 1123200]", "1036800, 1123200, 1209600]",
                        TemplateInvariants::deadLetterRetention),
                breach("record TTL default equal to the retention", "Default: 604800", "Default: 345600",
                        TemplateInvariants::idempotencyWindows),
                breach("retention passed to the function as a copy",
                        "QUEUE_RETENTION_SECONDS: !Ref QueueRetentionSeconds", "QUEUE_RETENTION_SECONDS: \"345600\"",
                        TemplateInvariants::idempotencyWindows),
                breach("cache TTL beyond the record TTL", "Default: 86400", "Default: 700000",
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
                breach("a retention rule refusing a TTL that outlives it", "      - Assert: !Contains [[\"7200\", ",
                        "      - Assert: !Contains [[", TemplateInvariants::windowRules),
                breach("no rule for the cache TTL of 7 days",
                        "    RuleCondition: !Equals [!Ref FastPathTtlSeconds, \"604800\"]",
                        "    RuleCondition: !Equals [!Ref FastPathTtlSeconds, \"0\"]", TemplateInvariants::windowRules),
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
