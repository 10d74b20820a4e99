package org.example.wallets;

import com.example.receiver.Command;
import com.example.receiver.Fingerprint;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.MessageParser;
import com.example.receiver.ParseResult;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import java.util.regex.Pattern;

/** {@code {"transfer_id": "T-1", "from": "W-A", "to": "W-B", "amount_minor": 2500}}: the key is the transfer, the lane its payer. */
public final class TransferParser implements MessageParser<Transfer> {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9-]{1,64}");

    @Override
    public ParseResult<Transfer> parse(String body) {
        JsonNode root;
        try {
            root = JSON.readTree(body);
        } catch (Exception e) {
            return new ParseResult.Invalid<>("body", "must be JSON");
        }
        if (root == null || !root.isObject()) {
            return new ParseResult.Invalid<>("body", "must be a JSON object");
        }
        String id = root.path("transfer_id").asText("");
        String from = root.path("from").asText("");
        String to = root.path("to").asText("");
        JsonNode amount = root.path("amount_minor");
        for (Map.Entry<String, String> field : Map.of("transfer_id", id, "from", from, "to", to).entrySet()) {
            if (!ID.matcher(field.getValue()).matches()) {
                return new ParseResult.Invalid<>(field.getKey(), "must be 1-64 letters, digits or dashes");
            }
        }
        if (from.equals(to)) {
            return new ParseResult.Invalid<>("to", "must be another wallet than from");
        }
        if (!amount.isIntegralNumber() || amount.asLong() < 1) {
            return new ParseResult.Invalid<>("amount_minor", "must be a whole number of minor units, at least 1");
        }
        Transfer transfer = new Transfer(id, from, to, amount.asLong());
        Fingerprint fingerprint = Fingerprint.of(Map.of("transfer_id", id, "from", from, "to", to,
                "amount_minor", Long.toString(transfer.amountMinor())));
        return new ParseResult.Valid<>(new Command<>(new IdempotencyKey(id), fingerprint, from, transfer));
    }
}
