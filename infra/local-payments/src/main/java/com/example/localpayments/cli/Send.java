package com.example.localpayments.cli;

import com.example.localaws.LocalAws;
import com.example.localaws.messages.ProducerSigner;
import com.example.localpayments.TimesOfIssue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchResponse;

/**
 * {@code make send MESSAGES=file.jsonl}: sends each non-blank line of the file, as it is, as one
 * message body to the payments queue (10 per {@code SendMessageBatch}). A line is not checked:
 * a poison message is a message too. When the local producer's secret exists ({@code up} makes
 * it), each message is signed with its key as a producer signs ({@link ProducerSigner}, the
 * timestamp taken when it is sent). The payments are stamped at send time: their
 * {@code headers.timestamp} moved together so that the newest is the moment of sending, each
 * keeping its age relative to the others ({@link TimesOfIssue}), as the authorizer bounds a
 * payment's age from it. Options: {@code --messages FILE}, {@code --queue LOGICAL_ID}
 * (default {@code PaymentsQueue}), {@code --attributes name=value,...} (String message attributes
 * sent with every message, as a producer sets them, after the signature's: a given
 * {@code signature} replaces the computed one; the SQS mapping hands them to the function).
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
        List<String> lines;
        try {
            lines = Files.readAllLines(file).stream().filter(line -> !line.isBlank()).toList();
        } catch (IOException e) {
            throw new CliException("cannot read " + file + ": " + e.getMessage());
        }
        TimesOfIssue.Moved stamped = TimesOfIssue.messages(lines, Instant.now());
        List<String> bodies = stamped.bodies();
        Map<String, MessageAttributeValue> attributes = attributes(options.get("attributes").orElse(""));
        int failed = 0;
        Optional<ProducerSigner> signer;
        try (LocalAws aws = LocalAws.attach(state.motoEndpoint(), state.redisPort()); SqsClient sqs = aws.sqs()) {
            signer = aws.producerSigner();
            for (int from = 0; from < bodies.size(); from += SQS_MAX_BATCH) {
                List<SendMessageBatchRequestEntry> entries = new ArrayList<>();
                List<String> chunk = bodies.subList(from, Math.min(bodies.size(), from + SQS_MAX_BATCH));
                for (int i = 0; i < chunk.size(); i++) {
                    Map<String, MessageAttributeValue> sent = new LinkedHashMap<>();
                    String body = chunk.get(i);
                    signer.ifPresent(producer -> sent.putAll(producer.attributes(body, Instant.now())));
                    sent.putAll(attributes);
                    entries.add(SendMessageBatchRequestEntry.builder().id("line" + (from + i + 1)).messageBody(body)
                            .messageAttributes(sent).build());
                }
                SendMessageBatchResponse response = sqs.sendMessageBatch(request -> request.queueUrl(queue).entries(entries));
                response.failed().forEach(failure -> console.progress("%s not sent: %s", failure.id(), failure.message()));
                failed += response.failed().size();
            }
        }
        console.progress("sent %d messages from %s to %s, %s; their headers.timestamp moved by %s (the newest issued now, "
                        + "each keeping its age)", bodies.size() - failed, console.root().relativize(file), queueId,
                signer.map(producer -> "signed with key " + producer.keyId() + " of " + LocalAws.PRODUCER_SIGNING_SECRET)
                        .orElse("unsigned (no local producer secret)"), stamped.by());
        ObjectNode document = JSON.createObjectNode();
        document.put("queue", queueId);
        document.put("sent", bodies.size() - failed);
        document.put("failed", failed);
        document.put("signedWith", signer.map(ProducerSigner::keyId).orElse(null));
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
