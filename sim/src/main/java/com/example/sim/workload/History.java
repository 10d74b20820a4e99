package com.example.sim.workload;

import com.example.payment.LedgerAttributes;
import com.example.payment.PaymentParser;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.receiver.ParseResult;
import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.sim.models.DynamoDbModel;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The month before the run, as DynamoDB holds it when the run starts: each {@link Payment#late()
 * late} payment approved a day more than the record TTL ago, its idempotency record expired
 * (still stored until TTL deletion comes, "Working with expired items and time to live (TTL)",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ttl-expired-items.html) and its
 * ledger entry kept (the permanent guard), both as the receiver wrote them; its debit is in the
 * account's opening balance. The oracles know these decisions: the run must never decide them again.
 */
public final class History {

    private History() {
    }

    public static void load(Workload workload, DynamoDbModel dynamoDb, String recordsTable, String ledgerTable, Instant start,
                            Duration recordTtl, Consumer<String> decidedBefore) {
        Instant approvedAt = start.minus(recordTtl).minus(Duration.ofDays(1));
        PaymentParser parser = new PaymentParser();
        for (Workload.Message message : workload.messages()) {
            Payment payment = message.payment();
            if (!payment.late()) {
                continue;
            }
            String fingerprint = switch (parser.parse(message.send().body())) {
                case ParseResult.Valid<?> valid -> valid.command().fingerprint().hex();
                case ParseResult.Invalid<?> invalid -> throw new IllegalStateException("a late payment's body is valid: " + invalid);
            };
            dynamoDb.load(recordsTable, Map.of(
                    IdempotencyRecordAttributes.PK, AttributeValue.fromS(PaymentAuthorizer.KEY_PREFIX + "#" + payment.txnId()),
                    IdempotencyRecordAttributes.STATUS, AttributeValue.fromS("APPROVED"),
                    IdempotencyRecordAttributes.FINGERPRINT, AttributeValue.fromS(fingerprint),
                    IdempotencyRecordAttributes.PROCESSED_AT, AttributeValue.fromS(approvedAt.toString()),
                    IdempotencyRecordAttributes.EXPIRES_AT, AttributeValue.fromN(Long.toString(
                            approvedAt.plus(recordTtl).getEpochSecond()))));
            dynamoDb.load(ledgerTable, Map.of(
                    LedgerAttributes.PK, AttributeValue.fromS(payment.account()),
                    LedgerAttributes.SK, AttributeValue.fromS(payment.txnId()),
                    LedgerAttributes.AMOUNT_MINOR, AttributeValue.fromN(Long.toString(-payment.amountMinor())),
                    LedgerAttributes.CURRENCY, AttributeValue.fromS("EUR"),
                    LedgerAttributes.AUTHORIZATION_TYPE, AttributeValue.fromS("PURCHASE"),
                    LedgerAttributes.FINGERPRINT, AttributeValue.fromS(fingerprint),
                    LedgerAttributes.RECORDED_AT, AttributeValue.fromS(approvedAt.toString())));
            decidedBefore.accept(payment.txnId());
        }
    }
}
