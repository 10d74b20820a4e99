package com.example.payment;

import com.example.receiver.Command;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/**
 * What an approved payment writes besides its account, whichever way it is committed: its ledger
 * entry, put on condition it does not exist yet (the permanent guard), and the summary its
 * idempotency record carries for the stream's readers.
 */
final class LedgerEntry {

    private LedgerEntry() {
    }

    /** The ledger entry's put, recorded at {@code clock}'s time. */
    static Put put(Command<Payment> command, PaymentTables tables, Clock clock) {
        Payment payment = command.payload();
        Map<String, AttributeValue> entry = new HashMap<>();
        entry.put(LedgerAttributes.PK, AttributeValue.fromS(payment.accountId()));
        entry.put(LedgerAttributes.SK, AttributeValue.fromS(payment.transactionId()));
        entry.put(LedgerAttributes.AMOUNT_MINOR, AttributeValue.fromN(Long.toString(payment.balanceChangeMinor())));
        entry.put(LedgerAttributes.CURRENCY, AttributeValue.fromS(payment.amount().currency().getCurrencyCode()));
        entry.put(LedgerAttributes.AUTHORIZATION_TYPE, AttributeValue.fromS(payment.type().name()));
        entry.put(LedgerAttributes.MERCHANT, AttributeValue.fromS(payment.merchant()));
        entry.put(LedgerAttributes.MERCHANT_CATEGORY, AttributeValue.fromS(payment.merchantCategory()));
        entry.put(LedgerAttributes.FINGERPRINT, AttributeValue.fromS(command.fingerprint().hex()));
        if (!payment.correlationId().isEmpty()) {
            entry.put(LedgerAttributes.CORRELATION_ID, AttributeValue.fromS(payment.correlationId()));
        }
        entry.put(LedgerAttributes.RECORDED_AT, AttributeValue.fromS(clock.instant().toString()));
        return Put.builder()
                .tableName(tables.ledger())
                .item(entry)
                .conditionExpression("attribute_not_exists(#sk)")
                .expressionAttributeNames(Map.of("#sk", LedgerAttributes.SK))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build();
    }

    /** The record's {@code result}: the payment as the publisher and the notifier read it. */
    static Map<String, AttributeValue> summary(Command<Payment> command) {
        Payment payment = command.payload();
        return Map.of(
                "accountId", AttributeValue.fromS(payment.accountId()),
                "amountMinor", AttributeValue.fromN(Long.toString(payment.amount().minorUnits())),
                "currency", AttributeValue.fromS(payment.amount().currency().getCurrencyCode()),
                "authorizationType", AttributeValue.fromS(payment.type().name()),
                "merchantCategory", AttributeValue.fromS(payment.merchantCategory()));
    }
}
