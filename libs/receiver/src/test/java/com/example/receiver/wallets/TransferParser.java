package com.example.receiver.wallets;

import com.example.receiver.Command;
import com.example.receiver.Fingerprint;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.MessageParser;
import com.example.receiver.ParseResult;
import com.example.receiver.fixtures.JsonBodies;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * {@code {"transfer_id": "T-1", "from": "W-1", "to": "W-2", "amount_minor": 1250}}: the key is the
 * transfer, the fingerprint its four fields. The command's lane key is the payer's wallet: the
 * one item a command names; the effect declares both wallets it writes.
 */
public final class TransferParser implements MessageParser<Transfer> {

    /** The largest amount of one transfer, in minor units. */
    public static final long MAX_AMOUNT_MINOR = 1_000_000;

    @Override
    public ParseResult<Transfer> parse(String body) {
        return JsonBodies.parse(body, List.of("transfer_id", "from", "to"), root -> {
            if (root.path("from").asText().equals(root.path("to").asText())) {
                return new ParseResult.Invalid<>("to", "must differ from from");
            }
            JsonNode amount = root.path("amount_minor");
            if (!amount.isIntegralNumber() || amount.asLong() < 1 || amount.asLong() > MAX_AMOUNT_MINOR) {
                return new ParseResult.Invalid<>("amount_minor", "must be a whole number from 1 to " + MAX_AMOUNT_MINOR);
            }
            Transfer transfer = new Transfer(root.path("transfer_id").asText(), root.path("from").asText(),
                    root.path("to").asText(), amount.asLong());
            Fingerprint fingerprint = Fingerprint.of(Map.of("transfer_id", transfer.transferId(), "from", transfer.from(),
                    "to", transfer.to(), "amount_minor", Long.toString(transfer.amountMinor())));
            return new ParseResult.Valid<>(new Command<>(new IdempotencyKey(transfer.transferId()), fingerprint,
                    transfer.from(), transfer));
        });
    }
}
