package com.example.receiver.seats;

import com.example.receiver.Command;
import com.example.receiver.Fingerprint;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.MessageParser;
import com.example.receiver.ParseResult;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * {@code {"booking_id": "BKG-1", "event": "EVT-1", "seat": "A12"}}: the key is the booking, the
 * lane its event, the fingerprint the three fields (sorted by name).
 */
public final class BookingParser implements MessageParser<Booking> {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9-]{1,64}");

    @Override
    public ParseResult<Booking> parse(String body) {
        JsonNode root;
        try {
            root = JSON.readTree(body);
        } catch (IOException e) {
            return new ParseResult.Invalid<>("body", "must be JSON");
        }
        if (root == null || !root.isObject()) {
            return new ParseResult.Invalid<>("body", "must be a JSON object");
        }
        for (String field : new String[] {"booking_id", "event", "seat"}) {
            if (!ID.matcher(root.path(field).asText("")).matches()) {
                return new ParseResult.Invalid<>(field, "must be 1-64 letters, digits or dashes");
            }
        }
        Booking booking = new Booking(root.path("booking_id").asText(), root.path("event").asText(),
                root.path("seat").asText());
        return new ParseResult.Valid<>(new Command<>(new IdempotencyKey(booking.bookingId()), fingerprint(booking),
                booking.event(), booking));
    }

    /** The fingerprint this parser gives {@code booking}. */
    public static Fingerprint fingerprint(Booking booking) {
        return Fingerprint.of(new TreeMap<>(Map.of(
                "booking_id", booking.bookingId(), "event", booking.event(), "seat", booking.seat())));
    }
}
