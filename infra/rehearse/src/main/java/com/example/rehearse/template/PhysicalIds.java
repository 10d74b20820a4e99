package com.example.rehearse.template;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import java.util.function.Function;

/**
 * Made-up, stable physical values of a deployment's resources in the shapes AWS documents per
 * type and attribute: names from the stack name and the logical id, ARNs as AWS forms them, so
 * that policies match them as they would match the real ones.
 */
final class PhysicalIds {

    private final String stackName;
    private final String region;
    private final Function<String, String> types;
    private final Function<String, JsonNode> properties;

    /**
     * The values of the stack {@code stackName}'s resources, each of the type {@code types} gives
     * and with the resolved properties {@code properties} gives (a name it sets wins).
     */
    PhysicalIds(String stackName, String region, Function<String, String> types, Function<String, JsonNode> properties) {
        this.stackName = stackName;
        this.region = region;
        this.types = types;
        this.properties = properties;
    }

    /** What {@code Ref} (attribute null) or {@code Fn::GetAtt} of the resource gives. */
    String of(String logicalId, String attribute) {
        String type = types.apply(logicalId);
        String name = stackName + "-" + logicalId;
        String hex = String.format("%017x", Math.abs((long) (stackName + logicalId).hashCode()) * 7919L).substring(0, 17);
        String arnBase = ":" + region + ":" + ResolvedTemplate.ACCOUNT + ":";
        String account = ResolvedTemplate.ACCOUNT;
        return switch (type) {
            case "AWS::DynamoDB::Table", "AWS::DynamoDB::GlobalTable" -> switch (attribute == null ? "Ref" : attribute) {
                case "Ref" -> property(logicalId, "TableName", name);
                case "Arn" -> "arn:aws:dynamodb" + arnBase + "table/" + property(logicalId, "TableName", name);
                case "StreamArn" -> "arn:aws:dynamodb" + arnBase + "table/" + property(logicalId, "TableName", name)
                        + "/stream/2026-12-01T00:00:00.000";
                default -> unknown(logicalId, attribute);
            };
            case "AWS::SQS::Queue" -> switch (attribute == null ? "Ref" : attribute) {
                case "Ref" -> "https://sqs." + region + ".amazonaws.com/" + account + "/" + name;
                case "Arn" -> "arn:aws:sqs" + arnBase + name;
                case "QueueName" -> name;
                default -> unknown(logicalId, attribute);
            };
            case "AWS::SNS::Topic" -> {
                String topic = "arn:aws:sns" + arnBase + property(logicalId, "TopicName", name);
                yield attribute == null || "TopicArn".equals(attribute) ? topic : unknown(logicalId, attribute);
            }
            case "AWS::SecretsManager::Secret" -> "arn:aws:secretsmanager" + arnBase + "secret:" + name + "-AbCdEf";
            case "AWS::KMS::Key" -> {
                String id = "1234abcd-12ab-34cd-56ef-" + hex.substring(0, 12);
                yield attribute == null || "KeyId".equals(attribute) ? id : "arn:aws:kms" + arnBase + "key/" + id;
            }
            case "AWS::IAM::Role" -> {
                String role = property(logicalId, "RoleName", name);
                yield attribute == null ? role : "arn:aws:iam::" + account + ":role" + property(logicalId, "Path", "/") + role;
            }
            case "AWS::IAM::ManagedPolicy" -> "arn:aws:iam::" + account + ":policy" + property(logicalId, "Path", "/")
                    + property(logicalId, "ManagedPolicyName", name);
            case "AWS::S3::Bucket" -> {
                String bucket = property(logicalId, "BucketName", name.toLowerCase(Locale.ROOT) + "-" + hex.substring(0, 12));
                yield attribute == null ? bucket : "arn:aws:s3:::" + bucket;
            }
            case "AWS::Logs::LogGroup" -> {
                String group = property(logicalId, "LogGroupName", name);
                yield attribute == null ? group : "arn:aws:logs" + arnBase + "log-group:" + group + ":*";
            }
            case "AWS::Lambda::Function" -> attribute == null ? name : "arn:aws:lambda" + arnBase + "function:" + name;
            case "AWS::Lambda::Version" -> "arn:aws:lambda" + arnBase + "function:" + logicalId + ":1";
            case "AWS::EC2::SecurityGroup" -> "sg-" + hex;
            case "AWS::EC2::VPCEndpoint" -> "vpce-" + hex;
            case "AWS::ElastiCache::ServerlessCache" -> switch (attribute == null ? "Ref" : attribute) {
                case "Endpoint.Address" -> name + "-abc123.serverless.use1.cache.amazonaws.com";
                case "Endpoint.Port" -> "6379";
                case "ReaderEndpoint.Port" -> "6380";
                default -> name;
            };
            case "AWS::CloudWatch::Alarm" -> {
                String alarm = property(logicalId, "AlarmName", name);
                yield attribute == null ? alarm : "arn:aws:cloudwatch" + arnBase + "alarm:" + alarm;
            }
            case "AWS::Events::Rule" -> attribute == null ? name : "arn:aws:events" + arnBase + "rule/" + name;
            default -> attribute == null ? name : name + "." + attribute;
        };
    }

    /** A resolved property of the resource that names it, else {@code otherwise}. */
    private String property(String logicalId, String name, String otherwise) {
        return properties.apply(logicalId).path(name).asText(otherwise);
    }

    private static String unknown(String logicalId, String attribute) {
        throw new IllegalArgumentException(logicalId + ": the rehearsal knows no attribute " + attribute);
    }
}
