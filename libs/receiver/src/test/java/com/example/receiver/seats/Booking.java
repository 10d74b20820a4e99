package com.example.receiver.seats;

import java.util.Objects;

/**
 * The library's test domain: book seat {@code seat} of event {@code event} once per booking id.
 * A taken seat is declined; a booking id seen again with another seat is a conflict.
 *
 * @param bookingId the idempotency key
 * @param event     the lane: bookings of one event are committed in order, and together
 * @param seat      the seat within the event
 */
public record Booking(String bookingId, String event, String seat) {

    public Booking {
        Objects.requireNonNull(bookingId, "bookingId");
        Objects.requireNonNull(event, "event");
        Objects.requireNonNull(seat, "seat");
    }

    /** The seat item's key: one item per seat of an event. */
    public String seatKey() {
        return event + "#" + seat;
    }

    /** The message a producer sends for it. */
    public String body() {
        return "{\"booking_id\":\"" + bookingId + "\",\"event\":\"" + event + "\",\"seat\":\"" + seat + "\"}";
    }

    /** The message of booking {@code bookingId} of {@code seat} at {@code event}. */
    public static String body(String bookingId, String event, String seat) {
        return new Booking(bookingId, event, seat).body();
    }
}
