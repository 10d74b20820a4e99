package com.example.rehearse.checks;

import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a call from a function in a VPC reaches an AWS API. A function in private subnets reaches
 * only what its VPC routes: a gateway endpoint on the subnets' route tables (DynamoDB), an
 * interface endpoint with private DNS whose security group admits HTTPS from the function's
 * group (https://docs.aws.amazon.com/vpc/latest/privatelink/create-interface-endpoint.html), or
 * what the deployer declares the VPC already has (its own endpoint, or a NAT gateway) through a
 * parameter. Outside a VPC every API is reached through its public endpoint.
 */
public final class Routes {

    /**
     * A route: what it is, and the endpoint the stack creates for it (whose policy then applies
     * and which must exist before a call takes it).
     */
    public record Route(String description, Optional<String> endpointId) {
    }

    /** The parameters by which the deployer says the VPC already routes a service: name and value. */
    private static final Map<String, List<String>> DECLARED = Map.of(
            "dynamodb", List.of("CreateDynamoDbEndpoint", "false"),
            "secretsmanager", List.of("SecretsManagerRoute", "existing"),
            "sqs", List.of("SqsRoute", "existing"));

    private final ResolvedTemplate template;

    public Routes(ResolvedTemplate template) {
        this.template = template;
    }

    /** The route of a call to {@code service} from a function with {@code securityGroups} (none: not in a VPC). */
    public Optional<Route> route(List<String> securityGroups, String service) {
        if (securityGroups.isEmpty()) {
            return Optional.of(new Route("public endpoint", Optional.empty()));
        }
        String serviceName = "com.amazonaws." + ResolvedTemplate.REGION + "." + service;
        for (Map.Entry<String, JsonNode> endpoint : template.ofType("AWS::EC2::VPCEndpoint").entrySet()) {
            JsonNode properties = endpoint.getValue();
            if (!serviceName.equals(properties.path("ServiceName").asText())) {
                continue;
            }
            String type = properties.path("VpcEndpointType").asText("Gateway");
            if ("Gateway".equals(type) && properties.path("RouteTableIds").size() > 0 && egress443(securityGroups, List.of())) {
                return Optional.of(new Route("gateway endpoint " + endpoint.getKey(), Optional.of(endpoint.getKey())));
            }
            List<String> endpointGroups = new ArrayList<>();
            properties.path("SecurityGroupIds").forEach(group -> endpointGroups.add(group.asText()));
            if ("Interface".equals(type) && properties.path("PrivateDnsEnabled").asBoolean(false)
                    && admits443(endpointGroups, securityGroups) && egress443(securityGroups, endpointGroups)) {
                return Optional.of(new Route("interface endpoint " + endpoint.getKey() + " (private DNS)", Optional.of(endpoint.getKey())));
            }
        }
        List<String> declared = DECLARED.get(service);
        if (declared != null && declared.get(1).equals(template.parameter(declared.get(0)))) {
            return Optional.of(new Route("declared by " + declared.get(0) + "=" + declared.get(1), Optional.empty()));
        }
        return Optional.empty();
    }

    /** What the deployer could do about a missing route. */
    public static String remedy(String service) {
        List<String> declared = DECLARED.get(service);
        return "an endpoint for " + service + " in the template"
                + (declared == null ? "" : ", or " + declared.get(0) + "=" + declared.get(1) + " where the VPC has its own route");
    }

    /** Whether one of {@code groups} admits TCP 443 from one of {@code from}. */
    private boolean admits443(List<String> groups, List<String> from) {
        for (String group : groups) {
            for (JsonNode rule : rules(group, "SecurityGroupIngress", "AWS::EC2::SecurityGroupIngress")) {
                if (covers443(rule) && from.contains(rule.path("SourceSecurityGroupId").asText())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether one of {@code groups} lets TCP 443 out to anywhere or to one of {@code to}. */
    private boolean egress443(List<String> groups, List<String> to) {
        for (String group : groups) {
            for (JsonNode rule : rules(group, "SecurityGroupEgress", "AWS::EC2::SecurityGroupEgress")) {
                if (covers443(rule) && ("0.0.0.0/0".equals(rule.path("CidrIp").asText())
                        || to.contains(rule.path("DestinationSecurityGroupId").asText()))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The rules of the security group with id {@code groupId}: inline, and standalone resources of {@code ruleType}. */
    private List<JsonNode> rules(String groupId, String inline, String ruleType) {
        List<JsonNode> rules = new ArrayList<>();
        template.ofType("AWS::EC2::SecurityGroup").forEach((id, group) -> {
            if (groupId.equals(template.ref(id)) || groupId.equals(template.attribute(id, "GroupId"))) {
                group.path(inline).forEach(rules::add);
            }
        });
        template.ofType(ruleType).values().stream()
                .filter(rule -> groupId.equals(rule.path("GroupId").asText())).forEach(rules::add);
        return rules;
    }

    private static boolean covers443(JsonNode rule) {
        String protocol = rule.path("IpProtocol").asText();
        if ("-1".equals(protocol)) {
            return !"127.0.0.1/32".equals(rule.path("CidrIp").asText());
        }
        return "tcp".equals(protocol) && rule.path("FromPort").asInt(-1) <= 443 && rule.path("ToPort").asInt(-1) >= 443;
    }
}
