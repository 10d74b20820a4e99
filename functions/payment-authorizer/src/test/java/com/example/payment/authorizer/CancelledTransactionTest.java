package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static com.example.payment.authorizer.AuthorizerRig.event;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.localaws.LocalAws;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The idempotency table's stream is the outbox of decisions: a cancelled transaction (duplicate,
 * conflict, decline) must leave no record in it, only real decisions do.
 */
class CancelledTransactionTest extends LocalAwsTest {

    CancelledTransactionTest(LocalAws aws) {
        super(aws);
    }

    @Test
    void cancelledTransactions_leaveNoStreamRecords_decisionsLeaveOneEach() {
        try (AuthorizerRig rig = AuthorizerRig.withoutFastPath(aws);
             DynamoDbStreamsClient streams = DynamoDbStreamsClient.builder()
                     .endpointOverride(aws.endpoint()).region(LocalAws.REGION)
                     .credentialsProvider(LocalAws.credentials()).build()) {
            rig.ledger.openAccount("ACC-1", 5_000, "EUR");
            // WHEN: one approval, its duplicate, a conflict, a decline (cancelled, then recorded), its duplicate
            rig.invoke(event(purchase("TXN-1", "ACC-1", "10.00", "EUR")));
            rig.invoke(event(purchase("TXN-1", "ACC-1", "10.00", "EUR")));
            rig.invoke(event(purchase("TXN-1", "ACC-1", "11.00", "EUR")));
            rig.invoke(event(purchase("TXN-2", "ACC-1", "999.00", "EUR")));
            rig.invoke(event(purchase("TXN-2", "ACC-1", "999.00", "EUR")));
            // THEN the stream holds exactly the two decisions, as INSERTs
            List<Record> records = read(streams, rig);
            assertEquals(List.of("INSERT", "INSERT"), records.stream().map(Record::eventNameAsString).toList());
            assertEquals(List.of("PAYMENT#TXN-1", "PAYMENT#TXN-2"),
                    records.stream().map(r -> r.dynamodb().keys().get("pk").s()).toList());
            assertEquals(4_000, rig.ledger.balance("ACC-1"));
        }
    }

    private static List<Record> read(DynamoDbStreamsClient streams, AuthorizerRig rig) {
        String arn = rig.dynamoDb.describeTable(r -> r.tableName(Ledger.RECORDS)).table().latestStreamArn();
        List<Record> records = new ArrayList<>();
        streams.describeStream(r -> r.streamArn(arn)).streamDescription().shards().forEach(shard -> {
            String iterator = streams.getShardIterator(r -> r.streamArn(arn).shardId(shard.shardId())
                    .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
            for (int page = 0; page < 10 && iterator != null; page++) {
                GetRecordsResponse response = streams.getRecords(GetRecordsRequest.builder().shardIterator(iterator).build());
                records.addAll(response.records());
                if (response.records().isEmpty()) {
                    break;
                }
                iterator = response.nextShardIterator();
            }
        });
        return records;
    }
}
