package com.example.localpayments.template;

import com.example.receiver.internal.config.DeadLetterConfig;
import com.example.receiver.internal.config.ProducerSignaturesConfig;
import com.example.receiver.internal.config.ReceiverConfig;
import com.example.receiver.internal.sqs.SoonRedelivery;
import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.rehearse.template.ParameterRules;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The invariants of DESIGN.md §8 and the IAM rules of issue 3, each a function from a template
 * to its violations (empty when it holds), so that a test can show both that the project's
 * template keeps them and that a template breaking one is caught.
 *
 * <p>A number given by a parameter is checked over every value the parameter allows, or at its
 * default where a template cannot bound it: the record TTL against the queue retention (two
 * free parameters; the function itself refuses to start when TTL &lt;= retention).
 */
final class TemplateInvariants {

    /** The TTL attribute the receiver writes, from the record's schema (libs/receiver-record). */
    static final String RECEIVER_TTL_ATTRIBUTE = IdempotencyRecordAttributes.EXPIRES_AT;

    /** The TTL attribute Powertools idempotency writes (its DynamoDBPersistenceStore default). */
    static final String POWERTOOLS_TTL_ATTRIBUTE = "expiration";

    /** The duplicate metrics whose sum over Received is the duplicate rate. */
    static final Set<String> DUPLICATE_METRICS = Set.of("DuplicateFastPath", "DuplicateStore", "DuplicateLate",
            "DuplicateInBatch");

    /** What a statement's resource comment must start with, followed by the reason. */
    static final String WILDCARD_MARKER = "# Wildcard resource:";

    /** Lambda's default timeout, and SQS's default visibility timeout and retention. */
    private static final long DEFAULT_FUNCTION_TIMEOUT = 3;
    private static final long DEFAULT_VISIBILITY_TIMEOUT = 30;
    private static final long DEFAULT_RETENTION = 345_600;
    /**
     * How long DynamoDB on-demand may throttle a table whose traffic doubled ("Pre-warming on-demand
     * capacity", Amazon DynamoDB Developer Guide,
     * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/on-demand-capacity-mode.html).
     */
    static final Duration ON_DEMAND_DOUBLING_WINDOW = Duration.ofMinutes(30);

    /** SQS's default {@code MaximumMessageSize} since August 2025: 1 MiB. */
    private static final long SQS_DEFAULT_MESSAGE_BYTES = 1_048_576;

    /** A {@code ${...}} substitution of {@code Fn::Sub}. */
    private static final Pattern SUBSTITUTION = Pattern.compile("\\$\\{[^}]+}");

    /** One SQS event source of a function: {@code Function.Event}, the function, the event's properties. */
    private record SqsEvent(String name, JsonNode function, JsonNode properties) {
    }

    private TemplateInvariants() {
    }

    /**
     * Every SQS event source's queue hides a received batch for at least 6 x the function's
     * longest timeout + the batching window (AWS's rule): a batch still running is never handed
     * to a second environment.
     */
    static List<String> visibilityTimeouts(SamTemplate template) {
        List<String> violations = new ArrayList<>();
        for (SqsEvent event : sqsEvents(template)) {
            long timeout = template.number(template.functionProperty(event.function(), "Timeout"),
                    DEFAULT_FUNCTION_TIMEOUT).max();
            long window = template.number(event.properties().path("MaximumBatchingWindowInSeconds"), 0).max();
            long visibility = template.number(queueOf(template, event).path("VisibilityTimeout"),
                    DEFAULT_VISIBILITY_TIMEOUT).min();
            if (visibility < 6 * timeout + window) {
                violations.add(event.name() + ": visibility timeout " + visibility + " s < 6 x "
                        + timeout + " s + " + window + " s");
            }
        }
        return violations;
    }

    /** Every SQS event source reports batch item failures: only the failed messages come back. */
    static List<String> batchItemFailures(SamTemplate template) {
        List<String> violations = new ArrayList<>();
        for (SqsEvent event : sqsEvents(template)) {
            List<String> types = new ArrayList<>();
            event.properties().path("FunctionResponseTypes").forEach(type -> types.add(type.asText()));
            if (!types.contains("ReportBatchItemFailures")) {
                violations.add(event.name() + ": FunctionResponseTypes " + types + " lacks ReportBatchItemFailures");
            }
        }
        return violations;
    }

    /**
     * Every SQS event source's queue redrives to a DLQ, and only after its receives have outlasted
     * DynamoDB on-demand's doubling window, whatever the parameter: a message failing for a passing
     * reason at every receive (throttled, coming back after soon redelivery's shortest delays; or
     * after the visibility timeout) is still in its queue 30 minutes on ("Pre-warming on-demand
     * capacity", Amazon DynamoDB Developer Guide).
     */
    static List<String> redrive(SamTemplate template) {
        List<String> violations = new ArrayList<>();
        for (SqsEvent event : sqsEvents(template)) {
            JsonNode redrive = queueOf(template, event).path("RedrivePolicy");
            if (redrive.isMissingNode()) {
                violations.add(event.name() + ": its queue has no RedrivePolicy");
                continue;
            }
            SamTemplate.Range receives = template.number(redrive.path("maxReceiveCount"), 0);
            long visibility = template.number(queueOf(template, event).path("VisibilityTimeout"), DEFAULT_VISIBILITY_TIMEOUT).min();
            for (long count : List.of(receives.min(), receives.byDefault())) {
                Duration shortest = Duration.ofSeconds(Math.min(shortestThrottledLife(count), count * visibility));
                if (shortest.compareTo(ON_DEMAND_DOUBLING_WINDOW) < 0) {
                    violations.add(event.name() + ": maxReceiveCount " + count + " dead-letters a message failing at every "
                            + "receive after " + shortest.toSeconds() + " s, within DynamoDB's " + ON_DEMAND_DOUBLING_WINDOW.toSeconds()
                            + " s of throttling");
                }
            }
        }
        return violations;
    }

    /**
     * Every DLQ keeps messages longer than the longest retention of its source: a standard
     * queue's message keeps its first enqueue time in the DLQ, and would expire on arrival.
     */
    static List<String> deadLetterRetention(SamTemplate template) {
        List<String> violations = new ArrayList<>();
        for (SqsEvent event : sqsEvents(template)) {
            JsonNode source = queueOf(template, event);
            JsonNode target = source.path("RedrivePolicy").path("deadLetterTargetArn");
            if (target.isMissingNode()) {
                violations.add(event.name() + ": no dead-letter queue");
                continue;
            }
            JsonNode deadLetter = template.resource(template.target(target)).path("Properties");
            long sourceRetention = template.number(source.path("MessageRetentionPeriod"), DEFAULT_RETENTION).max();
            long deadLetterRetention = template.number(deadLetter.path("MessageRetentionPeriod"),
                    DEFAULT_RETENTION).min();
            if (deadLetterRetention <= sourceRetention) {
                violations.add(event.name() + ": DLQ retention " + deadLetterRetention
                        + " s <= source retention " + sourceRetention + " s");
            }
        }
        return violations;
    }

    /**
     * Every receiving function is told its queue's own retention (the same reference, not a
     * copy that could drift), and by default its records outlive it and its cache its records.
     */
    static List<String> idempotencyWindows(SamTemplate template) {
        List<String> violations = new ArrayList<>();
        for (SqsEvent event : sqsEvents(template)) {
            JsonNode variables = environment(template, event);
            JsonNode queueRetention = queueOf(template, event).path("MessageRetentionPeriod");
            if (!queueRetention.equals(variables.path(ReceiverConfig.QUEUE_RETENTION_SECONDS))) {
                violations.add(event.name() + ": " + ReceiverConfig.QUEUE_RETENTION_SECONDS + " "
                        + variables.path(ReceiverConfig.QUEUE_RETENTION_SECONDS)
                        + " is not the queue's MessageRetentionPeriod " + queueRetention);
                continue;
            }
            long retention = template.number(queueRetention, DEFAULT_RETENTION).byDefault();
            long recordTtl = template.number(variables.path(ReceiverConfig.IDEMPOTENCY_TTL_SECONDS), 0).byDefault();
            long cacheTtl = template.number(variables.path(ReceiverConfig.FAST_PATH_TTL_SECONDS), 0).byDefault();
            JsonNode deadLetter = template.resource(template.target(queueOf(template, event).path("RedrivePolicy")
                    .path("deadLetterTargetArn"))).path("Properties");
            long deadLetterRetention = template.number(deadLetter.path("MessageRetentionPeriod"), DEFAULT_RETENTION).min();
            if (variables.has(DeadLetterConfig.DEAD_LETTER_QUEUE_URL)) {
                violations.addAll(deadLetterVariables(template, event, variables, deadLetter));
                long window = template.number(variables.path(ReceiverConfig.PRODUCER_SIGNATURE_WINDOW_SECONDS), 0).byDefault();
                long longest = longestCopyLife(retention, deadLetterRetention, window);
                if (recordTtl <= longest) {
                    violations.add(event.name() + ": IDEMPOTENCY_TTL_SECONDS default " + recordTtl + " <= the longest a "
                            + "redriven copy lives, " + longest + " s");
                }
            } else if (recordTtl <= retention) {
                violations.add(event.name() + ": IDEMPOTENCY_TTL_SECONDS default " + recordTtl
                        + " <= queue retention default " + retention);
            }
            if (cacheTtl > recordTtl) {
                violations.add(event.name() + ": FAST_PATH_TTL_SECONDS default " + cacheTtl
                        + " > IDEMPOTENCY_TTL_SECONDS default " + recordTtl);
            }
        }
        return violations;
    }

    /**
     * SoonRedelivery's least time for {@code receives} throttled receives: its shortest delay,
     * 1 s doubled per receive up to 15 minutes, summed. Spelled here from the receiver's constants
     * (this module's tests load none of its classes); the receiver's own test checks
     * {@code SoonRedelivery.shortestThrottledLife} against the same figures.
     */
    static long shortestThrottledLife(long receives) {
        long seconds = 0;
        for (long receive = 1; receive <= receives; receive++) {
            seconds += Math.min(SoonRedelivery.DEFAULT_MIN_SECONDS << Math.min(receive - 1, 20), SoonRedelivery.LONGEST_SECONDS);
        }
        return seconds;
    }

    /**
     * What a record's lifetime must exceed ({@code ReceiverConfig.longestCopyLife}): a producer's
     * window and clock skew, the queue's retention twice (before and after a redrive) and the
     * dead-letter queue's.
     */
    static long longestCopyLife(long retention, long deadLetterRetention, long signatureWindow) {
        return signatureWindow + 2 * retention + deadLetterRetention + ProducerSignaturesConfig.FUTURE_SKEW_SECONDS;
    }

    /**
     * The receiver is told its dead-letter queue's retention and largest message as the queue has
     * them (literals in both places), and the source queue's messages are smaller than its dead
     * letters may be.
     */
    private static List<String> deadLetterVariables(SamTemplate template, SqsEvent event, JsonNode variables, JsonNode deadLetter) {
        List<String> violations = new ArrayList<>();
        JsonNode source = queueOf(template, event);
        if (!deadLetter.path("MessageRetentionPeriod").asText().equals(variables.path(ReceiverConfig.DEAD_LETTER_RETENTION_SECONDS).asText())) {
            violations.add(event.name() + ": " + ReceiverConfig.DEAD_LETTER_RETENTION_SECONDS + " "
                    + variables.path(ReceiverConfig.DEAD_LETTER_RETENTION_SECONDS) + " is not its DLQ's MessageRetentionPeriod "
                    + deadLetter.path("MessageRetentionPeriod"));
        }
        String size = deadLetter.path("MaximumMessageSize").asText(Long.toString(SQS_DEFAULT_MESSAGE_BYTES));
        if (!size.equals(variables.path(DeadLetterConfig.DEAD_LETTER_QUEUE_MAX_MESSAGE_BYTES).asText())) {
            violations.add(event.name() + ": " + DeadLetterConfig.DEAD_LETTER_QUEUE_MAX_MESSAGE_BYTES + " "
                    + variables.path(DeadLetterConfig.DEAD_LETTER_QUEUE_MAX_MESSAGE_BYTES) + " is not its DLQ's MaximumMessageSize " + size);
        }
        long sourceSize = source.path("MaximumMessageSize").asLong(SQS_DEFAULT_MESSAGE_BYTES);
        if (sourceSize >= Long.parseLong(size)) {
            violations.add(event.name() + ": its queue takes messages of " + sourceSize + " bytes, its DLQ at most " + size
                    + ": a dead letter (the message and its attributes) would not fit");
        }
        return violations;
    }

    /**
     * The table each receiving function writes its records to expires them on the attribute its
     * writer sets: the receiver's ({@code IDEMPOTENCY_TABLE}) or Powertools' ({@code
     * NOTIFICATION_IDEMPOTENCY_TABLE}, the payment-notifier's).
     */
    static List<String> ttlAttribute(SamTemplate template) {
        List<String> violations = new ArrayList<>();
        for (SqsEvent event : sqsEvents(template)) {
            JsonNode variables = environment(template, event);
            boolean powertools = variables.has("NOTIFICATION_IDEMPOTENCY_TABLE");
            String expected = powertools ? POWERTOOLS_TTL_ATTRIBUTE : RECEIVER_TTL_ATTRIBUTE;
            String table = template.target(variables.path(powertools ? "NOTIFICATION_IDEMPOTENCY_TABLE" : ReceiverConfig.IDEMPOTENCY_TABLE));
            JsonNode ttl = template.resource(table).path("Properties").path("TimeToLiveSpecification");
            if (!expected.equals(ttl.path("AttributeName").asText()) || !ttl.path("Enabled").asBoolean(false)) {
                violations.add(event.name() + ": " + table + " TimeToLiveSpecification " + ttl
                        + " is not enabled on " + expected);
            }
        }
        return violations;
    }

    /**
     * Every DynamoDB stream event source reports batch item failures, bisects a failing batch,
     * retries a bounded number of times and then sends the batch to an on-failure destination:
     * a failing record never blocks its shard forever, and is never dropped without a trace.
     */
    static List<String> streamEventSources(SamTemplate template) {
        List<String> violations = new ArrayList<>();
        template.resourcesOfType("AWS::Serverless::Function").forEach((function, resource) ->
                resource.path("Properties").path("Events").properties().forEach(event -> {
                    if (!"DynamoDB".equals(event.getValue().path("Type").asText())) {
                        return;
                    }
                    String name = function + "." + event.getKey();
                    JsonNode properties = event.getValue().path("Properties");
                    List<String> types = new ArrayList<>();
                    properties.path("FunctionResponseTypes").forEach(type -> types.add(type.asText()));
                    if (!types.contains("ReportBatchItemFailures")) {
                        violations.add(name + ": FunctionResponseTypes " + types + " lacks ReportBatchItemFailures");
                    }
                    if (!properties.path("BisectBatchOnFunctionError").asBoolean(false)) {
                        violations.add(name + ": BisectBatchOnFunctionError is not true");
                    }
                    long retries = template.number(properties.path("MaximumRetryAttempts"), -1).max();
                    if (retries < 0 || retries > 10_000) {
                        violations.add(name + ": MaximumRetryAttempts " + retries + " is not bounded");
                    }
                    JsonNode destination = properties.path("DestinationConfig").path("OnFailure").path("Destination");
                    if (destination.isMissingNode()) {
                        violations.add(name + ": no DestinationConfig.OnFailure");
                    }
                }));
        return violations;
    }

    /**
     * The template's Rules refuse exactly the window combinations DESIGN.md §8 forbids, over every
     * combination of the windows' allowed values: record TTL &lt;= queue retention, or cache TTL &gt;
     * record TTL. So {@code sam deploy} refuses them when it creates the change set.
     */
    static List<String> windowRules(SamTemplate template) {
        List<String> violations = new ArrayList<>();
        List<String> retentions = SamTemplate.allowedValues(template.parameter("QueueRetentionSeconds"));
        List<String> recordTtls = SamTemplate.allowedValues(template.parameter("IdempotencyTtlSeconds"));
        List<String> cacheTtls = SamTemplate.allowedValues(template.parameter("FastPathTtlSeconds"));
        List<String> receiveCounts = SamTemplate.allowedValues(template.parameter("MaxReceiveCount"));
        if (retentions.isEmpty() || recordTtls.isEmpty() || cacheTtls.isEmpty() || receiveCounts.isEmpty()) {
            violations.add("the windows list no AllowedValues, so no Rule can compare them");
            return violations;
        }
        long deadLetterRetention = template.number(template.resource("PaymentsDeadLetterQueue").path("Properties")
                .path("MessageRetentionPeriod"), DEFAULT_RETENTION).min();
        long longestWindow = template.parameter("ProducerSignatureWindowSeconds").path("MaxValue").asLong();
        long cycle = receiveCycle(template);
        for (String retention : retentions) {
            long longest = longestCopyLife(Long.parseLong(retention), deadLetterRetention, longestWindow);
            for (String recordTtl : recordTtls) {
                for (String cacheTtl : cacheTtls) {
                    for (String receives : receiveCounts) {
                        boolean forbidden = Long.parseLong(recordTtl) <= longest
                                || Long.parseLong(cacheTtl) > Long.parseLong(recordTtl)
                                || Long.parseLong(receives) * cycle >= Long.parseLong(retention);
                        List<String> refusals = ParameterRules.refusals(template.root().path("Rules"), Map.of(
                                "QueueRetentionSeconds", retention, "IdempotencyTtlSeconds", recordTtl,
                                "FastPathTtlSeconds", cacheTtl, "MaxReceiveCount", receives));
                        if (forbidden == refusals.isEmpty() && violations.size() < 5) {
                            violations.add("retention " + retention + ", record TTL " + recordTtl + ", cache TTL " + cacheTtl
                                    + ", maxReceiveCount " + receives
                                    + (forbidden ? " is forbidden but no Rule refuses it" : " is fine but refused: " + refusals));
                        }
                    }
                }
            }
        }
        return violations;
    }

    /**
     * The longest one receive of a payment that fails for a passing reason can last: the
     * invocation, then soon redelivery's longest delay (or the visibility timeout, which covers
     * the invocation), plus the batching window.
     */
    private static long receiveCycle(SamTemplate template) {
        JsonNode function = template.resource("PaymentAuthorizerFunction");
        long timeout = template.number(template.functionProperty(function, "Timeout"), DEFAULT_FUNCTION_TIMEOUT).max();
        long visibility = template.number(template.resource("PaymentsQueue").path("Properties").path("VisibilityTimeout"),
                DEFAULT_VISIBILITY_TIMEOUT).max();
        long window = template.number(function.path("Properties").path("Events").path("Payments").path("Properties")
                .path("MaximumBatchingWindowInSeconds"), 0).max();
        return Math.max(visibility, SoonRedelivery.LONGEST_SECONDS + timeout) + window;
    }

    /**
     * The push API's base URL has no default (a placeholder would deploy and dead-letter every
     * notification), must be https, and is what the notifier is given.
     */
    static List<String> pushApiBaseUrl(SamTemplate template) {
        List<String> violations = new ArrayList<>();
        JsonNode parameter = template.parameter("PushApiBaseUrl");
        if (parameter.isMissingNode()) {
            return List.of("no PushApiBaseUrl parameter");
        }
        if (parameter.has("Default")) {
            violations.add("PushApiBaseUrl has a default (" + parameter.get("Default").asText() + "): a deploy that does not set it must fail");
        }
        Pattern allowed = Pattern.compile(parameter.path("AllowedPattern").asText(".*"));
        if (allowed.matcher("http://push.example.com").matches() || !allowed.matcher("https://push.example.com").matches()) {
            violations.add("PushApiBaseUrl's AllowedPattern must take https:// URLs only");
        }
        // The notifier refuses a query string or fragment at start (NotifierConfig); the deploy must refuse it first.
        if (!allowed.matcher("https://push.example.com/v1/").matches() || allowed.matcher("https://push.example.com/v1?key=1").matches()
                || allowed.matcher("https://push.example.com/v1#part").matches()) {
            violations.add("PushApiBaseUrl's AllowedPattern must take a path and refuse a query string or fragment");
        }
        JsonNode variable = template.resource("PaymentNotifierFunction").path("Properties").path("Environment")
                .path("Variables").path("PUSH_API_BASE_URL");
        if (!"PushApiBaseUrl".equals(variable.path("Ref").asText())) {
            violations.add("PUSH_API_BASE_URL is not the PushApiBaseUrl parameter: " + variable);
        }
        return violations;
    }

    /**
     * The metrics namespace may be anything CloudWatch accepts but a name in {@code AWS/}, which
     * it reserves for AWS services (the alarms would watch figures the function cannot write).
     */
    static List<String> metricsNamespace(SamTemplate template) {
        List<String> violations = new ArrayList<>();
        Pattern allowed = Pattern.compile(template.parameter("MetricsNamespace").path("AllowedPattern").asText(".*"));
        for (String refused : List.of("AWS/", "AWS/Lambda", "AWS/Payments")) {
            if (allowed.matcher(refused).matches()) {
                violations.add("MetricsNamespace accepts " + refused);
            }
        }
        for (String accepted : List.of("Payments", "Payments/dev", "P", "AWS", "AWSx/y", "aws/payments", "AW/x")) {
            if (!allowed.matcher(accepted).matches()) {
                violations.add("MetricsNamespace refuses " + accepted);
            }
        }
        return violations;
    }

    /**
     * Every alarm has its entry in the runbook ({@code docs/deploy.md}), anchored by its name:
     * {@code <a id="alarm-<name>"></a>} (the entries' parts and the descriptions' links:
     * {@code com.example.payment.docs.RunbookEntriesTest}).
     */
    static List<String> runbook(SamTemplate template, String runbook) {
        List<String> violations = new ArrayList<>();
        template.resourcesOfType("AWS::CloudWatch::Alarm").forEach((name, alarm) -> {
            String alarmName = alarm.path("Properties").path("AlarmName").path("Fn::Sub").asText();
            String entry = "<a id=\"alarm-" + alarmName.replace("${AWS::StackName}-", "") + "\"></a>";
            if (!runbook.contains(entry)) {
                violations.add(name + ": no runbook entry " + entry + " in docs/deploy.md");
            }
        });
        return violations;
    }

    /**
     * An SQS event source on a FIFO queue is one Lambda accepts: no batching window, at most 10
     * messages a batch. (The template offers a standard queue; this holds any FIFO one to it.)
     */
    static List<String> fifoEventSources(SamTemplate template) {
        List<String> violations = new ArrayList<>();
        for (SqsEvent event : sqsEvents(template)) {
            if (!queueOf(template, event).path("FifoQueue").asBoolean(false)) {
                continue;
            }
            if (template.number(event.properties().path("MaximumBatchingWindowInSeconds"), 0).max() > 0) {
                violations.add(event.name() + ": a FIFO queue's event source takes no batching window");
            }
            if (template.number(event.properties().path("BatchSize"), 10).max() > 10) {
                violations.add(event.name() + ": a FIFO queue's event source takes at most 10 messages a batch");
            }
        }
        return violations;
    }

    /**
     * The authorizer's role grants on the tables exactly the writes its one
     * {@code TransactWriteItems} contains (a conditional Put and an Update, no ConditionCheck),
     * and one read only: the SnapStart priming's {@code GetItem} of one key no record can have,
     * held to that key by a {@code dynamodb:LeadingKeys} condition, so the role can read no
     * record (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/specifying-conditions.html);
     * and the receiver's one {@code DescribeTimeToLive} at init, on the records table alone.
     */
    static List<String> transactionGrants(SamTemplate template) {
        Set<String> written = new LinkedHashSet<>();
        List<String> violations = new ArrayList<>();
        for (SamTemplate.Statement statement : template.statements()) {
            if (!statement.resource().equals("PaymentAuthorizerRole") || !statement.allows()) {
                continue;
            }
            statement.node().path("Action").forEach(node -> {
                String action = node.asText();
                if (action.equals("dynamodb:GetItem")) {
                    JsonNode keys = statement.node().path("Condition").path("ForAllValues:StringEquals")
                            .path("dynamodb:LeadingKeys");
                    if (keys.size() != 1 || !keys.get(0).asText().startsWith("SNAPSTART-PRIMING#")) {
                        violations.add(statement.node().path("Sid").asText()
                                + " grants dynamodb:GetItem beyond the priming's one key: " + keys);
                    }
                } else if (action.equals("dynamodb:DescribeTimeToLive")) {
                    // The receiver's check at init that the records expire (RecordsTable): that table only.
                    JsonNode resource = statement.node().path("Resource");
                    if (resource.isArray() || !resource.toString().contains("IdempotencyTable")) {
                        violations.add(statement.node().path("Sid").asText()
                                + " grants dynamodb:DescribeTimeToLive beyond the records table: " + resource);
                    }
                } else if (action.startsWith("dynamodb:")) {
                    written.add(action);
                }
            });
        }
        Set<String> used = Set.of("dynamodb:PutItem", "dynamodb:UpdateItem");
        if (!written.equals(used)) {
            violations.add("PaymentAuthorizerRole grants " + written + "; the code writes with " + used);
        }
        return violations;
    }

    /**
     * The authorizer reads the producers' keys only when signatures are required, and only theirs:
     * {@code secretsmanager:GetSecretValue} on exactly {@code ProducerSigningSecretArns} and
     * {@code kms:Decrypt} only through Secrets Manager and only for those secrets, each under
     * {@code Fn::If ProducerSignaturesRequired}; the function is given those secrets then, none
     * otherwise, with the requirement and the window as parameters.
     */
    /**
     * The notifier's role reads exactly the push API credential's secret, and decrypts it only
     * through Secrets Manager and only for that secret (kms:EncryptionContext:SecretARN, which the
     * rehearsal's IAM evaluator cannot judge: it matches variable keys after a '/' only), both only
     * when the notifier authenticates; and the function is given that secret then.
     */
    static List<String> pushApiCredentialGrants(SamTemplate template) {
        List<String> violations = new ArrayList<>();
        boolean read = false;
        boolean decrypt = false;
        for (JsonNode policy : template.resource("PaymentNotifierRole").path("Properties").path("Policies")) {
            for (JsonNode element : policy.path("PolicyDocument").path("Statement")) {
                String condition = element.has("Fn::If") ? element.get("Fn::If").get(0).asText() : "";
                JsonNode statement = element.has("Fn::If") ? element.get("Fn::If").get(1) : element;
                if (!statement.toString().contains("\"Ref\":\"PushApiCredentialSecretArn\"")) {
                    continue;
                }
                if (!condition.equals("PushApiAuthenticated")) {
                    violations.add(statement.path("Sid").asText() + " is granted whether or not the notifier authenticates");
                }
                String action = statement.path("Action").asText();
                JsonNode equals = statement.path("Condition").path("StringEquals");
                if (action.equals("secretsmanager:GetSecretValue")) {
                    read = "PushApiCredentialSecretArn".equals(statement.path("Resource").path("Ref").asText());
                } else if (action.equals("kms:Decrypt")) {
                    decrypt = equals.path("kms:ViaService").toString().contains("secretsmanager.${AWS::Region}.amazonaws.com")
                            && "PushApiCredentialSecretArn".equals(equals.path("kms:EncryptionContext:SecretARN").path("Ref").asText());
                } else {
                    violations.add(statement.path("Sid").asText() + " grants " + action + " on the push API credential");
                }
            }
        }
        if (!read) {
            violations.add("no secretsmanager:GetSecretValue on exactly PushApiCredentialSecretArn");
        }
        if (!decrypt) {
            violations.add("no kms:Decrypt through Secrets Manager for exactly the push API credential's secret");
        }
        JsonNode variables = template.resource("PaymentNotifierFunction").path("Properties").path("Environment").path("Variables");
        if (!"PushApiAuth".equals(variables.path("PUSH_API_AUTH").path("Ref").asText())) {
            violations.add("PUSH_API_AUTH is not the PushApiAuth parameter");
        }
        JsonNode secret = variables.path("PUSH_API_CREDENTIAL_SECRET").path("Fn::If");
        if (!"PushApiAuthenticated".equals(secret.path(0).asText())
                || !"PushApiCredentialSecretArn".equals(secret.path(1).path("Ref").asText()) || !"".equals(secret.path(2).asText("-"))) {
            violations.add("PUSH_API_CREDENTIAL_SECRET is not the credential's secret when authenticating, and empty otherwise: " + secret);
        }
        return violations;
    }

    static List<String> producerKeyGrants(SamTemplate template) {
        List<String> violations = new ArrayList<>();
        boolean read = false;
        boolean decrypt = false;
        for (JsonNode policy : template.resource("PaymentAuthorizerRole").path("Properties").path("Policies")) {
            for (JsonNode element : policy.path("PolicyDocument").path("Statement")) {
                String condition = element.has("Fn::If") ? element.get("Fn::If").get(0).asText() : "";
                JsonNode statement = element.has("Fn::If") ? element.get("Fn::If").get(1) : element;
                boolean producers = statement.toString().contains("\"Ref\":\"ProducerSigningSecretArns\"");
                if (!producers) {
                    continue;
                }
                if (!condition.equals("ProducerSignaturesRequired")) {
                    violations.add(statement.path("Sid").asText() + " is granted whether or not producers' signatures are required");
                }
                String action = statement.path("Action").asText();
                JsonNode equals = statement.path("Condition").path("StringEquals");
                if (action.equals("secretsmanager:GetSecretValue")) {
                    read = "ProducerSigningSecretArns".equals(statement.path("Resource").path("Ref").asText());
                } else if (action.equals("kms:Decrypt")) {
                    decrypt = equals.path("kms:ViaService").toString().contains("secretsmanager.${AWS::Region}.amazonaws.com")
                            && "ProducerSigningSecretArns".equals(equals.path("kms:EncryptionContext:SecretARN").path("Ref").asText());
                } else {
                    violations.add(statement.path("Sid").asText() + " grants " + action + " on the producers' secrets");
                }
            }
        }
        if (!read) {
            violations.add("no secretsmanager:GetSecretValue on exactly ProducerSigningSecretArns");
        }
        if (!decrypt) {
            violations.add("no kms:Decrypt through Secrets Manager for exactly the producers' secrets");
        }
        JsonNode variables = template.resource("PaymentAuthorizerFunction").path("Properties").path("Environment").path("Variables");
        if (!"RequireProducerSignatures".equals(variables.path(ReceiverConfig.REQUIRE_PRODUCER_SIGNATURES).path("Ref").asText())) {
            violations.add("REQUIRE_PRODUCER_SIGNATURES is not the RequireProducerSignatures parameter");
        }
        if (!"ProducerSignatureWindowSeconds".equals(variables.path(ReceiverConfig.PRODUCER_SIGNATURE_WINDOW_SECONDS).path("Ref").asText())) {
            violations.add("PRODUCER_SIGNATURE_WINDOW_SECONDS is not the ProducerSignatureWindowSeconds parameter");
        }
        JsonNode secrets = variables.path(ReceiverConfig.PRODUCER_SIGNING_SECRETS).path("Fn::If");
        if (!"ProducerSignaturesRequired".equals(secrets.path(0).asText())
                || !secrets.path(1).toString().contains("\"Ref\":\"ProducerSigningSecretArns\"") || !"".equals(secrets.path(2).asText("-"))) {
            violations.add("PRODUCER_SIGNING_SECRETS is not the producers' secrets when required, and empty otherwise: " + secrets);
        }
        if (!"false".equals(template.parameter("RequireProducerSignatures").path("Default").asText())
                || template.parameter("ProducerSignatureWindowSeconds").path("Default").asInt() != 300) {
            violations.add("producers' signatures must be off by default, with a 300 s window");
        }
        return violations;
    }

    /** No Allow statement names a wildcard action ({@code *}, {@code service:*}, {@code service:Get*}) or NotAction. */
    static List<String> wildcardActions(SamTemplate template) {
        List<String> violations = new ArrayList<>();
        for (SamTemplate.Statement statement : template.statements()) {
            if (!statement.allows()) {
                continue;
            }
            if (statement.node().has("NotAction")) {
                violations.add(statement.resource() + ": NotAction");
            }
            JsonNode actions = statement.node().path("Action");
            for (JsonNode action : actions.isArray() ? actions : List.of(actions)) {
                if (!action.isTextual() || action.asText().contains("*")) {
                    violations.add(statement.resource() + ": " + action);
                }
            }
        }
        return violations;
    }

    /**
     * Every resource of an Allow statement that is, or contains, {@code *} has a
     * {@code # Wildcard resource: <why AWS requires it>} comment on its line or right above it.
     */
    static List<String> wildcardResources(SamTemplate template) {
        List<String> violations = new ArrayList<>();
        for (SamTemplate.Statement statement : template.statements()) {
            if (!statement.allows()) {
                continue;
            }
            if (statement.node().has("NotResource")) {
                violations.add(statement.resource() + ": NotResource");
            }
            for (JsonNode resource : texts(statement.node().path("Resource"))) {
                if (resource.asText().contains("*") && template.justification(resource, WILDCARD_MARKER).isEmpty()) {
                    violations.add(statement.resource() + " line " + template.lineOf(resource) + ": " + resource);
                }
            }
        }
        return violations;
    }

    /**
     * Every function logs as JSON, at the levels of the {@code ApplicationLogLevel} and
     * {@code SystemLogLevel} parameters (its own LoggingConfig merged over the Globals', as SAM
     * merges them): JSON is what lets Lambda filter by level, and the functions' EMF lines carry
     * the level that no filter drops ("Log-level filtering", AWS Lambda Developer Guide,
     * https://docs.aws.amazon.com/lambda/latest/dg/monitoring-cloudwatchlogs-log-level.html).
     */
    static List<String> jsonLogs(SamTemplate template) {
        List<String> violations = new ArrayList<>();
        template.resourcesOfType("AWS::Serverless::Function").forEach((name, function) -> {
            JsonNode logging = template.functionProperty(function, "LoggingConfig");
            if (!"JSON".equals(logging.path("LogFormat").asText())) {
                violations.add(name + ": LogFormat " + logging.path("LogFormat").asText("(none)") + ", not JSON");
            }
            for (String level : List.of("ApplicationLogLevel", "SystemLogLevel")) {
                if (!level.equals(logging.path(level).path("Ref").asText())) {
                    violations.add(name + ": " + level + " is not the " + level + " parameter");
                }
            }
        });
        return violations;
    }

    /**
     * Every function's permissions are statements of this template: no SAM-generated role (its
     * AWSLambdaBasicExecutionRole allows logs on "*"), no SAM policy templates, no managed
     * policies, whose actions the checks above cannot see.
     */
    static List<String> hiddenPermissions(SamTemplate template) {
        List<String> violations = new ArrayList<>();
        template.resourcesOfType("AWS::Serverless::Function").forEach((name, function) -> {
            if (template.functionProperty(function, "Role").isMissingNode()) {
                violations.add(name + ": no Role, so SAM generates one");
            }
            if (!template.functionProperty(function, "Policies").isMissingNode()) {
                violations.add(name + ": Policies (SAM managed policies or policy templates)");
            }
        });
        template.resourcesOfType("AWS::IAM::Role").forEach((name, role) -> {
            if (!role.path("Properties").path("ManagedPolicyArns").isMissingNode()) {
                violations.add(name + ": ManagedPolicyArns");
            }
        });
        return violations;
    }

    /**
     * The alarms of DESIGN.md §9 exist as specified and every alarm notifies a topic of the
     * template.
     */
    static List<String> alarms(SamTemplate template) {
        List<String> violations = new ArrayList<>();
        Map<String, JsonNode> alarms = template.resourcesOfType("AWS::CloudWatch::Alarm");
        Set<String> watched = new LinkedHashSet<>();
        alarms.forEach((name, alarm) -> {
            JsonNode properties = alarm.path("Properties");
            JsonNode actions = properties.path("AlarmActions");
            if (!actions.isArray() || actions.isEmpty() || !"AWS::SNS::Topic".equals(
                    template.resource(template.target(actions.get(0))).path("Type").asText())) {
                violations.add(name + ": AlarmActions notify no topic of the template");
            }
            List<JsonNode> metrics = new ArrayList<>();
            if (properties.has("MetricName")) {
                metrics.add(properties);
            }
            properties.path("Metrics").forEach(query -> {
                if (query.has("MetricStat")) {
                    metrics.add(query.path("MetricStat").path("Metric"));
                }
            });
            // Whether each custom metric is one the code emits, with its dimension, is checked
            // against the code's own metric catalogues by infra/demo's TemplateMetricsTest.
            for (JsonNode metric : metrics) {
                watched.add(metric.path("MetricName").asText());
            }
        });
        JsonNode rate = alarms.values().stream()
                .filter(alarm -> alarm.path("Properties").path("Metrics").toString().contains("Expression"))
                .findFirst().map(alarm -> alarm.path("Properties")).orElse(null);
        if (rate == null) {
            violations.add("no duplicate-rate alarm (metric math over the duplicate metrics)");
        } else {
            Set<String> summed = new LinkedHashSet<>();
            rate.path("Metrics").forEach(query -> summed.add(query.path("MetricStat").path("Metric")
                    .path("MetricName").asText()));
            if (!summed.containsAll(DUPLICATE_METRICS) || !summed.contains("Received")) {
                violations.add("the duplicate rate does not divide every duplicate metric by Received: " + summed);
            }
            if (!"GreaterThanThreshold".equals(rate.path("ComparisonOperator").asText())
                    || template.number(rate.path("Threshold"), 0).byDefault() != 5
                    || rate.path("EvaluationPeriods").asInt() != 3 || rate.path("DatapointsToAlarm").asInt() != 3
                    || !rate.path("Metrics").findValues("Period").stream().allMatch(period -> period.asInt() == 300)) {
                violations.add("the duplicate-rate alarm is not > 5 % for 3 of 3 five-minute periods");
            }
        }
        for (String required : List.of("Conflict", "ApproximateNumberOfMessagesVisible", "Errors", "Throttles",
                "FastPathUnavailable", "IteratorAge", "StoreLatency")) {
            if (!watched.contains(required)) {
                violations.add("no alarm on " + required);
            }
        }
        return violations;
    }

    /**
     * The dashboard body is valid JSON once its {@code ${...}} substitutions are filled in, and
     * shows the figures of DESIGN.md §9 by metrics the function emits.
     */
    static List<String> dashboard(SamTemplate template) {
        List<String> violations = new ArrayList<>();
        Map<String, JsonNode> dashboards = template.resourcesOfType("AWS::CloudWatch::Dashboard");
        if (dashboards.isEmpty()) {
            return List.of("no dashboard");
        }
        dashboards.forEach((name, dashboard) -> {
            String body = dashboard.path("Properties").path("DashboardBody").path("Fn::Sub").asText();
            JsonNode widgets;
            try {
                widgets = new ObjectMapper().readTree(SUBSTITUTION.matcher(body).replaceAll("0")).path("widgets");
            } catch (JsonProcessingException e) {
                violations.add(name + ": DashboardBody is not JSON: " + e.getOriginalMessage());
                return;
            }
            Set<String> shown = new LinkedHashSet<>();
            widgets.findValues("metrics").forEach(rows -> rows.forEach(row -> row.forEach(cell -> {
                if (cell.isTextual()) {
                    shown.add(cell.asText());
                }
            })));
            for (String figure : List.of("Received", "Approved", "DuplicateFastPath", "DuplicateStore",
                    "DuplicateLate", "DuplicateInBatch", "StoreLatency", "ApproximateNumberOfMessagesVisible")) {
                if (!shown.contains(figure)) {
                    violations.add(name + ": shows no " + figure);
                }
            }
            if (widgets.findValues("expression").isEmpty()) {
                violations.add(name + ": shows no duplicate rate (metric math)");
            }
        });
        return violations;
    }

    private static List<SqsEvent> sqsEvents(SamTemplate template) {
        List<SqsEvent> events = new ArrayList<>();
        for (Map.Entry<String, JsonNode> function : template.resourcesOfType("AWS::Serverless::Function").entrySet()) {
            function.getValue().path("Properties").path("Events").properties().forEach(event -> {
                if ("SQS".equals(event.getValue().path("Type").asText())) {
                    events.add(new SqsEvent(function.getKey() + "." + event.getKey(), function.getValue(),
                            event.getValue().path("Properties")));
                }
            });
        }
        return events;
    }

    /** The properties of the queue an SQS event source reads. */
    private static JsonNode queueOf(SamTemplate template, SqsEvent event) {
        JsonNode queue = template.resource(template.target(event.properties().path("Queue")));
        if (!"AWS::SQS::Queue".equals(queue.path("Type").asText())) {
            throw new IllegalArgumentException(event.name() + ": Queue is not an AWS::SQS::Queue of this template");
        }
        return queue.path("Properties");
    }

    private static JsonNode environment(SamTemplate template, SqsEvent event) {
        return template.functionProperty(event.function(), "Environment").path("Variables");
    }

    /** Every string inside {@code node}: a literal, a list, or the arguments of intrinsics. */
    private static List<JsonNode> texts(JsonNode node) {
        List<JsonNode> found = new ArrayList<>();
        if (node.isTextual()) {
            found.add(node);
        }
        node.forEach(child -> found.addAll(texts(child)));
        return found;
    }

    /** The names of the SQS event sources, so that a test can tell the checks above had something to check. */
    static List<String> sqsEventNames(SamTemplate template) {
        return sqsEvents(template).stream().map(SqsEvent::name).toList();
    }
}
