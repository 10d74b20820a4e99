package com.example.localpayments.cli;

import com.example.localaws.LocalAws;
import com.example.template.Intrinsic;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * {@code make out NAME=...}: template.yaml's stack outputs, under the same names, with the values of
 * {@code make up}'s local resources, so that the runbook's {@code out()} works locally as
 * {@code out() { make -s out NAME="$1"; }}. An output whose value is a queue, topic or table
 * ({@code !Ref}, or {@code !GetAtt} of a queue's {@code Arn}, a table's {@code StreamArn}) has one;
 * any other (a function, a role, a key, a log group, the cache, the dashboard) has none locally,
 * and asking for it says so. Options: {@code --name OUTPUT} (its value alone, as plain text);
 * without it, every output that has a local value, and those that have none.
 */
final class Outputs implements Command {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public JsonNode run(Options options, Console console) {
        RunState state = RunState.require(console.stateDir());
        Map<String, JsonNode> outputs = Template.read(console.root().resolve("template.yaml")).outputs();
        ObjectNode local = JSON.createObjectNode();
        ObjectNode none = JSON.createObjectNode();
        try (LocalAws aws = LocalAws.attach(state.motoEndpoint(), state.redisPort()); SqsClient sqs = aws.sqs();
             DynamoDbClient dynamoDb = aws.dynamoDb()) {
            for (Map.Entry<String, JsonNode> output : outputs.entrySet()) {
                Optional<String> value = reference(output.getValue()).flatMap(named -> value(named, state, sqs, dynamoDb));
                if (value.isPresent()) {
                    local.put(output.getKey(), value.get());
                } else {
                    none.put(output.getKey(), "no local form: make up creates no such resource");
                }
            }
        }
        Optional<String> name = options.get("name");
        if (name.isPresent()) {
            if (local.has(name.get())) {
                return TextNode.valueOf(local.path(name.get()).asText());
            }
            throw new CliException("no stack output " + name.get() + " locally"
                    + (none.has(name.get()) ? ": " + none.path(name.get()).asText() : " (template.yaml declares none)"));
        }
        ObjectNode document = JSON.createObjectNode();
        document.set("outputs", local);
        document.set("noLocalForm", none);
        return document;
    }

    /**
     * What an output's {@code Value} names, in a stack of one Region (the local AWS's): {@code X} for
     * {@code !Ref X}, {@code X.Attr} for {@code !GetAtt X.Attr}; nothing else has a local form.
     */
    private static Optional<String> reference(JsonNode value) {
        return Intrinsic.of(Intrinsic.inOneRegion(value)).flatMap(intrinsic -> switch (intrinsic) {
            case Intrinsic.Ref ref -> Optional.of(ref.name());
            case Intrinsic.GetAtt getAtt -> Optional.of(getAtt.resource() + "." + getAtt.attribute().asText());
            default -> Optional.<String>empty();
        });
    }

    /** The local value of what an output names ({@code X} or {@code X.Attr}). */
    private static Optional<String> value(String named, RunState state, SqsClient sqs, DynamoDbClient dynamoDb) {
        if (!named.matches("[A-Za-z0-9]+(\\.[A-Za-z]+)?")) {
            return Optional.empty();
        }
        String[] parts = named.split("\\.");
        String resource = parts[0];
        String attribute = parts.length == 2 ? parts[1] : "";
        if (state.queues().containsKey(resource)) {
            String url = state.queues().get(resource);
            return switch (attribute) {
                case "" -> Optional.of(url);
                case "Arn" -> Optional.of(sqs.getQueueAttributes(request -> request.queueUrl(url)
                        .attributeNames(QueueAttributeName.QUEUE_ARN)).attributes().get(QueueAttributeName.QUEUE_ARN));
                default -> Optional.empty();
            };
        }
        if (state.topics().containsKey(resource) && attribute.isEmpty()) {
            return Optional.of(state.topics().get(resource));
        }
        try {
            // The local AWS names each table after its logical id.
            var table = dynamoDb.describeTable(request -> request.tableName(resource)).table();
            return switch (attribute) {
                case "" -> Optional.of(table.tableName());
                case "StreamArn" -> Optional.ofNullable(table.latestStreamArn());
                default -> Optional.empty();
            };
        } catch (ResourceNotFoundException notATable) {
            return Optional.empty();
        }
    }
}
