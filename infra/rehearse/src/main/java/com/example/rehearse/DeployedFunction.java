package com.example.rehearse;

import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A deployed function as the checks need it: its role, environment, network and SnapStart.
 *
 * @param logicalId      the AWS::Lambda::Function's logical id (the SAM function's)
 * @param roleId         its role's logical id
 * @param roleArn        its role's ARN
 * @param environment    its environment variables, resolved
 * @param securityGroups its VPC security group ids (empty outside a VPC)
 * @param snapStart      whether Lambda snapshots its published versions
 * @param properties     its resolved properties
 */
record DeployedFunction(String logicalId, String roleId, String roleArn, Map<String, String> environment,
                        List<String> securityGroups, boolean snapStart, JsonNode properties) {

    boolean inVpc() {
        return !securityGroups.isEmpty();
    }

    /** The template's functions with these parameters. */
    static List<DeployedFunction> of(ResolvedTemplate template) {
        List<DeployedFunction> functions = new ArrayList<>();
        template.ofType("AWS::Lambda::Function").forEach((id, properties) -> {
            String roleArn = properties.path("Role").asText();
            String roleId = template.logicalIdOf(roleArn).orElseThrow(() ->
                    new IllegalArgumentException(id + ": its role " + roleArn + " is not one of the template's"));
            Map<String, String> environment = new LinkedHashMap<>();
            properties.path("Environment").path("Variables").properties()
                    .forEach(variable -> environment.put(variable.getKey(), variable.getValue().asText()));
            List<String> groups = new ArrayList<>();
            properties.path("VpcConfig").path("SecurityGroupIds").forEach(group -> groups.add(group.asText()));
            boolean snapStart = "PublishedVersions".equals(properties.path("SnapStart").path("ApplyOn").asText());
            functions.add(new DeployedFunction(id, roleId, roleArn, environment, groups, snapStart, properties));
        });
        return functions;
    }

    static Optional<DeployedFunction> named(List<DeployedFunction> functions, String logicalId) {
        return functions.stream().filter(function -> function.logicalId().equals(logicalId)).findFirst();
    }
}
