package com.example.storesize;

import com.example.lambdakit.telemetry.EmfMetrics;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.lambdakit.telemetry.Invocation;
import com.example.lambdakit.telemetry.TelemetryConfig;
import java.io.PrintStream;
import java.time.Clock;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * Reads the idempotency table's item count and size in bytes with one {@code DescribeTable} and
 * writes them as one EMF line and one log line. The figures are DynamoDB's, refreshed about every
 * six hours ("DescribeTable", Amazon DynamoDB API Reference:
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_DescribeTable.html), so a
 * schedule of an hour shows each refresh within the hour at 24 calls a day.
 */
public final class DedupStoreSize {

    /** The {@code service} field and the {@code Service} dimension. */
    public static final String SERVICE = "dedup-store";

    private final DynamoDbClient dynamoDb;
    private final String table;
    private final FunctionLog log;
    private final EmfMetrics metrics;

    /**
     * @param table     the idempotency table's name
     * @param out       where the lines go (stdout in Lambda)
     * @param namespace the CloudWatch namespace
     */
    public DedupStoreSize(DynamoDbClient dynamoDb, String table, PrintStream out, Clock clock, String namespace) {
        this(dynamoDb, table, out, clock, TelemetryConfig.defaults(SERVICE, namespace));
    }

    /**
     * @param telemetry the service name, namespace and log levels
     */
    public DedupStoreSize(DynamoDbClient dynamoDb, String table, PrintStream out, Clock clock, TelemetryConfig telemetry) {
        this.dynamoDb = Objects.requireNonNull(dynamoDb, "dynamoDb");
        this.table = Objects.requireNonNull(table, "table");
        this.log = FunctionLog.of(out, clock, telemetry);
        this.metrics = new EmfMetrics(out, clock, telemetry.metricsNamespace(), telemetry.service(), StoreSizeMetrics.ALL);
    }

    /** Reads the table's size and writes it, stamped with {@code invocation}. */
    public void publish(Invocation invocation) {
        log.begin(invocation);
        TableDescription description = dynamoDb.describeTable(request -> request.tableName(table)).table();
        long items = description.itemCount() == null ? 0 : description.itemCount();
        long bytes = description.tableSizeBytes() == null ? 0 : description.tableSizeBytes();
        metrics.measure(StoreSizeMetrics.ITEM_COUNT, items);
        metrics.measure(StoreSizeMetrics.SIZE_BYTES, bytes);
        metrics.flush(invocation);
        log.write(FunctionLog.Level.INFO, "Dedup store size read", line -> line.text("table", table)
                .number("item_count", items).number("size_bytes", bytes));
    }
}
