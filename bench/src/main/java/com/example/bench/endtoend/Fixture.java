package com.example.bench.endtoend;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.LocalAws;
import com.example.localpayments.Accounts;
import com.example.payment.AccountAttributes;
import com.example.payment.AuthorizationType;
import com.example.paymenttraffic.Operation;
import com.example.paymenttraffic.PaymentMessages;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The tables, accounts and messages of a benchmark: the template's tables and the baseline's
 * Powertools table emptied, an empty Redis, accounts opened, payments and SQS events built the
 * way a producer and the event source mapping build them.
 */
final class Fixture {

    static final String RECORDS = "IdempotencyTable";
    static final String ACCOUNTS = Accounts.TABLE;
    static final String LEDGER = "LedgerTable";
    /** The baseline's table, in Powertools' default shape ({@code id} key, {@code expiration} TTL). */
    static final String BASELINE_RECORDS = "PowertoolsIdempotencyTable";
    /** 1 000 000.00 EUR: no benchmark runs an account dry by accident. */
    static final long RICH = 100_000_000L;

    private final LocalAws aws;
    private final DynamoDbClient admin;

    Fixture(LocalAws aws) {
        this.aws = aws;
        this.admin = aws.dynamoDb();
    }

    /** Empty tables (the template's and the baseline's) and an empty Redis. */
    void reset() {
        aws.resetTables();
        aws.redis().flushAll();
        try {
            admin.deleteTable(r -> r.tableName(BASELINE_RECORDS));
        } catch (ResourceNotFoundException absent) {
            // first run
        }
        admin.createTable(r -> r.tableName(BASELINE_RECORDS)
                .attributeDefinitions(AttributeDefinition.builder().attributeName("id").attributeType(ScalarAttributeType.S).build())
                .keySchema(KeySchemaElement.builder().attributeName("id").keyType(KeyType.HASH).build())
                .billingMode(BillingMode.PAY_PER_REQUEST));
        admin.updateTimeToLive(r -> r.tableName(BASELINE_RECORDS)
                .timeToLiveSpecification(ttl -> ttl.attributeName("expiration").enabled(true)));
    }

    /** Opens {@code ids} in EUR, each holding {@code balanceMinor}. */
    void open(List<String> ids, long balanceMinor) {
        Accounts.seed(admin, ids.stream().map(id -> new Accounts.Account(id, balanceMinor, "EUR", "ACTIVE")).toList());
    }

    /** The balances of {@code ids}, summed (minor units). */
    long balances(List<String> ids) {
        long sum = 0;
        for (String id : ids) {
            Map<String, AttributeValue> item = admin.getItem(r -> r.tableName(ACCOUNTS)
                    .key(Map.of(AccountAttributes.PK, AttributeValue.fromS(id))).consistentRead(true)).item();
            sum += Long.parseLong(item.get(AccountAttributes.BALANCE_MINOR).n());
        }
        return sum;
    }

    /** {@code count} ids: {@code prefix-0 … prefix-(count-1)}. */
    static List<String> accounts(String prefix, int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(prefix + "-" + i);
        }
        return ids;
    }

    /** One new purchase of {@code amount} EUR per account, in order, each under a fresh transaction id. */
    static List<String> purchases(List<String> accounts, String amount) {
        List<String> bodies = new ArrayList<>();
        for (String account : accounts) {
            String txn = "TXN-BENCH-" + UUID.randomUUID();
            Operation purchase = new Operation(txn, account, new BigDecimal(amount).movePointRight(2).longValueExact(), "EUR",
                    AuthorizationType.PURCHASE, "Amazon.es", "5411");
            bodies.add(PaymentMessages.message(purchase, "msg-" + UUID.randomUUID(), "2026-04-07T14:32:15Z"));
        }
        return bodies;
    }

    /** An SQS event of one delivery per body, each with a fresh message id (a redelivery gets a new one too). */
    static SQSEvent event(List<String> bodies) {
        List<SQSEvent.SQSMessage> records = new ArrayList<>();
        for (String body : bodies) {
            SQSEvent.SQSMessage record = new SQSEvent.SQSMessage();
            record.setMessageId(UUID.randomUUID().toString());
            record.setBody(body);
            record.setEventSource("aws:sqs");
            Map<String, String> attributes = new HashMap<>();
            attributes.put("ApproximateReceiveCount", "1");
            record.setAttributes(attributes);
            records.add(record);
        }
        SQSEvent event = new SQSEvent();
        event.setRecords(records);
        return event;
    }
}
