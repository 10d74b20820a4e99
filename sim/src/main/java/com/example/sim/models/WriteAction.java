package com.example.sim.models;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/** One action of a transaction (a Put or an Update), on its item: what it reads, checks and writes. */
record WriteAction(DynamoDbTable table, String key, Put put, Update update) {

    static WriteAction of(TransactWriteItem item, java.util.function.Function<String, DynamoDbTable> tables) {
        if (item.put() != null) {
            DynamoDbTable table = tables.apply(item.put().tableName());
            return new WriteAction(table, table.keyOf(item.put().item()), item.put(), null);
        }
        if (item.update() != null) {
            DynamoDbTable table = tables.apply(item.update().tableName());
            return new WriteAction(table, table.keyOf(item.update().key()), null, item.update());
        }
        throw DynamoDbErrors.error(400, "ValidationException", "the model takes Put and Update actions only");
    }

    /** The item's name among every table's: what a transaction in flight holds. */
    String lock() {
        return table.name() + "\u0001" + key;
    }

    Optional<Map<String, AttributeValue>> before(Instant now) {
        return table.get(key, now);
    }

    Map<String, AttributeValue> after(Optional<Map<String, AttributeValue>> old) {
        if (put != null) {
            return put.item();
        }
        Map<String, AttributeValue> start = old.orElseGet(update::key);
        return Expressions.update(update.updateExpression(), start, update.expressionAttributeNames(),
                update.expressionAttributeValues());
    }

    String condition() {
        return put != null ? put.conditionExpression() : update.conditionExpression();
    }

    Map<String, String> names() {
        return put != null ? put.expressionAttributeNames() : update.expressionAttributeNames();
    }

    Map<String, AttributeValue> values() {
        return put != null ? put.expressionAttributeValues() : update.expressionAttributeValues();
    }

    boolean allOld() {
        return (put != null ? put.returnValuesOnConditionCheckFailure() : update.returnValuesOnConditionCheckFailure())
                == ReturnValuesOnConditionCheckFailure.ALL_OLD;
    }
}
