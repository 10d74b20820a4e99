package com.example.receiver.seats;

import com.example.receiver.fixtures.SequentialRules;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The receiver's rules for seat bookings, one message after another, with no store, cache or
 * concurrency: what any batching, grouping or interleaving must agree with. A new booking takes
 * its seat or is declined; a booking id seen before is a duplicate with the same fields and a
 * conflict with others; nothing is decided twice ({@link SequentialRules}).
 */
public final class BookingModel {

    private final Map<String, String> holders = new TreeMap<>();
    private final SequentialRules<Booking> rules = new SequentialRules<>(new BookingParser(), Booking::bookingId,
            this::take);

    /** The category of each message's outcome in one batch, in order (see {@link SequentialRules#category}). */
    public List<String> decide(List<String> batch) {
        return rules.decide(batch);
    }

    private String take(Booking booking) {
        if (holders.containsKey(booking.seatKey())) {
            return "DECLINED:" + SeatBookings.SEAT_TAKEN;
        }
        holders.put(booking.seatKey(), booking.bookingId());
        return "APPROVED";
    }

    /** Every taken seat and its booking, as {@link SeatTables#holders()} reads them. */
    public Map<String, String> holders() {
        return Map.copyOf(holders);
    }
}
