package com.example.rehearse.stack;

import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The stack's life with one parameter set: a first create that fails and rolls back, then is
 * retried; and a create, {@code sam delete}, the guide's teardown, and a create again. What
 * CloudFormation leaves behind follows each resource's {@code DeletionPolicy}
 * (https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-attribute-deletionpolicy.html):
 * {@code Retain} keeps it in both, {@code RetainExceptOnCreate} keeps it on a delete but deletes
 * it when the create that made it rolls back, {@code Delete} deletes it. A resource left behind
 * stops the next create when it holds a physical name the template gives (a log group's
 * {@code LogGroupName}, a secret's {@code Name}, ...: the create answers {@code AlreadyExists}).
 * Also:
 * <ul>
 *   <li>a resource that refuses deletion ({@code DeletionProtectionEnabled}) and that
 *       CloudFormation is told to delete makes the rollback or the delete fail;</li>
 *   <li>a secret's name stays taken while it is scheduled for deletion, for its recovery window
 *       of 7 to 30 days (https://docs.aws.amazon.com/secretsmanager/latest/apireference/API_DeleteSecret.html),
 *       unless it is deleted without recovery;</li>
 *   <li>a resource left behind must not lose what it depends on (a retained table's key);</li>
 *   <li>every resource {@code sam delete} leaves must be removed by the guide's teardown
 *       (docs/deploy.md, "Deleting a stack"), whose commands this class writes; one the template
 *       does not name after the delete must be named by an Output, read before it.</li>
 * </ul>
 */
public final class Lifecycle {

    /** The property holding the physical name a template may give, per type (changing it replaces the resource). */
    private static final Map<String, String> NAME_PROPERTIES = Map.ofEntries(
            Map.entry("AWS::Logs::LogGroup", "LogGroupName"),
            Map.entry("AWS::DynamoDB::Table", "TableName"),
            Map.entry("AWS::KMS::Alias", "AliasName"),
            Map.entry("AWS::SecretsManager::Secret", "Name"),
            Map.entry("AWS::SQS::Queue", "QueueName"),
            Map.entry("AWS::SNS::Topic", "TopicName"),
            Map.entry("AWS::IAM::Role", "RoleName"),
            Map.entry("AWS::Lambda::Function", "FunctionName"),
            Map.entry("AWS::CloudWatch::Alarm", "AlarmName"),
            Map.entry("AWS::CloudWatch::Dashboard", "DashboardName"),
            Map.entry("AWS::ElastiCache::ServerlessCache", "ServerlessCacheName"),
            Map.entry("AWS::Events::Rule", "Name"),
            Map.entry("AWS::SSM::Parameter", "Name"),
            Map.entry("AWS::S3::Bucket", "BucketName"));

    /** What the teardown runs per kind of resource left behind; {@code %s} is its name (a shell word). */
    private static final Map<String, List<String>> TEARDOWN = Map.of(
            "AWS::Logs::LogGroup", List.of("aws logs delete-log-group --region \"$REGION\" --log-group-name %s"),
            "AWS::DynamoDB::Table", List.of(
                    "aws dynamodb update-table --region \"$REGION\" --table-name %s --no-deletion-protection-enabled",
                    "aws dynamodb delete-table --region \"$REGION\" --table-name %s"),
            // An MRSC table: its second replica and witness removed together (which leaves a table of
            // one Region), then that table (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_GlobalTableWitnessGroupUpdate.html).
            "AWS::DynamoDB::GlobalTable", List.of(
                    "aws dynamodb update-table --region \"$SECOND_REGION\" --table-name %s --no-deletion-protection-enabled",
                    "aws dynamodb update-table --region \"$REGION\" --table-name %1$s --replica-updates \"Delete={RegionName=$SECOND_REGION}\""
                            + " --global-table-witness-updates \"Delete={RegionName=$WITNESS_REGION}\"",
                    "aws dynamodb update-table --region \"$REGION\" --table-name %s --no-deletion-protection-enabled",
                    "aws dynamodb delete-table --region \"$REGION\" --table-name %s"),
            "AWS::SecretsManager::Secret", List.of("aws secretsmanager delete-secret --region \"$REGION\" --secret-id %s --force-delete-without-recovery"),
            "AWS::KMS::Key", List.of("aws kms schedule-key-deletion --region \"$REGION\" --key-id %s --pending-window-in-days 30"));
    /** Keys last: what they encrypt goes first. */
    private static final List<String> TEARDOWN_ORDER = List.of("AWS::Logs::LogGroup", "AWS::DynamoDB::Table", "AWS::DynamoDB::GlobalTable",
            "AWS::SecretsManager::Secret", "AWS::KMS::Key");

    private final ResolvedTemplate template;
    private final List<String> failures = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final List<String> beforeDelete = new ArrayList<>();
    private final List<String> afterDelete = new ArrayList<>();

    private Lifecycle(ResolvedTemplate template) {
        this.template = template;
    }

    /** The two lives of {@code template}'s stack, its teardown checked against {@code deployGuide} (docs/deploy.md's text). */
    public static Lifecycle of(ResolvedTemplate template, String deployGuide) {
        Lifecycle lifecycle = new Lifecycle(template);
        lifecycle.failedCreate();
        lifecycle.deleteAndCreateAgain(deployGuide);
        return lifecycle;
    }

    /** What stops a retry or a re-creation, each naming the resource and the fix. */
    public List<String> failures() {
        return failures;
    }

    /** What is left behind without stopping anything, for the report. */
    public List<String> notes() {
        return notes;
    }

    /** The teardown's commands: what to read before {@code sam delete}, then what to delete after it. */
    public List<String> teardown() {
        List<String> all = new ArrayList<>(beforeDelete);
        all.add("sam delete --config-env <env>");
        all.addAll(afterDelete);
        return all;
    }

    private void failedCreate() {
        Set<String> kept = new LinkedHashSet<>();
        for (String id : template.resourceIds()) {
            String policy = partOfItsFunction(id) ? "Delete" : template.deletionPolicy(id);
            boolean deleted = !"Retain".equals(policy);
            if (deleted && refusesDeletion(id)) {
                failures.add(id + " (" + template.type(id) + ") has deletion protection on, and DeletionPolicy " + policy
                        + " has CloudFormation delete it when a failed first create rolls back: the rollback fails (ROLLBACK_FAILED),"
                        + " and the stack can be neither retried nor deleted without help; use DeletionPolicy: Retain");
                continue;
            }
            Optional<String> name = fixedName(id);
            if (!deleted) {
                kept.add(id);
                if (name.isPresent()) {
                    failures.add(id + " (" + template.type(id) + ") keeps its name " + name.get() + " when a failed first create"
                            + " rolls back (DeletionPolicy: Retain): the retry fails with AlreadyExists; use DeletionPolicy:"
                            + " RetainExceptOnCreate, which keeps it on a delete and deletes it when its own create rolls back");
                } else {
                    notes.add("left after a failed first create (DeletionPolicy: Retain, no fixed name, so the retry is not stopped): " + id);
                }
            } else if (name.isPresent() && holdsNameAfterDeletion(id)) {
                failures.add(id + " (" + template.type(id) + ") is deleted when a failed first create rolls back, but its name "
                        + name.get() + " stays taken for its recovery window (7 to 30 days): the retry fails; let CloudFormation name it");
            }
        }
        orphans(kept, "a failed first create");
    }

    private void deleteAndCreateAgain(String deployGuide) {
        Set<String> kept = new LinkedHashSet<>();
        for (String id : template.resourceIds()) {
            String policy = partOfItsFunction(id) ? "Delete" : template.deletionPolicy(id);
            boolean deleted = "Delete".equals(policy) || "Snapshot".equals(policy);
            if (deleted && refusesDeletion(id)) {
                failures.add(id + " (" + template.type(id) + ") has deletion protection on, and DeletionPolicy " + policy
                        + " has sam delete delete it: the delete fails (DELETE_FAILED); use DeletionPolicy: RetainExceptOnCreate");
            } else if (deleted && fixedName(id).isPresent() && holdsNameAfterDeletion(id)) {
                failures.add(id + " (" + template.type(id) + ") is deleted by sam delete, but its name " + fixedName(id).get()
                        + " stays taken for its recovery window (7 to 30 days): creating the stack again fails; let CloudFormation name it");
            } else if (!deleted) {
                kept.add(id);
            }
        }
        orphans(kept, "sam delete");
        List<String> ordered = new ArrayList<>(kept);
        ordered.sort((a, b) -> Integer.compare(order(a), order(b)));
        for (String id : ordered) {
            teardownOf(id, deployGuide);
        }
    }

    private void teardownOf(String id, String deployGuide) {
        String type = template.type(id);
        Optional<String> name = fixedName(id);
        String blocks = name.isPresent() ? "; creating the stack again fails with AlreadyExists on " + name.get()
                : "; it is left behind, billed";
        List<String> commands = TEARDOWN.get(type);
        if (commands == null) {
            failures.add(id + " (" + type + ") survives sam delete (DeletionPolicy " + template.deletionPolicy(id)
                    + ") and the rehearsal knows no command that deletes it" + blocks + ": add its type to Lifecycle.TEARDOWN");
            return;
        }
        String word;
        if (name.isPresent()) {
            word = "\"" + name.get().replace(template.stackName(), "$STACK") + "\"";
        } else {
            Optional<String> output = template.outputOf(id);
            if (output.isEmpty()) {
                failures.add(id + " (" + type + ") survives sam delete and no Output names it, so nothing names it once the stack"
                        + " is gone" + blocks + ": add an Output with its Ref, which the teardown reads before sam delete");
                return;
            }
            word = "\"$" + output.get() + "\"";
            String read = output.get() + "=\"$(out " + output.get() + ")\"";
            if (!beforeDelete.contains(read)) {
                beforeDelete.add(read);
            }
        }
        for (String command : commands) {
            String line = command.formatted(word);
            afterDelete.add(line);
            if (!deployGuide.contains(line)) {
                failures.add(id + " (" + type + ") survives sam delete (DeletionPolicy " + template.deletionPolicy(id) + ")" + blocks
                        + "; docs/deploy.md's teardown (\"Deleting a stack\") must run: " + line);
            }
        }
        if (name.isEmpty()) {
            String read = beforeDelete.get(beforeDelete.size() - 1);
            if (!deployGuide.contains(read)) {
                failures.add(id + " is named only by an Output, which is gone after sam delete: docs/deploy.md's teardown must read it first: " + read);
            }
        }
    }

    /** A resource left behind whose key is not: a retained table whose key is deleted can never be read again. */
    private void orphans(Set<String> kept, String after) {
        for (String id : kept) {
            for (String dependency : template.dependencyClosure(id)) {
                if (!kept.contains(dependency) && "AWS::KMS::Key".equals(template.type(dependency))) {
                    failures.add(id + " is kept after " + after + " but its key " + dependency + " is not: what it holds can"
                            + " never be decrypted again; give " + dependency + " DeletionPolicy " + template.deletionPolicy(id));
                }
            }
        }
    }

    private int order(String id) {
        int at = TEARDOWN_ORDER.indexOf(template.type(id));
        return at < 0 ? TEARDOWN_ORDER.size() : at;
    }

    /** The physical name the template gives the resource, if it gives one. */
    private Optional<String> fixedName(String id) {
        String property = NAME_PROPERTIES.get(template.type(id));
        if (property == null) {
            return Optional.empty();
        }
        JsonNode name = template.properties(id).path(property);
        return name.isTextual() && !name.asText().isEmpty() ? Optional.of(name.asText()) : Optional.empty();
    }

    /**
     * A function's version: SAM retains each one it publishes, so that an update does not delete
     * the version an alias still routes to, but a version is deleted with its function
     * (https://docs.aws.amazon.com/lambda/latest/api/API_DeleteFunction.html).
     */
    private boolean partOfItsFunction(String id) {
        return "AWS::Lambda::Version".equals(template.type(id));
    }

    private boolean refusesDeletion(String id) {
        JsonNode properties = template.properties(id);
        return properties.path("DeletionProtectionEnabled").asBoolean(false) || properties.path("DeletionProtection").asBoolean(false);
    }

    private boolean holdsNameAfterDeletion(String id) {
        return "AWS::SecretsManager::Secret".equals(template.type(id));
    }
}
