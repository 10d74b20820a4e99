package com.example.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.receiver.Decision;
import com.example.receiver.Fingerprint;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.testing.CachedAnswer;
import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.sim.faults.FaultSchedule;
import com.example.sim.models.DynamoDbModel;
import com.example.sim.models.DynamoDbTable;
import com.example.sim.models.SimWorld;
import com.example.sim.oracles.Violation;
import com.example.sim.runtime.Scheduler;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The cache's oracle fails an answer that is not the record's decision, and only that. */
class CacheOracleTest {

    private static final String FINGERPRINT = "ab".repeat(32);

    @Test
    void aCachedAnswer_isHeldAgainstTheRecordDynamoDbHolds() {
        Scheduler scheduler = new Scheduler(1);
        SimWorld world = new SimWorld(scheduler, FaultSchedule.NONE);
        DynamoDbModel dynamoDb = new DynamoDbModel(world, 4_000);
        DynamoDbTable records = dynamoDb.createTable(Simulation.RECORDS, IdempotencyRecordAttributes.PK, Optional.empty(),
                Optional.empty());
        dynamoDb.load(Simulation.RECORDS, Map.of(IdempotencyRecordAttributes.PK, AttributeValue.fromS("PAYMENT#TXN-1"),
                IdempotencyRecordAttributes.STATUS, AttributeValue.fromS("DECLINED"),
                IdempotencyRecordAttributes.REASON, AttributeValue.fromS("INSUFFICIENT_FUNDS"),
                IdempotencyRecordAttributes.FINGERPRINT, AttributeValue.fromS(FINGERPRINT)));
        List<Violation> violations = new ArrayList<>();
        TemplateWindows windows = TemplateWindows.read(Path.of("../template.yaml"));
        CacheSetup cache = CacheSetup.of(Profile.standard(windows, 10), scheduler, world, FaultSchedule.NONE, windows,
                records, violations).orElseThrow();

        // the record's own decision: no violation
        cache.answered(new IdempotencyKey("TXN-1"), new CachedAnswer(Decision.declined("INSUFFICIENT_FUNDS"),
                new Fingerprint(FINGERPRINT)));
        assertEquals(List.of(), violations);
        // another decision, and a key with no record: each a violation naming both sides
        cache.answered(new IdempotencyKey("TXN-1"), new CachedAnswer(Decision.approved(), new Fingerprint(FINGERPRINT)));
        cache.answered(new IdempotencyKey("TXN-2"), new CachedAnswer(Decision.approved(), new Fingerprint(FINGERPRINT)));
        assertEquals(2, violations.size());
        assertTrue(violations.get(0).toString().contains("answered APPROVED")
                && violations.get(0).toString().contains("DynamoDB holds DECLINED(INSUFFICIENT_FUNDS)"), violations::toString);
        assertTrue(violations.get(1).toString().contains("DynamoDB holds no record"), violations::toString);
    }
}
