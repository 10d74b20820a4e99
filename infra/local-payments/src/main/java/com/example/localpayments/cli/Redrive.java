package com.example.localpayments.cli;

import com.example.localaws.DeadLetterRedrive;
import com.example.localaws.LocalAws;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;

/**
 * {@code make redrive}: moves a DLQ of {@code make up}'s local AWS back to a queue
 * ({@link DeadLetterRedrive}), as {@code aws sqs start-message-move-task} does in AWS
 * (docs/deploy.md); {@code make drain} then runs them through the function. Options:
 * {@code --from LOGICAL_ID} (default {@code PaymentsDeadLetterQueue}), {@code --to LOGICAL_ID}
 * (default {@code PaymentsQueue}), and at most one of {@code --message-id ID,...} (those
 * messages), {@code --outcome VALUE} (those whose {@code outcome} attribute is it, or, with
 * {@code none}, those with neither {@code outcome} nor {@code reason}: what SQS moved after
 * {@code MaxReceiveCount} receives) and {@code --reason TEXT} (those whose {@code reason}
 * starts with it, e.g. {@code push API refused}). It says how many it left and why: not selected,
 * not sent, or in flight ({@link QueueCounts}).
 */
final class Redrive implements Command {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public JsonNode run(Options options, Console console) {
        RunState state = RunState.require(console.stateDir());
        String from = options.get("from").orElse("PaymentsDeadLetterQueue");
        String to = options.get("to").orElse("PaymentsQueue");
        Predicate<Message> selected = selection(options);
        DeadLetterRedrive.Result result;
        QueueCounts left;
        try (LocalAws aws = LocalAws.attach(state.motoEndpoint(), state.redisPort()); SqsClient sqs = aws.sqs()) {
            result = DeadLetterRedrive.move(sqs, state.queue(from), state.queue(to), selected);
            left = QueueCounts.of(sqs, state.queue(from));
        }
        String why = why(result, left, from);
        console.progress("moved %d messages from %s to %s%s", result.moved(), from, to, why.isEmpty() ? "" : "; " + why);
        ObjectNode document = JSON.createObjectNode();
        document.put("from", from);
        document.put("to", to);
        document.put("moved", result.moved());
        document.put("failed", result.failed());
        document.put("notSelected", result.skipped());
        left.addTo(document);
        if (!why.isEmpty()) {
            document.put("why", why);
        }
        return document;
    }

    /** The messages the options select; every message without one. */
    static Predicate<Message> selection(Options options) {
        List<String> given = List.of("message-id", "outcome", "reason").stream().filter(name -> options.get(name).isPresent()).toList();
        if (given.size() > 1) {
            throw new CliException("give at most one of --message-id, --outcome and --reason, got " + given);
        }
        if (options.get("message-id").isPresent()) {
            List<String> ids = Arrays.asList(options.require("message-id").split(","));
            return message -> ids.contains(message.messageId());
        }
        if (options.get("outcome").isPresent()) {
            String outcome = options.require("outcome");
            return "none".equals(outcome)
                    ? message -> attribute(message, "outcome").isEmpty() && attribute(message, "reason").isEmpty()
                    : message -> outcome.equals(attribute(message, "outcome"));
        }
        if (options.get("reason").isPresent()) {
            String reason = options.require("reason");
            return message -> attribute(message, "reason").startsWith(reason);
        }
        return message -> true;
    }

    private static String attribute(Message message, String name) {
        MessageAttributeValue value = message.messageAttributes().get(name);
        return value == null || value.stringValue() == null ? "" : value.stringValue();
    }

    /** Why fewer messages were moved than the queue held; empty when it is empty now. */
    private static String why(DeadLetterRedrive.Result result, QueueCounts left, String from) {
        StringBuilder why = new StringBuilder();
        if (result.skipped() > 0) {
            why.append(result.skipped()).append(" not selected, left in ").append(from);
        }
        if (result.failed() > 0) {
            why.append(why.isEmpty() ? "" : "; ").append(result.failed()).append(" could not be sent and stay in ").append(from);
        }
        if (left.hidden()) {
            why.append(why.isEmpty() ? "" : "; ").append(left.why()).append(": not moved, run it again once they are visible");
        }
        return why.toString();
    }
}
