package com.example.payment.docs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The check of a documented {@code aws SERVICE OPERATION --option value ...} command: an
 * operation of the service model the AWS CLI reads ({@link AwsOperation}), taking every option
 * given and given every member its input requires; {@code --item}/{@code --key} of DynamoDB are
 * DynamoDB JSON, any other value that is an object or array is JSON; and, where the doc asks,
 * its {@code --region}.
 */
final class AwsCommands {

    private static final Set<String> DYNAMODB_JSON_OPTIONS = Set.of("--item", "--key");
    /**
     * Options the AWS CLI renames from its model's member (service, operation, the CLI's name: the
     * model's): {@code aws sns subscribe}'s {@code Endpoint} is {@code --notification-endpoint}, since
     * {@code --endpoint} would clash with the global {@code --endpoint-url} (the AWS CLI Command
     * Reference, "sns subscribe").
     */
    private static final Map<String, String> CLI_RENAMES = Map.of("sns subscribe --notification-endpoint", "--endpoint");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ServiceModels models;

    AwsCommands(ServiceModels models) {
        this.models = models;
    }

    /**
     * The problems of the command {@code words}, whose options have {@code values} (a variable's
     * value where one is given); {@code regionPerCommand}: it must name its {@code --region}.
     */
    List<String> check(List<String> words, Map<String, String> values, boolean regionPerCommand) {
        List<String> problems = new ArrayList<>(operation(words));
        if (!problems.isEmpty()) {
            return problems;
        }
        values.forEach((option, value) -> problems.addAll(json(words.get(1), option, value)));
        if (regionPerCommand && !words.contains("--region")) {
            problems.add("aws " + words.get(1) + " " + words.get(2) + " names no --region: this guide's commands"
                    + " run in samconfig.toml's Region, whatever the CLI profile's is (--region \"$REGION\")");
        }
        return problems;
    }

    /** The problems of {@code words}' operation and options: it exists, takes each option, and is given each it requires. */
    List<String> operation(List<String> words) {
        if (words.size() < 3) {
            return List.of("an aws command names a service and an operation");
        }
        String service = words.get(1);
        String name = words.get(2);
        Optional<AwsOperation> operation = AwsOperation.of(models, service, name);
        if (operation.isEmpty()) {
            return List.of("the AWS CLI's service models have no operation `aws " + service + " " + name + "`");
        }
        List<String> options = words.stream().skip(3).filter(word -> word.startsWith("--"))
                .map(option -> CLI_RENAMES.getOrDefault(service + " " + name + " " + option, option)).toList();
        List<String> problems = new ArrayList<>();
        options.stream().filter(option -> !operation.get().accepts(option))
                .forEach(option -> problems.add(option + " is no option of aws " + service + " " + name));
        operation.get().missing(options).forEach(option -> problems.add("aws " + service + " " + name + " needs " + option
                + " (a required member of its input in the service's model)"));
        return problems;
    }

    /**
     * DynamoDB JSON for {@code --item} and {@code --key}; plain JSON for any other value that starts
     * as JSON. A {@code file://} value is read by the AWS CLI from that file ("Loading AWS CLI
     * parameters from a file", AWS CLI User Guide), which a walk checks by running it.
     */
    private static List<String> json(String service, String option, String value) {
        if (value.startsWith("file://")) {
            return List.of();
        }
        try {
            if (service.equals("dynamodb") && DYNAMODB_JSON_OPTIONS.contains(option)) {
                DynamoDbJson.item(value);
            } else if (value.startsWith("{") || value.startsWith("[")) {
                JSON.readTree(value);
            }
            return List.of();
        } catch (IllegalArgumentException e) {
            return List.of(option + " " + e.getMessage());
        } catch (JsonProcessingException e) {
            return List.of(option + " is not JSON: " + e.getOriginalMessage());
        }
    }
}
