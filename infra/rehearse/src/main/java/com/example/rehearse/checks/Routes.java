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

    private static final int HTTPS = 443;

    private final ResolvedTemplate template;
    private final SecurityGroups groups;

    public Routes(ResolvedTemplate template) {
        this.template = template;
        this.groups = new SecurityGroups(template);
    }

    /** The route of a call to {@code service} from a function with {@code securityGroups} (none: not in a VPC). */
    public Optional<Route> route(List<String> securityGroups, String service) {
        if (securityGroups.isEmpty()) {
            return Optional.of(new Route("public endpoint", Optional.empty()));
        }
        String serviceName = "com.amazonaws." + template.region() + "." + service;
        for (Map.Entry<String, JsonNode> endpoint : template.ofType("AWS::EC2::VPCEndpoint").entrySet()) {
            JsonNode properties = endpoint.getValue();
            if (!serviceName.equals(properties.path("ServiceName").asText())) {
                continue;
            }
            String type = properties.path("VpcEndpointType").asText("Gateway");
            if ("Gateway".equals(type) && properties.path("RouteTableIds").size() > 0 && groups.sends(securityGroups, List.of(), HTTPS)) {
                return Optional.of(new Route("gateway endpoint " + endpoint.getKey(), Optional.of(endpoint.getKey())));
            }
            List<String> endpointGroups = new ArrayList<>();
            properties.path("SecurityGroupIds").forEach(group -> endpointGroups.add(group.asText()));
            if ("Interface".equals(type) && properties.path("PrivateDnsEnabled").asBoolean(false)
                    && groups.admits(endpointGroups, securityGroups, HTTPS) && groups.sends(securityGroups, endpointGroups, HTTPS)) {
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
}
