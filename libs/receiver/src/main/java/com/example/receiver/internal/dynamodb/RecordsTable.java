package com.example.receiver.internal.dynamodb;

import static com.example.receiver.record.IdempotencyRecordAttributes.EXPIRES_AT;

import com.example.lambdakit.config.ConfigurationException;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.receiver.internal.config.ReceiverConfig;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * The records table checked once, at init: its TTL must be on {@code expiresAt}. Without it no
 * record ever expires and the table grows by one item per operation for ever; with TTL on another
 * attribute, records would be deleted at a time the receiver does not choose (before the copies
 * of their message are gone). The answer of {@code DescribeTimeToLive} ("DescribeTimeToLive",
 * Amazon DynamoDB API Reference,
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_DescribeTimeToLive.html)
 * refuses such a table, and so does its answer that the table does not exist
 * ({@code ResourceNotFoundException}: a typo in {@code IDEMPOTENCY_TABLE}, another account or
 * Region): every message would otherwise end in {@code RETRY}. A call that fails otherwise (a
 * network error, a role without {@code dynamodb:DescribeTimeToLive}) refuses nothing, and is
 * reported as a warning: an init is not failed for what may pass.
 */
public final class RecordsTable {

    /** TTL on, or being turned on (it takes up to an hour), on the records' attribute. */
    private static final Set<TimeToLiveStatus> ON = Set.of(TimeToLiveStatus.ENABLED, TimeToLiveStatus.ENABLING);

    private RecordsTable() {
    }

    /**
     * Refuses {@code table} when DynamoDB says its TTL is not on {@code expiresAt}.
     *
     * @param dynamoDb the function's client
     * @param table    the idempotency table
     * @param log      where a check that could not be made is reported
     * @throws ConfigurationException naming {@code IDEMPOTENCY_TABLE} and the table, when it does not exist or
     *                                its TTL (as DynamoDB describes it) is not on {@code expiresAt}
     */
    public static void requireTtl(DynamoDbClient dynamoDb, String table, FunctionLog log) {
        TimeToLiveDescription ttl;
        try {
            ttl = dynamoDb.describeTimeToLive(request -> request.tableName(table)).timeToLiveDescription();
        } catch (ResourceNotFoundException missing) {
            throw new ConfigurationException(ReceiverConfig.IDEMPOTENCY_TABLE, "names " + table + ", which does not exist"
                    + " in this account and Region (DescribeTimeToLive: ResourceNotFoundException): create it, or correct"
                    + " the name", missing);
        } catch (RuntimeException e) {
            // An SdkException, or whatever an interceptor of the caller's client throws (SnapStart
            // priming stops every request before it is sent): not an answer about the table.
            log.write(FunctionLog.Level.WARN, "Records table's TTL not checked", line -> line
                    .text("table", table).text("detail", e.getClass().getSimpleName()
                            + ": a table without TTL on " + EXPIRES_AT + " keeps every record for ever"));
            return;
        }
        boolean on = ttl != null && ON.contains(ttl.timeToLiveStatus()) && EXPIRES_AT.equals(ttl.attributeName());
        if (!on) {
            throw new ConfigurationException(ReceiverConfig.IDEMPOTENCY_TABLE, "names " + table + ", whose TTL is "
                    + (ttl == null ? "not described" : ttl.timeToLiveStatusAsString() + " on " + ttl.attributeName())
                    + ": enable TTL on " + EXPIRES_AT + " (aws dynamodb update-time-to-live --table-name " + table
                    + " --time-to-live-specification Enabled=true,AttributeName=" + EXPIRES_AT
                    + "), or no record ever expires");
        }
    }
}
