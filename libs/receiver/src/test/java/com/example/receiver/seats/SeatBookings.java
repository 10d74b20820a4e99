package com.example.receiver.seats;

import com.example.receiver.Command;
import com.example.receiver.Fingerprint;
import com.example.receiver.dynamodb.EffectVerdict;
import com.example.receiver.dynamodb.TransactionalEffect;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A booking writes one item, the seat ({@code pk = <event>#<seat>}), on condition it is free. The
 * seat item is the permanent guard too: it names the booking that holds it, so a seat found taken
 * by this very booking is a booking applied before (its record expired), and taken by another a
 * decline. Bookings of one event committed together write their seats side by side, unless two
 * of them want one seat (DynamoDB refuses two operations on one item in a transaction).
 */
public final class SeatBookings implements TransactionalEffect<Booking> {

    /** The decline of a seat another booking holds. */
    public static final String SEAT_TAKEN = "SEAT_TAKEN";

    private final String seats;

    public SeatBookings(String seatsTable) {
        this.seats = seatsTable;
    }

    @Override
    public List<TransactWriteItem> writes(Command<Booking> command) {
        return List.of(take(command));
    }

    @Override
    public Optional<List<TransactWriteItem>> groupWrites(List<Command<Booking>> commands) {
        Set<String> seatKeys = new HashSet<>();
        List<TransactWriteItem> writes = new ArrayList<>();
        for (Command<Booking> command : commands) {
            if (!seatKeys.add(command.payload().seatKey())) {
                return Optional.empty();
            }
            writes.add(take(command));
        }
        return Optional.of(writes);
    }

    private TransactWriteItem take(Command<Booking> command) {
        return TransactWriteItem.builder().put(Put.builder().tableName(seats)
                .item(Map.of("pk", AttributeValue.fromS(command.payload().seatKey()),
                        "booking", AttributeValue.fromS(command.payload().bookingId()),
                        "fingerprint", AttributeValue.fromS(command.fingerprint().hex())))
                .conditionExpression("attribute_not_exists(pk)")
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build();
    }

    @Override
    public EffectVerdict onConditionFailed(int index, Map<String, AttributeValue> oldItem, Command<Booking> command) {
        if (index != 0) {
            throw new IllegalArgumentException("a booking has no write " + index);
        }
        AttributeValue holder = oldItem.get("booking");
        if (holder != null && holder.s().equals(command.payload().bookingId())) {
            return new EffectVerdict.AlreadyApplied(Optional.ofNullable(oldItem.get("fingerprint"))
                    .map(value -> new Fingerprint(value.s())));
        }
        return new EffectVerdict.Decline(SEAT_TAKEN);
    }

    @Override
    public Map<String, AttributeValue> summary(Command<Booking> command) {
        return Map.of("event", AttributeValue.fromS(command.payload().event()),
                "seat", AttributeValue.fromS(command.payload().seat()));
    }
}
