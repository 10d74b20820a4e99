package com.example.rehearse;

import com.example.rehearse.iam.AccessRequest;
import com.example.rehearse.iam.Policies;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Least privilege, as a warning: every action a function's role grants on a resource that no
 * allowed call (recorded or made by AWS on the function's behalf) used. A grant listed here is
 * either unneeded or needed by a call no test makes; either way someone should look.
 */
final class UnusedGrants {

    private UnusedGrants() {
    }

    static List<String> of(List<DeployedFunction> functions, Policies policies, List<AccessRequest> allowed) {
        List<String> unused = new ArrayList<>();
        for (DeployedFunction function : functions) {
            policies.identityPolicies(function.roleId()).forEach((name, policy) -> {
                for (JsonNode statement : policy.path("Statement")) {
                    if (!"Allow".equals(statement.path("Effect").asText())) {
                        continue;
                    }
                    for (String action : strings(statement.path("Action"))) {
                        for (String resource : strings(statement.path("Resource"))) {
                            if (allowed.stream().noneMatch(request -> request.principal().equals(function.roleArn())
                                    && request.action().equalsIgnoreCase(action) && glob(resource).matcher(request.resource()).matches())) {
                                unused.add(function.roleId() + " " + statement.path("Sid").asText(name) + ": " + action + " on " + resource);
                            }
                        }
                    }
                }
            });
        }
        return unused;
    }

    private static List<String> strings(JsonNode node) {
        List<String> values = new ArrayList<>();
        if (node.isArray()) {
            node.forEach(value -> values.add(value.asText()));
        } else if (!node.isMissingNode()) {
            values.add(node.asText());
        }
        return values;
    }

    /** An IAM resource pattern ({@code *} any run of characters, {@code ?} one) as a regular expression. */
    private static Pattern glob(String pattern) {
        StringBuilder regex = new StringBuilder();
        for (String part : pattern.split("(?=[*?])|(?<=[*?])")) {
            regex.append(switch (part) {
                case "*" -> ".*";
                case "?" -> ".";
                default -> Pattern.quote(part);
            });
        }
        return Pattern.compile(regex.toString());
    }
}
