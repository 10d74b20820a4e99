package com.example.reliability.baseline;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.payment.AccountAttributes;
import com.example.payment.AuthorizationType;
import com.example.payment.LedgerAttributes;
import com.example.payment.Payment;
import com.example.payment.PaymentParser;
import com.example.payment.PaymentTables;
import com.example.receiver.ParseResult;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.lambda.powertools.idempotency.Idempotency;
import software.amazon.lambda.powertools.idempotency.IdempotencyConfig;
import software.amazon.lambda.powertools.idempotency.IdempotencyKey;
import software.amazon.lambda.powertools.idempotency.Idempotent;
import software.amazon.lambda.powertools.idempotency.persistence.BasePersistenceStore;
import software.amazon.lambda.powertools.idempotency.persistence.DynamoDBPersistenceStore;

/**
 * The usual approach, as Powertools 1.15's idempotency documentation shows it for an SQS batch
 * ("Idempotent annotation on another method" with {@code Idempotency.registerLambdaContext}):
 * the handler walks the records and calls an {@link Idempotent} method per record, keyed by
 * {@code body.transaction_id} (JMESPath) with payload validation over {@code body}. That method
 * debits the account (UpdateItem with the funds condition) and then writes the ledger row
 * (PutItem): two calls, after Powertools' own INPROGRESS PutItem and before its COMPLETED
 * UpdateItem. A record that throws is reported as a batch item failure, so SQS redelivers it.
 *
 * <p>Same message format (the payment module's {@link PaymentParser}) and the same accounts and
 * ledger tables as the receiver; its own idempotency table, in Powertools' default shape
 * ({@code id} key, {@code expiration} TTL).
 */
public final class PowertoolsAuthorizer implements RequestHandler<SQSEvent, SQSBatchResponse> {

    /** Powertools' default idempotency window (the record's {@code expiration}). */
    public static final Duration DEFAULT_EXPIRATION = Duration.ofHours(1);

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PURCHASE_CONDITION =
            "attribute_exists(#pk) AND #status = :active AND #currency = :currency AND #balance >= :amount";
    private static final String REFUND_CONDITION =
            "attribute_exists(#pk) AND #status = :active AND #currency = :currency";

    private final DynamoDbClient dynamoDb;
    private final PaymentTables tables;
    private final BaselineFaults faults;
    private final Clock clock;
    private final PaymentParser parser = new PaymentParser();

    /**
     * Configures Powertools' idempotency (a process-wide singleton, as in the documentation's
     * constructor) and keeps the clients.
     *
     * @param dynamoDb   the client for the business writes
     * @param records    Powertools' persistence on its own table ({@code id} string key): its
     *                   {@code DynamoDBPersistenceStore} as served, or with the upstream fix
     * @param expiration how long Powertools keeps a record ({@link #DEFAULT_EXPIRATION} as documented)
     */
    public PowertoolsAuthorizer(DynamoDbClient dynamoDb, BasePersistenceStore records, PaymentTables tables,
                                BaselineFaults faults, Clock clock, Duration expiration) {
        this.dynamoDb = Objects.requireNonNull(dynamoDb, "dynamoDb");
        this.tables = Objects.requireNonNull(tables, "tables");
        this.faults = Objects.requireNonNull(faults, "faults");
        this.clock = Objects.requireNonNull(clock, "clock");
        Idempotency.config()
                .withPersistenceStore(Objects.requireNonNull(records, "records"))
                .withConfig(IdempotencyConfig.builder()
                        .withEventKeyJMESPath("body.transaction_id")
                        .withPayloadValidationJMESPath("body")
                        .withExpiration(expiration)
                        .withThrowOnNoIdempotencyKey(true)
                        .build())
                .configure();
    }

    /** Powertools 1.15.0's DynamoDB persistence as served, on {@code table} ({@code id} string key). */
    public static BasePersistenceStore asServed(DynamoDbClient dynamoDb, String table) {
        return DynamoDBPersistenceStore.builder().withTableName(table).withDynamoDbClient(dynamoDb).build();
    }

    @Override
    public SQSBatchResponse handleRequest(SQSEvent event, Context context) {
        Idempotency.registerLambdaContext(context);
        List<SQSBatchResponse.BatchItemFailure> failures = new ArrayList<>();
        for (SQSEvent.SQSMessage message : event.getRecords()) {
            try {
                process(message.getBody());
            } catch (RuntimeException e) {
                failures.add(SQSBatchResponse.BatchItemFailure.builder().withItemIdentifier(message.getMessageId()).build());
            }
        }
        return SQSBatchResponse.builder().withBatchItemFailures(failures).build();
    }

    private void process(String body) {
        if (!(parser.parse(body) instanceof ParseResult.Valid<Payment> valid)) {
            throw new IllegalArgumentException("invalid payment message");
        }
        JsonNode message;
        try {
            message = JSON.readTree(body);
        } catch (IOException e) {
            throw new IllegalArgumentException("invalid JSON", e);
        }
        authorize(message, valid.command().payload());
    }

    /**
     * The idempotent unit: Powertools saves INPROGRESS before it and COMPLETED (with the returned
     * decision) after it, or deletes the record when it throws.
     */
    @Idempotent
    String authorize(@IdempotencyKey JsonNode message, Payment payment) {
        faults.afterRecordSaved(payment.transactionId());
        if (!debit(payment)) {
            return "DECLINED";
        }
        faults.afterDebit(payment.transactionId());
        writeLedger(payment);
        faults.afterBusinessWrites(payment.transactionId());
        return "APPROVED";
    }

    private boolean debit(Payment payment) {
        boolean purchase = payment.type() == AuthorizationType.PURCHASE;
        try {
            dynamoDb.updateItem(request -> request
                    .tableName(tables.accounts())
                    .key(Map.of(AccountAttributes.PK, AttributeValue.fromS(payment.accountId())))
                    .updateExpression(purchase ? "SET #balance = #balance - :amount" : "SET #balance = #balance + :amount")
                    .conditionExpression(purchase ? PURCHASE_CONDITION : REFUND_CONDITION)
                    .expressionAttributeNames(Map.of(
                            "#pk", AccountAttributes.PK,
                            "#status", AccountAttributes.ACCOUNT_STATUS,
                            "#currency", AccountAttributes.CURRENCY,
                            "#balance", AccountAttributes.BALANCE_MINOR))
                    .expressionAttributeValues(Map.of(
                            ":active", AttributeValue.fromS(AccountAttributes.ACTIVE),
                            ":currency", AttributeValue.fromS(payment.amount().currency().getCurrencyCode()),
                            ":amount", AttributeValue.fromN(Long.toString(payment.amount().minorUnits())))));
            return true;
        } catch (ConditionalCheckFailedException declined) {
            return false;
        }
    }

    private void writeLedger(Payment payment) {
        Map<String, AttributeValue> entry = new HashMap<>();
        entry.put(LedgerAttributes.PK, AttributeValue.fromS(payment.accountId()));
        entry.put(LedgerAttributes.SK, AttributeValue.fromS(payment.transactionId()));
        entry.put(LedgerAttributes.AMOUNT_MINOR, AttributeValue.fromN(Long.toString(payment.balanceChangeMinor())));
        entry.put(LedgerAttributes.CURRENCY, AttributeValue.fromS(payment.amount().currency().getCurrencyCode()));
        entry.put(LedgerAttributes.AUTHORIZATION_TYPE, AttributeValue.fromS(payment.type().name()));
        entry.put(LedgerAttributes.MERCHANT, AttributeValue.fromS(payment.merchant()));
        entry.put(LedgerAttributes.MERCHANT_CATEGORY, AttributeValue.fromS(payment.merchantCategory()));
        entry.put(LedgerAttributes.RECORDED_AT, AttributeValue.fromS(clock.instant().toString()));
        dynamoDb.putItem(request -> request.tableName(tables.ledger()).item(entry));
    }
}
