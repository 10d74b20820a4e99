package com.example.receiver.seats;

import com.example.receiver.Command;
import com.example.receiver.Fingerprint;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.MessageParser;
import com.example.receiver.ParseResult;
import com.example.receiver.fixtures.JsonBodies;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code {"booking_id": "BKG-1", "event": "EVT-1", "seat": "A12"}}: the key is the booking, the
 * lane its event, the fingerprint the three fields (sorted by name).
 */
public final class BookingParser implements MessageParser<Booking> {

    @Override
    public ParseResult<Booking> parse(String body) {
        return JsonBodies.parse(body, List.of("booking_id", "event", "seat"), root -> {
            Booking booking = new Booking(root.path("booking_id").asText(), root.path("event").asText(),
                    root.path("seat").asText());
            return new ParseResult.Valid<>(new Command<>(new IdempotencyKey(booking.bookingId()), fingerprint(booking),
                    booking.event(), booking));
        });
    }

    /** The fingerprint this parser gives {@code booking}. */
    public static Fingerprint fingerprint(Booking booking) {
        return Fingerprint.of(new TreeMap<>(Map.of(
                "booking_id", booking.bookingId(), "event", booking.event(), "seat", booking.seat())));
    }
}
