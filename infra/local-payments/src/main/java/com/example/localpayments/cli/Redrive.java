package com.example.localpayments.cli;

import com.example.localaws.DeadLetterRedrive;
import com.example.localaws.LocalAws;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * {@code make redrive}: moves the payments DLQ back to the payments queue of {@code make up}'s
 * local AWS ({@link DeadLetterRedrive}), as {@code aws sqs start-message-move-task} does in AWS
 * (docs/deploy.md); {@code make drain} then runs them through the authorizer. Options:
 * {@code --from LOGICAL_ID} (default {@code PaymentsDeadLetterQueue}), {@code --to LOGICAL_ID}
 * (default {@code PaymentsQueue}).
 */
final class Redrive implements Command {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public JsonNode run(Options options, Console console) {
        RunState state = RunState.require(console.stateDir());
        String from = options.get("from").orElse("PaymentsDeadLetterQueue");
        String to = options.get("to").orElse("PaymentsQueue");
        DeadLetterRedrive.Result result;
        try (LocalAws aws = LocalAws.attach(state.motoEndpoint(), state.redisPort()); SqsClient sqs = aws.sqs()) {
            result = DeadLetterRedrive.move(sqs, state.queue(from), state.queue(to));
        }
        console.progress("moved %d messages from %s to %s%s", result.moved(), from, to,
                result.failed() == 0 ? "" : "; " + result.failed() + " could not be sent and stay in " + from);
        ObjectNode document = JSON.createObjectNode();
        document.put("from", from);
        document.put("to", to);
        document.put("moved", result.moved());
        document.put("failed", result.failed());
        return document;
    }
}
