package com.example.receiver.seats;

import com.example.receiver.Outcome;
import com.example.receiver.ParseResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The receiver's rules for seat bookings, one message after another, with no store, cache or
 * concurrency: what any batching, grouping or interleaving must agree with. A new booking takes
 * its seat or is declined; a booking id seen before is a duplicate with the same fields and a
 * conflict with others; nothing is decided twice. Within one batch, a booking id's later messages
 * are judged against its first message there: a duplicate of it, or a conflict when they differ
 * or the first was one.
 */
public final class BookingModel {

    private final BookingParser parser = new BookingParser();
    private final Map<String, Booking> decided = new HashMap<>();
    private final Map<String, String> holders = new TreeMap<>();

    /** The category of each message's outcome in one batch, in order (see {@link #category}). */
    public List<String> decide(List<String> batch) {
        Map<String, Booking> firstInBatch = new HashMap<>();
        Map<String, String> firstOutcome = new HashMap<>();
        List<String> outcomes = new ArrayList<>();
        for (String body : batch) {
            if (!(parser.parse(body) instanceof ParseResult.Valid<Booking> valid)) {
                outcomes.add("REJECTED");
                continue;
            }
            Booking booking = valid.command().payload();
            Booking first = firstInBatch.putIfAbsent(booking.bookingId(), booking);
            if (first == null) {
                String outcome = decide(booking);
                firstOutcome.put(booking.bookingId(), outcome);
                outcomes.add(outcome);
            } else {
                boolean conflict = !first.equals(booking) || firstOutcome.get(booking.bookingId()).equals("CONFLICT");
                outcomes.add(conflict ? "CONFLICT" : "DUPLICATE");
            }
        }
        return outcomes;
    }

    private String decide(Booking booking) {
        Booking before = decided.get(booking.bookingId());
        if (before != null) {
            return before.equals(booking) ? "DUPLICATE" : "CONFLICT";
        }
        decided.put(booking.bookingId(), booking);
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

    /** What a user tells outcomes apart by: the kind, and a decline's reason. */
    public static String category(Outcome outcome) {
        return switch (outcome) {
            case Outcome.Approved approved -> "APPROVED";
            case Outcome.Declined declined -> "DECLINED:" + declined.reason();
            case Outcome.Duplicate duplicate -> "DUPLICATE";
            case Outcome.Conflict conflict -> "CONFLICT";
            case Outcome.Rejected rejected -> "REJECTED";
            case Outcome.Retry retry -> "RETRY:" + retry.cause();
        };
    }
}
