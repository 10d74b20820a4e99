package com.example.rehearse;

import com.example.rehearse.iam.AccessRequest;
import com.example.rehearse.iam.ApiActions;
import com.example.rehearse.iam.Policies;
import com.example.rehearse.template.PaymentTables;
import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The calls AWS makes on the stack's behalf, derived from the template, each with the page that
 * documents the permission it needs:
 * <ul>
 *   <li>an SQS event source polls with the function's role
 *       (https://docs.aws.amazon.com/lambda/latest/dg/with-sqs.html#events-sqs-permissions);</li>
 *   <li>a DynamoDB stream event source reads the stream with the function's role, and a stream
 *       encrypted with a customer managed key needs kms:Decrypt and kms:DescribeKey
 *       (https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html#events-dynamodb-permissions);</li>
 *   <li>its on-failure destination is sent to with the function's role
 *       (https://docs.aws.amazon.com/lambda/latest/dg/services-dynamodb-errors.html);</li>
 *   <li>a function in a VPC has Lambda manage its network interfaces with its role
 *       (https://docs.aws.amazon.com/lambda/latest/dg/configuration-vpc.html#configuration-vpc-permissions);</li>
 *   <li>Lambda writes the function's logs and traces with its role
 *       (https://docs.aws.amazon.com/lambda/latest/dg/monitoring-cloudwatchlogs.html,
 *       https://docs.aws.amazon.com/lambda/latest/dg/services-xray.html). CloudWatch Logs' own use
 *       of the log groups' KMS key is not evaluated: the evaluator finds no value for the key
 *       policy's {@code kms:EncryptionContext:aws:logs:arn} condition, whatever the request gives;</li>
 *   <li>SNS delivers to a subscribed queue under the queue's policy
 *       (https://docs.aws.amazon.com/sns/latest/dg/subscribe-sqs-queue-to-sns-topic.html);</li>
 *   <li>CloudWatch alarms publish to their topic, encrypted with a customer managed key
 *       (https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/AlarmThatSendsEmail.html);</li>
 *   <li>EventBridge invokes a scheduled function under its resource policy
 *       (https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-use-resource-based.html).</li>
 * </ul>
 */
final class AwsSideCalls {

    private static final Map<String, String> SECURE = Map.of("aws:SecureTransport", "true");

    private final ResolvedTemplate template;
    private final Policies policies;
    private final List<DeployedFunction> functions;
    private final List<AccessRequest> requests = new ArrayList<>();

    private AwsSideCalls(ResolvedTemplate template, List<DeployedFunction> functions) {
        this.template = template;
        this.policies = new Policies(template);
        this.functions = functions;
    }

    static List<AccessRequest> of(ResolvedTemplate template, List<DeployedFunction> functions) {
        AwsSideCalls calls = new AwsSideCalls(template, functions);
        calls.eventSources();
        calls.functionRuntime();
        calls.subscriptions();
        calls.alarms();
        calls.schedules();
        return calls.requests;
    }

    private void eventSources() {
        template.ofType("AWS::Lambda::EventSourceMapping").forEach((id, mapping) -> {
            DeployedFunction function = owner(mapping.path("FunctionName").asText());
            String source = mapping.path("EventSourceArn").asText();
            String sourceId = template.logicalIdOf(source).orElse(source);
            String origin = "event source mapping " + id;
            if (source.startsWith("arn:aws:sqs:")) {
                for (String action : List.of("sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:GetQueueAttributes")) {
                    asRole(function, origin, action, source, sourceId, SECURE);
                }
            } else if (source.contains("/stream/")) {
                String table = source.replaceFirst("/stream/.*$", "");
                String tableId = template.logicalIdOf(table)
                        .or(() -> PaymentTables.named(template, table).map(PaymentTables.Table::resourceId)).orElse(table);
                for (String action : List.of("dynamodb:DescribeStream", "dynamodb:GetRecords", "dynamodb:GetShardIterator")) {
                    asRole(function, origin, action, source, tableId + ".StreamArn", SECURE);
                }
                asRole(function, origin, "dynamodb:ListStreams", "*", "*", SECURE);
                ApiActions.customerKey("stream", tableId, template).ifPresent(key -> {
                    for (String action : List.of("kms:Decrypt", "kms:DescribeKey")) {
                        asRole(function, origin + " (stream encrypted with a customer managed key)", action, key,
                                ApiActions.keyId(template, key), Map.of("kms:ViaService", "dynamodb." + template.region() + ".amazonaws.com"));
                    }
                });
            }
            String destination = mapping.path("DestinationConfig").path("OnFailure").path("Destination").asText("");
            if (destination.startsWith("arn:aws:sqs:")) {
                asRole(function, origin + " on-failure destination", "sqs:SendMessage", destination,
                        template.logicalIdOf(destination).orElse(destination), SECURE);
            }
        });
    }

    private void functionRuntime() {
        for (DeployedFunction function : functions) {
            if (function.inVpc()) {
                for (String action : List.of("ec2:CreateNetworkInterface", "ec2:DescribeNetworkInterfaces", "ec2:DescribeSubnets",
                        "ec2:DeleteNetworkInterface", "ec2:AssignPrivateIpAddresses", "ec2:UnassignPrivateIpAddresses")) {
                    asRole(function, "VpcConfig", action, "*", "*", SECURE);
                }
            }
            String group = function.properties().path("LoggingConfig").path("LogGroup").asText("/aws/lambda/" + function.logicalId());
            String groupArn = "arn:aws:logs:" + template.region() + ":" + ResolvedTemplate.ACCOUNT + ":log-group:" + group;
            String streamArn = groupArn + ":log-stream:2026/12/04/[$LATEST]0123456789abcdef";
            String groupId = template.ofType("AWS::Logs::LogGroup").keySet().stream()
                    .filter(id -> template.ref(id).equals(group)).findFirst().orElse(group);
            asRole(function, "LoggingConfig", "logs:CreateLogStream", streamArn, groupId, SECURE);
            asRole(function, "LoggingConfig", "logs:PutLogEvents", streamArn, groupId, SECURE);
            if ("Active".equals(function.properties().path("TracingConfig").path("Mode").asText())) {
                for (String action : List.of("xray:PutTraceSegments", "xray:PutTelemetryRecords")) {
                    asRole(function, "TracingConfig Active", action, "*", "*", SECURE);
                }
            }
        }
    }

    private void subscriptions() {
        template.ofType("AWS::SNS::Subscription").forEach((id, subscription) -> {
            if (!"sqs".equals(subscription.path("Protocol").asText())) {
                return;
            }
            String queue = subscription.path("Endpoint").asText();
            String topic = subscription.path("TopicArn").asText();
            asService("SNS", "subscription " + id, "sns.amazonaws.com", "sqs:SendMessage", queue,
                    template.logicalIdOf(queue).orElse(queue), Map.of("aws:SourceArn", topic, "aws:SecureTransport", "true"),
                    policies.resourcePolicy(queue));
        });
    }

    private void alarms() {
        template.ofType("AWS::CloudWatch::Alarm").forEach((id, alarm) -> {
            String alarmArn = template.attribute(id, "Arn");
            for (JsonNode action : alarm.path("AlarmActions")) {
                String topic = action.asText();
                String topicId = template.logicalIdOf(topic).orElse(topic);
                Map<String, String> context = Map.of("aws:SourceArn", alarmArn, "aws:SecureTransport", "true");
                asService("CloudWatch", "alarm " + id, "cloudwatch.amazonaws.com", "sns:Publish", topic, topicId, context,
                        policies.resourcePolicy(topic));
                ApiActions.customerKey("topic", topicId, template).ifPresent(key -> {
                    for (String kms : List.of("kms:GenerateDataKey", "kms:Decrypt")) {
                        asService("CloudWatch", "alarm " + id + " (topic encrypted)", "cloudwatch.amazonaws.com", kms, key,
                                ApiActions.keyId(template, key), context, policies.resourcePolicy(key));
                    }
                });
            }
        });
    }

    private void schedules() {
        template.ofType("AWS::Events::Rule").forEach((id, rule) -> {
            for (JsonNode target : rule.path("Targets")) {
                String function = target.path("Arn").asText();
                asService("EventBridge", "rule " + id, "events.amazonaws.com", "lambda:InvokeFunction", function,
                        template.logicalIdOf(function).orElse(function),
                        Map.of("aws:SourceArn", template.attribute(id, "Arn")), policies.resourcePolicy(function));
            }
        });
    }

    private DeployedFunction owner(String functionName) {
        String name = functionName.replaceFirst(":[^:]+$", "").replaceFirst("^.*:function:", "");
        return functions.stream()
                .filter(function -> template.ref(function.logicalId()).equals(name) || functionName.contains(template.ref(function.logicalId())))
                .findFirst().orElseThrow(() -> new IllegalArgumentException("no function for " + functionName));
    }

    private void asRole(DeployedFunction function, String origin, String action, String resource, String resourceId, Map<String, String> context) {
        requests.add(new AccessRequest(function.logicalId(), "AWS-side: " + origin, function.roleArn(), action, resource, resourceId,
                context, policies.identityPolicies(function.roleId()),
                resource.equals("*") ? Optional.empty() : policies.resourcePolicy(resource), Optional.empty()));
    }

    private void asService(String subject, String origin, String principal, String action, String resource, String resourceId,
                           Map<String, String> context, Optional<JsonNode> resourcePolicy) {
        requests.add(new AccessRequest(subject, "AWS-side: " + origin, principal, action, resource, resourceId, context,
                Map.of(), resourcePolicy, Optional.empty()));
    }
}
