package com.example.bench.endtoend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.payment.LedgerAttributes;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The benchmarks' counters read against the real servers: what they report for requests whose
 * round trips and write units are known in advance.
 */
@ExtendWith(LocalAwsExtension.class)
class MeasuringInstrumentsTest {

    private final LocalAws aws;

    MeasuringInstrumentsTest(LocalAws aws) {
        this.aws = aws;
    }

    @BeforeEach
    void emptyState() {
        aws.redis().start();
        aws.resetTables();
        aws.redis().flushAll();
    }

    @Test
    void redisCounter_countsAnMgetAndAPipelineOfTenSets_asTwoRoundTrips() {
        RedisCounter counter = new RedisCounter(aws.redis().node(0));
        try (Jedis jedis = aws.redis().node(0).admin()) {
            jedis.ping();
            // GIVEN a snapshot of the server's counters
            RedisCounter.Snapshot before = counter.snapshot();
            // WHEN a client sends one MGET of ten keys, then ten SETEX in one pipeline
            // (one hash tag, one slot: the cluster refuses a multi-key command across slots)
            jedis.mget("{k}0", "{k}1", "{k}2", "{k}3", "{k}4", "{k}5", "{k}6", "{k}7", "{k}8", "{k}9");
            try (Pipeline pipeline = jedis.pipelined()) {
                for (int i = 0; i < 10; i++) {
                    pipeline.setex("k" + i, 60, "v");
                }
                pipeline.sync();
            }
            RedisCounter.Delta delta = counter.since(before);
            // THEN two round trips, eleven commands, none of the counter's own INFO calls
            assertEquals(2, delta.roundTrips());
            assertEquals(Map.of("mget", 1L, "setex", 10L), delta.commands());
            assertEquals(11, delta.commandCount());
        }
    }

    @Test
    void redisCounter_countsTheBytesCommandsCarry_whichTheEcpusOfTheBillAreMadeOf() {
        // ElastiCache Serverless charges 1 ECPU per KB a simple command transfers
        // (https://aws.amazon.com/elasticache/pricing/): the bill reads the bytes from the node
        RedisCounter counter = new RedisCounter(aws.redis().node(0));
        try (Jedis jedis = aws.redis().node(0).admin()) {
            jedis.set("{k}warm", "v");
            jedis.get("{k}warm");
            // GIVEN a snapshot
            RedisCounter.Snapshot before = counter.snapshot();
            // WHEN a 3 000-byte value is written and read back
            jedis.set("{k}big", "x".repeat(3_000));
            jedis.get("{k}big");
            RedisCounter.Delta delta = counter.since(before);
            // THEN the value's bytes, both ways, plus the protocol's framing of two small commands and
            // what the counter's own INFO answers grew by since it was made (a line per command name
            // the node saw since then: a few hundred bytes at most)
            assertEquals(Map.of("get", 1L, "set", 1L), delta.commands());
            assertTrue(delta.bytes() >= 6_000 && delta.bytes() < 6_500, () -> "bytes " + delta.bytes());
        }
    }

    @Test
    void readUnits_chargeAStronglyConsistentReadOnePer4Kb_andAnEventuallyConsistentOneHalf() {
        // "Read request unit", https://aws.amazon.com/dynamodb/pricing/on-demand/
        try (DynamoDbClient writer = aws.dynamoDb()) {
            writer.putItem(r -> r.tableName(Fixture.LEDGER).item(row("TXN-5KB", 5_000)));
        }
        ReadUnits units = new ReadUnits();
        try (DynamoDbClient client = aws.dynamoDb(units)) {
            Map<String, AttributeValue> key = Map.of(LedgerAttributes.PK, AttributeValue.fromS("ACC-1"),
                    LedgerAttributes.SK, AttributeValue.fromS("TXN-5KB"));
            // WHEN a 5 KB item is read strongly consistent, then eventually consistent
            client.getItem(r -> r.tableName(Fixture.LEDGER).key(key).consistentRead(true));
            assertEquals(2.0, units.total());
            client.getItem(r -> r.tableName(Fixture.LEDGER).key(key));
            // THEN 2 units for the first (two started 4 KB), 1 for the second
            assertEquals(3.0, units.total());
            // WHEN a read it cannot price is made, THEN it is remembered, not billed as free
            client.query(r -> r.tableName(Fixture.LEDGER).keyConditionExpression("pk = :pk")
                    .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("ACC-1"))));
            assertEquals(Set.of("Query"), units.unpriced());
        }
    }

    @Test
    void writeUnits_chargeOnePerStartedKbForAPut_andTwoPerKbPerItemInATransaction() {
        try (DynamoDbClient reader = aws.dynamoDb()) {
            WriteUnits units = new WriteUnits(reader);
            try (DynamoDbClient client = aws.dynamoDb(units)) {
                // WHEN one 1.5 KB ledger row is put
                client.putItem(r -> r.tableName(Fixture.LEDGER).item(row("TXN-BIG", 1_500)));
                // THEN it costs 2 WCU (two started KB)
                assertEquals(2, units.total());
                assertEquals(WriteUnits.size(row("TXN-BIG", 1_500)), units.largestItem());

                // WHEN two small rows are put in one transaction
                units.reset();
                client.transactWriteItems(r -> r.transactItems(
                        TransactWriteItem.builder().put(Put.builder().tableName(Fixture.LEDGER).item(row("TXN-1", 10)).build()).build(),
                        TransactWriteItem.builder().put(Put.builder().tableName(Fixture.LEDGER).item(row("TXN-2", 10)).build()).build()));
                // THEN 2 WCU per item
                assertEquals(4, units.total());
            }
        }
    }

    @Test
    void itemSize_followsDynamoDbsRules() {
        // names plus values: a string by its UTF-8 bytes, a number 1 byte per two significant digits plus 1,
        // a boolean 1, a map 3 plus its entries plus 1 per entry
        Map<String, AttributeValue> item = Map.of(
                "pk", AttributeValue.fromS("ACC-1"),
                "n", AttributeValue.fromN("12500"),
                "ok", AttributeValue.fromBool(true),
                "m", AttributeValue.fromM(Map.of("a", AttributeValue.fromS("xy"))));
        assertEquals((2 + 5) + (1 + 3) + (2 + 1) + (1 + 3 + (1 + 2) + 1), WriteUnits.size(item));
        assertEquals(1, WriteUnits.writeUnits(1_024, 1));
        assertEquals(2, WriteUnits.writeUnits(1_025, 1));
        assertEquals(2, WriteUnits.writeUnits(0, 2));
    }

    private static Map<String, AttributeValue> row(String txn, int padding) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(LedgerAttributes.PK, AttributeValue.fromS("ACC-1"));
        item.put(LedgerAttributes.SK, AttributeValue.fromS(txn));
        item.put("padding", AttributeValue.fromS("x".repeat(padding)));
        return item;
    }
}
