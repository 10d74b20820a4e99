package com.example.rehearse.checks;

import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The deployed template's security group rules, inline and standalone
 * ({@code AWS::EC2::SecurityGroupIngress}/{@code Egress}), asked the questions a route needs: may
 * these groups send TCP on a port, and do those admit it from these.
 */
final class SecurityGroups {

    private final ResolvedTemplate template;

    SecurityGroups(ResolvedTemplate template) {
        this.template = template;
    }

    /** Whether one of {@code groups} admits TCP {@code port} from one of {@code from}. */
    boolean admits(List<String> groups, List<String> from, int port) {
        for (String group : groups) {
            for (JsonNode rule : rules(group, "SecurityGroupIngress", "AWS::EC2::SecurityGroupIngress")) {
                if (covers(rule, port) && from.contains(rule.path("SourceSecurityGroupId").asText())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether one of {@code groups} lets TCP {@code port} out to anywhere or to one of {@code to}. */
    boolean sends(List<String> groups, List<String> to, int port) {
        for (String group : groups) {
            for (JsonNode rule : rules(group, "SecurityGroupEgress", "AWS::EC2::SecurityGroupEgress")) {
                if (covers(rule, port) && ("0.0.0.0/0".equals(rule.path("CidrIp").asText())
                        || to.contains(rule.path("DestinationSecurityGroupId").asText()))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The rules of the group with id {@code groupId}: inline, and standalone resources of {@code ruleType}. */
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

    /** A rule matching nothing (all protocols to 127.0.0.1/32, the template's "no egress") covers no port. */
    private static boolean covers(JsonNode rule, int port) {
        String protocol = rule.path("IpProtocol").asText();
        if ("-1".equals(protocol)) {
            return !"127.0.0.1/32".equals(rule.path("CidrIp").asText());
        }
        return "tcp".equals(protocol) && rule.path("FromPort").asInt(-1) <= port && rule.path("ToPort").asInt(-1) >= port;
    }
}
