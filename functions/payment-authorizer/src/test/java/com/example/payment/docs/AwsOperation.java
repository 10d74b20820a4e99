package com.example.payment.docs;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * An AWS API operation as the AWS CLI names it ({@code aws dynamodb put-item}), looked up in the
 * service model the CLI reads ({@link ServiceModels}): its input's members are the options it
 * takes ({@code TableName} is {@code --table-name}, a boolean also {@code --no-...}), and the
 * members the model marks required are options the CLI refuses to run without.
 *
 * @param service   the CLI's service name, e.g. {@code dynamodb}
 * @param operation the CLI's operation name, e.g. {@code put-item}
 * @param members   its input's members by {@link ServiceModels#key}: whether each is a boolean
 * @param required  the CLI names of its required members ({@code --table-name})
 */
record AwsOperation(String service, String operation, Map<String, Boolean> members, Set<String> required) {

    /** The AWS CLI's own options, valid with every operation. */
    private static final Set<String> GLOBAL_OPTIONS = Set.of("--query", "--output", "--region", "--profile", "--endpoint-url",
            "--no-cli-pager", "--cli-input-json");

    /** The operation {@code aws service operation}, if {@code models} has it. */
    static Optional<AwsOperation> of(ServiceModels models, String service, String operation) {
        return models.model(service).flatMap(model -> {
            for (Map.Entry<String, JsonNode> entry : model.path("operations").properties()) {
                if (ServiceModels.key(entry.getKey()).equals(ServiceModels.key(operation))) {
                    return Optional.of(of(model, service, operation, entry.getValue()));
                }
            }
            return Optional.empty();
        });
    }

    private static AwsOperation of(JsonNode model, String service, String operation, JsonNode definition) {
        JsonNode input = model.path("shapes").path(definition.path("input").path("shape").asText());
        Map<String, Boolean> members = new HashMap<>();
        input.path("members").properties().forEach(member -> members.put(ServiceModels.key(member.getKey()),
                "boolean".equals(model.path("shapes").path(member.getValue().path("shape").asText()).path("type").asText())));
        Set<String> required = new TreeSet<>();
        input.path("required").forEach(member -> required.add("--" + ServiceModels.cliName(member.asText())));
        return new AwsOperation(service, operation, Map.copyOf(members), Set.copyOf(required));
    }

    /** Whether {@code option} ({@code --table-name}, {@code --no-deletion-protection-enabled}) is the CLI's own or a member's. */
    boolean accepts(String option) {
        String member = ServiceModels.key(option.substring(2));
        return GLOBAL_OPTIONS.contains(option) || members.containsKey(member)
                || option.startsWith("--no-") && members.getOrDefault(ServiceModels.key(option.substring(5)), false);
    }

    /** The required options {@code given} lacks, e.g. {@code [--vpc-id]}. */
    List<String> missing(List<String> given) {
        Set<String> keys = new TreeSet<>();
        given.forEach(option -> keys.add(ServiceModels.key(option)));
        return required.stream().filter(option -> !keys.contains(ServiceModels.key(option))).toList();
    }
}
