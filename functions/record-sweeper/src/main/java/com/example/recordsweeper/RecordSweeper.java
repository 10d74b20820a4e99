package com.example.recordsweeper;

import com.example.lambdakit.telemetry.EmfMetrics;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.lambdakit.telemetry.Invocation;
import com.example.lambdakit.telemetry.TelemetryConfig;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One scheduled sweep: first the {@code applied} entries old enough to go ({@link AppliedEntrySweep}),
 * then the expired idempotency records ({@link ExpiredRecordSweep}), within the invocation's time
 * budget; then one EMF line and one log line with the counts, saying where the budget stopped it
 * if it did. Entries go first: an entry whose record has been deleted stays for good.
 */
public final class RecordSweeper {

    /** The {@code service} field and the {@code Service} dimension. */
    public static final String SERVICE = "record-sweeper";

    private final Clock clock;
    private final AppliedEntrySweep entries;
    private final ExpiredRecordSweep records;
    private final FunctionLog log;
    private final EmfMetrics metrics;

    /**
     * @param settings  the tables and the retention
     * @param out       where the lines go (stdout in Lambda)
     * @param telemetry the service name, namespace and log levels
     */
    public RecordSweeper(DynamoDbClient dynamoDb, SweeperSettings settings, PrintStream out, Clock clock, TelemetryConfig telemetry) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.entries = new AppliedEntrySweep(dynamoDb, settings, clock);
        this.records = new ExpiredRecordSweep(dynamoDb, settings.idempotencyTable());
        this.log = FunctionLog.of(out, clock, telemetry);
        this.metrics = new EmfMetrics(out, clock, telemetry.metricsNamespace(), telemetry.service(), SweeperMetrics.ALL);
    }

    /**
     * Sweeps both tables, stamped with {@code invocation}, stopping {@link TimeBudget#RESERVE}
     * before {@code remaining} runs out; the next run scans again from the start.
     *
     * @param remaining the invocation's remaining time
     */
    public void sweep(Invocation invocation, Duration remaining) {
        log.begin(invocation);
        TimeBudget budget = TimeBudget.of(clock, remaining);
        SweepTally tally = new SweepTally();
        entries.run(budget, tally);
        if (tally.complete()) {
            records.run(clock.instant(), budget, tally);
        }
        // Measured, not counted: a run that found nothing to do writes its zeros too.
        metrics.measure(SweeperMetrics.ENTRIES_REMOVED, tally.entriesRemoved());
        metrics.measure(SweeperMetrics.RECORDS_DELETED, tally.recordsDeleted());
        metrics.measure(SweeperMetrics.SKIPPED, tally.skippedCount());
        metrics.measure(SweeperMetrics.SCANNED, tally.scannedCount());
        metrics.flush(invocation);
        log.write(FunctionLog.Level.INFO, tally.complete() ? "Sweep done" : "Sweep stopped by its time budget", line -> {
            line.number("entries_removed", tally.entriesRemoved()).number("records_deleted", tally.recordsDeleted())
                    .number("skipped_conflicts", tally.skippedCount()).number("items_scanned", tally.scannedCount())
                    .flag("complete", tally.complete());
            if (!tally.complete()) {
                line.text("stopped_in", tally.stoppedInScan());
            }
        });
    }
}
