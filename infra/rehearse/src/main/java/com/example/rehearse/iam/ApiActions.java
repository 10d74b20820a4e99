package com.example.rehearse.iam;

import com.example.rehearse.calls.RecordedCall;
import com.example.rehearse.template.PaymentTables;
import com.example.rehearse.template.ResolvedTemplate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What IAM authorises for each API call the functions make: the actions, on which resource, and
 * the KMS calls the service makes with the caller's permissions when the resource is encrypted
 * with a customer managed key. Each entry names the AWS page it comes from. A call the table does
 * not know is refused by the rehearsal, so that a new call is looked up, not guessed.
 */
public final class ApiActions {

    /**
     * One authorisation a call needs.
     *
     * @param action     the IAM action
     * @param resource   the resource's ARN
     * @param resourceId the resource's logical id
     * @param viaService for a KMS action made by a service on the caller's behalf, that service's
     *                   {@code kms:ViaService} value; empty for the call itself
     */
    public record Need(String action, String resource, String resourceId, Optional<String> viaService) {
    }

    private record Entry(List<String> actions, String page) {
    }

    private static final String DYNAMODB_PAGE =
            "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/api-permissions-reference.html";
    private static final String SQS_PAGE =
            "https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-api-permissions-reference.html";

    /**
     * API operation to IAM actions. TransactWriteItems needs each contained action's permission
     * ("part": Put, Update, Delete, ConditionCheck, each + "Item"); a batch needs its single action's.
     */
    private static final Map<String, Entry> TABLE = Map.ofEntries(
            Map.entry("dynamodb:TransactWriteItems", new Entry(List.of("part"),
                    "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis-iam.html")),
            Map.entry("dynamodb:PutItem", new Entry(List.of("dynamodb:PutItem"), DYNAMODB_PAGE)),
            Map.entry("dynamodb:UpdateItem", new Entry(List.of("dynamodb:UpdateItem"), DYNAMODB_PAGE)),
            Map.entry("dynamodb:GetItem", new Entry(List.of("dynamodb:GetItem"), DYNAMODB_PAGE)),
            Map.entry("dynamodb:DeleteItem", new Entry(List.of("dynamodb:DeleteItem"), DYNAMODB_PAGE)),
            Map.entry("dynamodb:Scan", new Entry(List.of("dynamodb:Scan"), DYNAMODB_PAGE)),
            Map.entry("dynamodb:DescribeTable", new Entry(List.of("dynamodb:DescribeTable"), DYNAMODB_PAGE)),
            Map.entry("dynamodb:DescribeTimeToLive", new Entry(List.of("dynamodb:DescribeTimeToLive"), DYNAMODB_PAGE)),
            Map.entry("sqs:ChangeMessageVisibilityBatch", new Entry(List.of("sqs:ChangeMessageVisibility"), SQS_PAGE)),
            Map.entry("sqs:ChangeMessageVisibility", new Entry(List.of("sqs:ChangeMessageVisibility"), SQS_PAGE)),
            Map.entry("sqs:SendMessage", new Entry(List.of("sqs:SendMessage"), SQS_PAGE)),
            Map.entry("sqs:ReceiveMessage", new Entry(List.of("sqs:ReceiveMessage"), SQS_PAGE)),
            Map.entry("sqs:SendMessageBatch", new Entry(List.of("sqs:SendMessage"), SQS_PAGE)),
            Map.entry("sqs:DeleteMessage", new Entry(List.of("sqs:DeleteMessage"), SQS_PAGE)),
            Map.entry("sqs:DeleteMessageBatch", new Entry(List.of("sqs:DeleteMessage"), SQS_PAGE)),
            Map.entry("sns:Publish", new Entry(List.of("sns:Publish"),
                    "https://docs.aws.amazon.com/sns/latest/dg/sns-access-policy-language-api-permissions-reference.html")),
            Map.entry("sns:PublishBatch", new Entry(List.of("sns:Publish"),
                    "https://docs.aws.amazon.com/sns/latest/api/API_PublishBatch.html")),
            Map.entry("secretsmanager:GetSecretValue", new Entry(List.of("secretsmanager:GetSecretValue"),
                    "https://docs.aws.amazon.com/secretsmanager/latest/userguide/reference_iam-permissions.html")));

    /**
     * KMS actions a service makes with the caller's permissions on a resource encrypted with a
     * customer managed key: Secrets Manager decrypts a secret
     * (https://docs.aws.amazon.com/secretsmanager/latest/userguide/security-encryption.html), SNS
     * encrypts a published message
     * (https://docs.aws.amazon.com/sns/latest/dg/sns-key-management.html), DynamoDB decrypts the
     * table key (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/encryption.howitworks.html).
     */
    private static final Map<String, List<String>> KMS_ON_BEHALF = Map.of(
            "secretsmanager", List.of("kms:Decrypt"),
            "sns", List.of("kms:GenerateDataKey", "kms:Decrypt"),
            "dynamodb", List.of("kms:Decrypt"));

    /** Calls that read or write no encrypted data (a table's description, its TTL's), so use no key. */
    private static final Set<String> NO_DATA = Set.of("dynamodb:DescribeTable", "dynamodb:DescribeTimeToLive");

    private ApiActions() {
    }

    /** Whether the table knows {@code api} ({@code service:Operation}). */
    public static boolean knows(String api) {
        return TABLE.containsKey(api);
    }

    /** The page an API's entry comes from. */
    public static String page(String api) {
        return TABLE.get(api).page();
    }

    /**
     * What {@code call} needs in {@code template}; empty when a resource it names is not deployed
     * with these parameters (the function is not given its name then, so it makes no such call).
     */
    public static Optional<List<Need>> needs(RecordedCall call, ResolvedTemplate template) {
        Entry entry = TABLE.get(call.api());
        if (entry == null) {
            throw new IllegalArgumentException("no entry for " + call.api());
        }
        List<Need> needs = new ArrayList<>();
        for (RecordedCall.Resource named : call.resources()) {
            String logicalId = named.name();
            Optional<PaymentTables.Table> global = "table".equals(named.kind()) ? PaymentTables.of(template, logicalId) : Optional.empty();
            if (global.isPresent()) {
                PaymentTables.Table table = global.get();
                entry.actions().forEach(action -> needs.add(new Need(action, table.arn(), table.resourceId(), Optional.empty())));
                table.key().filter(key -> !NO_DATA.contains(call.api())).ifPresent(key -> kmsOnBehalf(call, key, template, needs));
                continue;
            }
            if (!template.has(logicalId)) {
                List<String> given = givenByParameter(logicalId, template);
                if (given.isEmpty()) {
                    return Optional.empty();
                }
                for (String arn : given) {
                    entry.actions().forEach(action -> needs.add(new Need(action, arn, GIVEN_BY_PARAMETER.get(logicalId), Optional.empty())));
                }
                continue;
            }
            String arn = arn(named.kind(), logicalId, template);
            List<String> actions = entry.actions().equals(List.of("part"))
                    ? List.of(call.service() + ":" + named.part() + "Item")
                    : entry.actions();
            actions.forEach(action -> needs.add(new Need(action, arn, logicalId, Optional.empty())));
            customerKey(named.kind(), logicalId, template).filter(key -> !NO_DATA.contains(call.api()))
                    .ifPresent(key -> kmsOnBehalf(call, key, template, needs));
        }
        return Optional.of(needs.stream().distinct().toList());
    }

    /** The KMS actions the called service makes with the caller's permissions on {@code key}. */
    private static void kmsOnBehalf(RecordedCall call, String key, ResolvedTemplate template, List<Need> needs) {
        KMS_ON_BEHALF.getOrDefault(call.service(), List.of()).forEach(action -> needs.add(new Need(action, key, keyId(template, key),
                Optional.of(call.service() + "." + template.region() + ".amazonaws.com"))));
    }

    /**
     * Resources the stack does not create but is given by a parameter listing their ARNs (the
     * producers' signing keys, the push API credential), by the logical id their local stand-in
     * maps to.
     */
    private static final Map<String, String> GIVEN_BY_PARAMETER = Map.of("ProducerSigningKey", "ProducerSigningSecretArns",
            "PushApiCredential", "PushApiCredentialSecretArn");

    /** The ARNs a parameter gives for {@code logicalId}; empty when none (so the function is given none to call). */
    private static List<String> givenByParameter(String logicalId, ResolvedTemplate template) {
        String parameter = GIVEN_BY_PARAMETER.get(logicalId);
        if (parameter == null || !template.hasParameter(parameter)) {
            return List.of();
        }
        return Arrays.stream(template.parameter(parameter).split(",")).map(String::strip).filter(arn -> !arn.isEmpty()).toList();
    }

    private static String arn(String kind, String logicalId, ResolvedTemplate template) {
        return switch (kind) {
            case "table", "queue" -> template.attribute(logicalId, "Arn");
            case "stream" -> template.attribute(logicalId, "StreamArn");
            case "topic", "secret" -> template.ref(logicalId);
            default -> throw new IllegalArgumentException("a resource kind the rehearsal does not know: " + kind);
        };
    }

    /** The ARN of the customer managed key that encrypts the resource, if one does. */
    public static Optional<String> customerKey(String kind, String logicalId, ResolvedTemplate template) {
        Optional<PaymentTables.Table> global = "table".equals(kind) || "stream".equals(kind)
                ? PaymentTables.named(template, logicalId) : Optional.empty();
        if (global.isPresent()) {
            return global.get().key();
        }
        var properties = template.properties(logicalId);
        String key = switch (kind) {
            case "table", "stream" -> properties.path("SSESpecification").path("KMSMasterKeyId").asText("");
            case "topic" -> properties.path("KmsMasterKeyId").asText("");
            case "secret" -> properties.path("KmsKeyId").asText("");
            default -> "";
        };
        if (key.isEmpty() || key.startsWith("alias/aws/")) {
            return Optional.empty();
        }
        return Optional.of(key.startsWith("arn:") ? key
                : "arn:aws:kms:" + template.region() + ":" + ResolvedTemplate.ACCOUNT + ":key/" + key);
    }

    /** The logical id of the template's key with ARN {@code arn}, or the ARN. */
    public static String keyId(ResolvedTemplate template, String arn) {
        return template.logicalIdOf(arn).orElse(arn);
    }
}
