package com.example.compat;

import com.example.localaws.invoke.Invocation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One message's result as the receiver reported it, read from the JSON lines its invocation
 * wrote (field values, not wording: {@code outcome}, {@code txn_id}, {@code message_id},
 * {@code source}, {@code dead_lettered}).
 *
 * @param version       the version that decided it
 * @param transactionId the payment's transaction id; empty when the message had none it could read
 * @param messageId     the SQS message id
 * @param outcome       {@code APPROVED}, {@code DECLINED}, {@code DUPLICATE}, {@code CONFLICT}, {@code REJECTED} or {@code RETRY}
 * @param source        a duplicate's source ({@code FAST_PATH}, {@code RECORD}, ...), else empty
 * @param deadLettered  whether the receiver sent it to the DLQ itself
 */
record Outcomes(String version, String transactionId, String messageId, String outcome, String source, boolean deadLettered) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The results {@code invocation}'s log lines report, in order. */
    static List<Outcomes> of(String version, Invocation invocation) {
        List<Outcomes> results = new ArrayList<>();
        for (String line : invocation.logs()) {
            parse(line).filter(node -> node.hasNonNull("outcome") && node.hasNonNull("message_id")).ifPresent(node ->
                    results.add(new Outcomes(version, node.path("txn_id").asText(""), node.path("message_id").asText(),
                            node.path("outcome").asText(), node.path("source").asText(""),
                            node.path("dead_lettered").asBoolean(false))));
        }
        return results;
    }

    private static Optional<JsonNode> parse(String line) {
        if (!line.startsWith("{")) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readTree(line));
        } catch (IOException notJson) {
            return Optional.empty();
        }
    }

    /** Whether it decided the payment: an approval or a decline, which the record keeps. */
    boolean decided() {
        return outcome.equals("APPROVED") || outcome.equals("DECLINED");
    }
}
