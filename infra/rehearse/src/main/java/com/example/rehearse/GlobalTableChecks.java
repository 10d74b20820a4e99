package com.example.rehearse;

import com.example.rehearse.iam.AccessRequest;
import com.example.rehearse.template.PaymentTables;
import com.example.rehearse.template.ResolvedTemplate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Across Regions ({@code GlobalTables} owner or member), what the functions' roles must be
 * refused on the global tables, under the role's policies and the stack's permissions boundary:
 * <ul>
 *   <li>every call a function makes on its Region's replica, made on another Region's replica: each
 *       Region's functions decide on their own Region's replica only (docs/multi-region.md), so a
 *       grant that reaches another Region's is more than they need;</li>
 *   <li>creating, deleting or changing a global table or its replicas: only the owner stack's
 *       deploy does that, as the CloudFormation service role.</li>
 * </ul>
 * The other Regions are the ones the owner names ({@code SecondRegion}, {@code WitnessRegion})
 * and those of MRSC's US Region set, which the samconfig.toml sets deploy to.
 */
final class GlobalTableChecks {

    /** A refusal: the request, and what it would mean if it were allowed. */
    record Refusal(AccessRequest request, String why) {
    }

    /** MRSC's Regions come in sets; the samconfig.toml environments across Regions use the US one. */
    private static final List<String> MRSC_REGIONS = List.of("us-east-1", "us-east-2", "us-west-2");
    /** What changes a table or its replicas (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/V2gt_IAM.html). */
    static final List<String> TABLE_MANAGEMENT = List.of("dynamodb:CreateTable", "dynamodb:UpdateTable", "dynamodb:DeleteTable",
            "dynamodb:CreateTableReplica", "dynamodb:DeleteTableReplica");

    private GlobalTableChecks() {
    }

    /** The refusals of a deployment across Regions whose functions' allowed calls are {@code calls}; none in one Region. */
    static List<Refusal> of(ResolvedTemplate template, List<DeployedFunction> functions, List<AccessRequest> calls) {
        if (!PaymentTables.global(template)) {
            return List.of();
        }
        List<Refusal> refusals = new ArrayList<>();
        Set<String> regions = otherRegions(template);
        Set<String> tables = new LinkedHashSet<>();
        for (AccessRequest call : calls) {
            Optional<PaymentTables.Table> table = PaymentTables.named(template, call.resourceId());
            if (table.isEmpty() || !call.action().startsWith("dynamodb:")) {
                continue;
            }
            tables.add(table.get().arn());
            for (String region : regions) {
                String elsewhere = inRegion(call.resource(), template.region(), region);
                refusals.add(new Refusal(new AccessRequest(call.subject(), call.origin() + ", on the replica in " + region,
                        call.principal(), call.action(), elsewhere, elsewhere, call.context(), call.identityPolicies(),
                        Optional.empty(), call.endpoint(), call.boundary()),
                        call.subject() + " reaches the replica of another Region (" + region + ")"));
            }
        }
        for (DeployedFunction function : functions) {
            AccessRequest any = calls.stream().filter(call -> call.principal().equals(function.roleArn())).findFirst().orElse(null);
            if (any == null) {
                continue;
            }
            for (String table : tables) {
                for (String action : TABLE_MANAGEMENT) {
                    refusals.add(new Refusal(new AccessRequest(function.logicalId(), "a change of the global table or its replicas",
                            function.roleArn(), action, table, table, any.context(), any.identityPolicies(), Optional.empty(),
                            Optional.empty(), any.boundary()),
                            function.logicalId() + "'s role may change a global table or its replicas"));
                }
            }
        }
        return refusals;
    }

    private static Set<String> otherRegions(ResolvedTemplate template) {
        Set<String> regions = new LinkedHashSet<>();
        for (String parameter : List.of("SecondRegion", "WitnessRegion")) {
            if (template.hasParameter(parameter) && !template.parameter(parameter).isBlank()) {
                regions.add(template.parameter(parameter));
            }
        }
        regions.addAll(MRSC_REGIONS);
        regions.remove(template.region());
        return regions;
    }

    private static String inRegion(String arn, String from, String to) {
        return arn.replace(":" + from + ":", ":" + to + ":");
    }
}
