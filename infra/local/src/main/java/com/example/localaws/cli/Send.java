package com.example.localaws.cli;

import com.example.localaws.LocalAws;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchResponse;

/**
 * {@code make send MESSAGES=file.jsonl}: sends each non-blank line of the file, as it is, as one
 * message body to the payments queue (10 per {@code SendMessageBatch}). A line is not checked:
 * a poison message is a message too. Options: {@code --messages FILE}, {@code --queue LOGICAL_ID}
 * (default {@code PaymentsQueue}), {@code --attributes name=value,...} (String message attributes
 * sent with every message, as a producer sets them; the SQS mapping hands them to the function).
 */
final class Send implements Command {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SQS_MAX_BATCH = 10;

    @Override
    public JsonNode run(Options options, Console console) {
        RunState state = RunState.require(console.stateDir());
        Path file = options.file("messages", console.root())
                .orElseThrow(() -> new CliException("--messages is required (make send MESSAGES=events/payments.jsonl)"));
        String queueId = options.get("queue").orElse("PaymentsQueue");
        String queue = state.queue(queueId);
        List<String> bodies;
        try {
            bodies = Files.readAllLines(file).stream().filter(line -> !line.isBlank()).toList();
        } catch (IOException e) {
            throw new CliException("cannot read " + file + ": " + e.getMessage());
        }
        Map<String, MessageAttributeValue> attributes = attributes(options.get("attributes").orElse(""));
        int failed = 0;
        try (LocalAws aws = LocalAws.attach(state.motoEndpoint(), state.redisPort()); SqsClient sqs = aws.sqs()) {
            for (int from = 0; from < bodies.size(); from += SQS_MAX_BATCH) {
                List<SendMessageBatchRequestEntry> entries = new ArrayList<>();
                List<String> chunk = bodies.subList(from, Math.min(bodies.size(), from + SQS_MAX_BATCH));
                for (int i = 0; i < chunk.size(); i++) {
                    entries.add(SendMessageBatchRequestEntry.builder().id("line" + (from + i + 1)).messageBody(chunk.get(i))
                            .messageAttributes(attributes).build());
                }
                SendMessageBatchResponse response = sqs.sendMessageBatch(request -> request.queueUrl(queue).entries(entries));
                response.failed().forEach(failure -> console.progress("%s not sent: %s", failure.id(), failure.message()));
                failed += response.failed().size();
            }
        }
        console.progress("sent %d messages from %s to %s", bodies.size() - failed, console.root().relativize(file), queueId);
        ObjectNode document = JSON.createObjectNode();
        document.put("queue", queueId);
        document.put("sent", bodies.size() - failed);
        document.put("failed", failed);
        return document;
    }

    /**
     * {@code name=value,...} as String message attributes.
     *
     * @throws CliException naming the pair that is not {@code name=value}
     */
    static Map<String, MessageAttributeValue> attributes(String text) {
        Map<String, MessageAttributeValue> attributes = new LinkedHashMap<>();
        for (String pair : text.split(",")) {
            if (pair.isBlank()) {
                continue;
            }
            int equals = pair.indexOf('=');
            if (equals <= 0 || equals == pair.length() - 1) {
                throw new CliException("--attributes must be name=value pairs separated by commas, got: " + pair);
            }
            attributes.put(pair.substring(0, equals).strip(), MessageAttributeValue.builder().dataType("String")
                    .stringValue(pair.substring(equals + 1).strip()).build());
        }
        return attributes;
    }
}
