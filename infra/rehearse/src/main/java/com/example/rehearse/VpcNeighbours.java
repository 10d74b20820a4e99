package com.example.rehearse;

import com.example.rehearse.iam.AccessRequest;
import com.example.rehearse.iam.Policies;
import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The other workloads of the VPC: an interface endpoint with private DNS carries every call of the
 * VPC to its service, not only the stack's, so its policy must still let another workload make
 * an ordinary call on its own resources (the default endpoint policy does).
 */
final class VpcNeighbours {

    /** A generic other workload of the VPC, and a call each endpoint's service must still allow it. */
    private static final String NEIGHBOUR = "arn:aws:iam::" + ResolvedTemplate.ACCOUNT + ":role/another-workload";

    /** The calls of the other workload, by service, in {@code region}. */
    private static Map<String, List<String>> neighbourCalls(String region) {
        String in = ":" + region + ":" + ResolvedTemplate.ACCOUNT + ":";
        return Map.of(
                "secretsmanager", List.of("secretsmanager:GetSecretValue", "arn:aws:secretsmanager" + in + "secret:another-workload-AbCdEf"),
                "sqs", List.of("sqs:SendMessage", "arn:aws:sqs" + in + "another-workload"),
                "sns", List.of("sns:Publish", "arn:aws:sns" + in + "another-workload"));
    }

    private VpcNeighbours() {
    }

    /**
     * For each interface endpoint with private DNS, the call of another workload of the VPC that
     * its policy must still allow (its service's, else {@code <service>:*} on anything).
     */
    static List<AccessRequest> requests(ResolvedTemplate template, Policies policies) {
        List<AccessRequest> requests = new ArrayList<>();
        template.ofType("AWS::EC2::VPCEndpoint").forEach((id, endpoint) -> {
            if (!"Interface".equals(endpoint.path("VpcEndpointType").asText()) || !endpoint.path("PrivateDnsEnabled").asBoolean(false)) {
                return;
            }
            String service = endpoint.path("ServiceName").asText().replaceFirst("^.*\\.", "");
            List<String> call = neighbourCalls(template.region()).getOrDefault(service, List.of(service + ":*", "*"));
            JsonNode allowAll = Report.JSON.createObjectNode().put("Version", "2012-10-17").set("Statement",
                    Report.JSON.createArrayNode().add(Report.JSON.createObjectNode().put("Effect", "Allow").put("Action", "*").put("Resource", "*")));
            requests.add(new AccessRequest("another workload of the VPC", "private DNS of " + id, NEIGHBOUR, call.get(0), call.get(1),
                    "resource of another workload", Map.of("aws:SecureTransport", "true", "aws:SourceVpce", template.ref(id)),
                    Map.of("another-workload", allowAll), Optional.empty(), Optional.of(new AccessRequest.Endpoint(id, policies.endpointPolicy(id)))));
        });
        return requests;
    }
}
