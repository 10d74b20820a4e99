package com.example.rehearse.stack;

import com.example.rehearse.stack.Grants.Scope;
import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the service role needs in an MRSC global table's other Regions: CloudFormation creates its
 * second replica and its witness from the stack's Region, and DynamoDB authorises the creation in
 * each destination Region ("Using IAM with global tables",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/V2gt_IAM.html): the table's own
 * actions there (the handler's, as in the stack's Region), and, where a full replica is made, the
 * item actions that page lists for a destination Region, which the stack's own Region never gets
 * ({@link Narrowing#DATA_PLANE}); the replica's key there (the member stack's payments key, tagged
 * with the same stack name, which {@code SecondRegionKeyArn} names); and DynamoDB's replication
 * service-linked role, which the first global table of an account creates.
 */
final class GlobalTableReplicas {

    static final String TYPE = "AWS::DynamoDB::GlobalTable";
    private static final String REPLICATION_ROLE = "arn:aws:iam::" + ResolvedTemplate.ACCOUNT
            + ":role/aws-service-role/replication.dynamodb.amazonaws.com/AWSServiceRoleForDynamoDBReplication";
    /** The item actions a replica's creation needs in its Region (the page above). */
    private static final Set<String> REPLICA_ITEMS = Set.of("dynamodb:Scan", "dynamodb:Query", "dynamodb:UpdateItem", "dynamodb:PutItem",
            "dynamodb:GetItem", "dynamodb:DeleteItem", "dynamodb:BatchWriteItem");
    private static final List<String> REPLICA_KEY = List.of("kms:CreateGrant", "kms:DescribeKey", "kms:RevokeGrant");

    private GlobalTableReplicas() {
    }

    /** Grants what the global table {@code id} needs outside the stack's Region. */
    static void grant(ResolvedTemplate template, String id, ResourceSchemas schemas, IamActions iam, Grants grants) {
        JsonNode properties = template.properties(id);
        StackArns own = StackArns.of(template, id).orElseThrow();
        Set<String> replicas = regions(properties.path("Replicas"), template.region());
        Set<String> all = new TreeSet<>(replicas);
        all.addAll(regions(properties.path("GlobalTableWitnesses"), template.region()));
        String why = id + " (" + TYPE + ", ";
        Set<String> actions = new TreeSet<>();
        ResourceSchemas.HANDLERS.forEach(handler -> actions.addAll(schemas.permissions(TYPE, handler)));
        for (String region : all) {
            String arn = inRegion(own.arn(), template.region(), region);
            for (String action : actions) {
                boolean item = REPLICA_ITEMS.contains(action);
                if (!action.startsWith("dynamodb:") || !iam.exists(action) || (item && !replicas.contains(region))
                        || (!item && Narrowing.neverGranted(action).isPresent())) {
                    continue;
                }
                grants.grant(why + (replicas.contains(region) ? "its replica in " : "its witness in ") + region + ")", action,
                        inRegion(own.pattern(), template.region(), region), arn, id, own.outside().map(o -> inRegion(o, template.region(), region)),
                        List.of());
            }
        }
        secondKey(template, properties, grants, why);
        grants.grant("DynamoDB's replication service-linked role, created by the first global table of an account",
                "iam:CreateServiceLinkedRole", REPLICATION_ROLE, REPLICATION_ROLE, "AWSServiceRoleForDynamoDBReplication", Optional.empty(),
                List.of(new Scope("StringEquals", "iam:AWSServiceName", "replication.dynamodb.amazonaws.com",
                        "replication.dynamodb.amazonaws.com", "replication.dynamodb.amazonaws.com")));
    }

    /** The keys of the replicas in other Regions, the stack's by its tag there too (the member stack has the same name). */
    private static void secondKey(ResolvedTemplate template, JsonNode properties, Grants grants, String why) {
        for (JsonNode replica : properties.path("Replicas")) {
            String region = replica.path("Region").asText();
            String key = replica.path("SSESpecification").path("KMSMasterKeyId").asText("");
            if (region.equals(template.region()) || !key.startsWith("arn:aws:kms:")) {
                continue;
            }
            String pattern = "arn:aws:kms:" + region + ":" + ResolvedTemplate.ACCOUNT + ":key/*";
            for (String action : REPLICA_KEY) {
                grants.grant(why + "its replica's key in " + region + ")", action, pattern, key, "SecondRegionKeyArn", Optional.empty(),
                        List.of(new Scope("StringEquals", DeployPolicy.STACK_TAG, template.stackName(), template.stackName(),
                                StackArns.OTHER_STACK)));
            }
        }
    }

    private static Set<String> regions(JsonNode list, String own) {
        Set<String> regions = new TreeSet<>();
        list.forEach(entry -> regions.add(entry.path("Region").asText()));
        regions.remove(own);
        return regions;
    }

    private static String inRegion(String arn, String from, String to) {
        return arn.replace(":" + from + ":", ":" + to + ":");
    }
}
