package com.example.bench.endtoend;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.LocalAws;
import com.example.bench.judge.EndTables;
import com.example.localpayments.Accounts;
import com.example.paymenttraffic.Account;
import com.example.paymenttraffic.Send;
import com.example.reliability.ScenarioRunner;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The tables, accounts and messages of a benchmark: the template's tables and the baseline's
 * Powertools table emptied, an empty Redis, the traffic generator's accounts opened, its messages
 * in SQS events built the way the event source mapping builds them.
 */
final class Fixture {

    static final String RECORDS = EndTables.RECORDS;
    static final String ACCOUNTS = Accounts.TABLE;
    static final String LEDGER = EndTables.LEDGER;
    /** The baseline's table, in Powertools' default shape ({@code id} key, {@code expiration} TTL). */
    static final String BASELINE_RECORDS = ScenarioRunner.BASELINE_TABLE;
    /** 1 000 000.00 EUR: no benchmark runs an account dry by accident. */
    static final long RICH = 100_000_000L;

    private final LocalAws aws;
    private final DynamoDbClient admin;
    private final DynamoDbClient audits;

    Fixture(LocalAws aws) {
        this.aws = aws;
        this.admin = aws.dynamoDb();
        this.audits = aws.dynamoDbForAudits();
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

    /**
     * The tables a run leaves its end state in, read by a client no interceptor counts the calls of:
     * its timeouts an audit's, long enough to scan thousands of rows from a local AWS on a loaded machine.
     */
    EndTables tables() {
        return EndTables.of(audits);
    }

    /** Opens {@code accounts} as the traffic generator drew them. */
    void open(Collection<Account> accounts) {
        Accounts.seed(admin, accounts.stream().map(account -> new Accounts.Account(account.id(), account.balanceMinor(),
                account.currency(), account.active() ? "ACTIVE" : "BLOCKED")).toList());
    }

    /** An SQS event of one delivery per send, each with a fresh message id (a redelivery gets a new one too). */
    static SQSEvent event(List<Send> sends) {
        List<SQSEvent.SQSMessage> records = new ArrayList<>();
        for (Send send : sends) {
            SQSEvent.SQSMessage record = new SQSEvent.SQSMessage();
            record.setMessageId(UUID.randomUUID().toString());
            record.setBody(send.body());
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
