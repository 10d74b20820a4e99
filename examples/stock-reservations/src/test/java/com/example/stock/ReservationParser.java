package com.example.stock;

import com.example.receiver.Command;
import com.example.receiver.Fingerprint;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.MessageParser;
import com.example.receiver.ParseResult;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import java.util.regex.Pattern;

/** {@code {"reservation_id": "RSV-1", "sku": "SKU-7", "quantity": 3}}: the key is the reservation, the lane its SKU. */
final class ReservationParser implements MessageParser<Reservation> {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9-]{1,64}");

    @Override
    public ParseResult<Reservation> parse(String body) {
        JsonNode root;
        try {
            root = JSON.readTree(body);
        } catch (Exception e) {
            return new ParseResult.Invalid<>("body", "must be JSON");
        }
        if (root == null || !root.isObject()) {
            return new ParseResult.Invalid<>("body", "must be a JSON object");
        }
        String id = root.path("reservation_id").asText("");
        String sku = root.path("sku").asText("");
        JsonNode quantity = root.path("quantity");
        if (!ID.matcher(id).matches()) {
            return new ParseResult.Invalid<>("reservation_id", "must be 1-64 letters, digits or dashes");
        }
        if (!ID.matcher(sku).matches()) {
            return new ParseResult.Invalid<>("sku", "must be 1-64 letters, digits or dashes");
        }
        if (!quantity.isIntegralNumber() || quantity.asLong() < 1 || quantity.asLong() > 1_000) {
            return new ParseResult.Invalid<>("quantity", "must be a whole number from 1 to 1000");
        }
        Reservation reservation = new Reservation(id, sku, quantity.asLong());
        Fingerprint fingerprint = Fingerprint.of(Map.of(
                "reservation_id", id, "sku", sku, "quantity", Long.toString(reservation.quantity())));
        return new ParseResult.Valid<>(new Command<>(new IdempotencyKey(id), fingerprint, sku, reservation));
    }
}
