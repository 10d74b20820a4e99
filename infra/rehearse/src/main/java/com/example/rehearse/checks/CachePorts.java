package com.example.rehearse.checks;

import com.example.rehearse.template.ResolvedTemplate;
import java.util.ArrayList;
import java.util.List;

/**
 * The fast path's network: ElastiCache Serverless serves its primary endpoint on 6379 and its
 * reader endpoint on 6380 (the {@code Endpoint} and {@code ReaderEndpoint} attributes of
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-elasticache-serverlesscache.html;
 * a cluster client may be sent to either), so each function given the cache
 * ({@code FAST_PATH_ENDPOINT} set) must be able to send to both, and the cache's groups admit both
 * from the function's.
 */
public final class CachePorts {

    static final List<Integer> PORTS = List.of(6379, 6380);

    private CachePorts() {
    }

    /**
     * What is missing for {@code functionId} (with {@code functionGroups}) to reach every cache of
     * the template on each port; empty when nothing is.
     */
    public static List<String> missing(ResolvedTemplate template, String functionId, List<String> functionGroups) {
        SecurityGroups groups = new SecurityGroups(template);
        List<String> missing = new ArrayList<>();
        template.ofType("AWS::ElastiCache::ServerlessCache").forEach((cache, properties) -> {
            List<String> cacheGroups = new ArrayList<>();
            properties.path("SecurityGroupIds").forEach(group -> cacheGroups.add(group.asText()));
            for (int port : PORTS) {
                if (!groups.sends(functionGroups, cacheGroups, port)) {
                    missing.add(functionId + "'s security groups send nothing to " + cache + " on TCP " + port);
                }
                if (!groups.admits(cacheGroups, functionGroups, port)) {
                    missing.add(cache + "'s security groups admit nothing from " + functionId + " on TCP " + port);
                }
            }
        });
        return missing;
    }
}
