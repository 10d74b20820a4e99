package com.example.stock;

import com.example.receiver.Command;
import com.example.receiver.Fingerprint;
import com.example.receiver.dynamodb.EffectVerdict;
import com.example.receiver.dynamodb.TransactionalEffect;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * A reservation writes [0] the SKU's stock, {@code available - :units} on condition the SKU exists
 * and holds the units, and [1] the reservation row, on condition it is new: the permanent guard.
 * Reservations of one SKU committed together take their sum at once: with every quantity positive,
 * {@code available >= sum} holds exactly when each one's condition would have held in turn.
 */
final class StockReservations implements TransactionalEffect<Reservation> {

    private final String stock;
    private final String reservations;

    StockReservations(String stockTable, String reservationsTable) {
        this.stock = stockTable;
        this.reservations = reservationsTable;
    }

    @Override
    public List<TransactWriteItem> writes(Command<Reservation> command) {
        return List.of(take(command.payload().sku(), command.payload().quantity()), guard(command));
    }

    @Override
    public Optional<List<TransactWriteItem>> groupWrites(List<Command<Reservation>> commands) {
        Map<String, Long> unitsBySku = new LinkedHashMap<>();
        commands.forEach(command -> unitsBySku.merge(command.payload().sku(), command.payload().quantity(), Long::sum));
        List<TransactWriteItem> writes = new ArrayList<>();
        unitsBySku.forEach((sku, units) -> writes.add(take(sku, units)));
        commands.forEach(command -> writes.add(guard(command)));
        return Optional.of(writes);
    }

    private TransactWriteItem take(String sku, long units) {
        return TransactWriteItem.builder().update(Update.builder().tableName(stock)
                .key(Map.of("sku", AttributeValue.fromS(sku)))
                .updateExpression("SET available = available - :units")
                .conditionExpression("attribute_exists(sku) AND available >= :units")
                .expressionAttributeValues(Map.of(":units", AttributeValue.fromN(Long.toString(units))))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build();
    }

    private TransactWriteItem guard(Command<Reservation> command) {
        return TransactWriteItem.builder().put(Put.builder().tableName(reservations)
                .item(Map.of("reservation_id", AttributeValue.fromS(command.payload().id()),
                        "sku", AttributeValue.fromS(command.payload().sku()),
                        "quantity", AttributeValue.fromN(Long.toString(command.payload().quantity())),
                        "fingerprint", AttributeValue.fromS(command.fingerprint().hex())))
                .conditionExpression("attribute_not_exists(reservation_id)")
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build();
    }

    @Override
    public EffectVerdict onConditionFailed(int index, Map<String, AttributeValue> oldItem, Command<Reservation> command) {
        return switch (index) {
            case 0 -> new EffectVerdict.Decline(oldItem.isEmpty() ? "UNKNOWN_SKU" : "OUT_OF_STOCK");
            case 1 -> new EffectVerdict.AlreadyApplied(Optional.ofNullable(oldItem.get("fingerprint"))
                    .map(value -> new Fingerprint(value.s())));
            default -> throw new IllegalArgumentException("a reservation has no write " + index);
        };
    }

    @Override
    public Map<String, AttributeValue> summary(Command<Reservation> command) {
        return Map.of("sku", AttributeValue.fromS(command.payload().sku()),
                "quantity", AttributeValue.fromN(Long.toString(command.payload().quantity())));
    }
}
