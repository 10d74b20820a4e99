package com.example.reliability;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdafakes.LambdaContext;
import com.example.payment.PaymentTables;
import com.example.payment.notifier.NotificationRecords;
import com.example.reliability.baseline.BaselineFaults;
import com.example.reliability.baseline.PowertoolsAuthorizer;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.lambda.powertools.idempotency.persistence.BasePersistenceStore;

/**
 * Starts environments of the Powertools baseline, with the fault point's crash in its
 * {@link BaselineFaults} hooks or after its response. Each invocation gets a Lambda context
 * counting down {@code functionTimeout}, which Powertools turns into its in-progress expiry.
 */
final class BaselineEnvironments implements LambdaEnvironments.Factory {

    private final URI dynamoDbEndpoint;
    private final String idempotencyTable;
    private final PaymentTables tables;
    private final FaultPoint point;
    private final CrashSchedule schedule;
    private final Duration functionTimeout;
    private final boolean fixedUpstream;

    /** @param fixedUpstream whether Powertools claims with the in-progress expiry fixed as upstream fixed it */
    BaselineEnvironments(URI dynamoDbEndpoint, String idempotencyTable, PaymentTables tables, FaultPoint point,
                         CrashSchedule schedule, Duration functionTimeout, boolean fixedUpstream) {
        this.dynamoDbEndpoint = dynamoDbEndpoint;
        this.idempotencyTable = idempotencyTable;
        this.tables = tables;
        this.point = point;
        this.schedule = schedule;
        this.functionTimeout = functionTimeout;
        this.fixedUpstream = fixedUpstream;
    }

    @Override
    public LambdaEnvironments.Environment start(Crash crash) {
        // The client is not closed with a crashed environment: Powertools keeps its store in a
        // process-wide singleton that another poller's environment may still be using.
        DynamoDbClient dynamoDb = LocalClients.dynamoDb(dynamoDbEndpoint);
        BasePersistenceStore records = fixedUpstream
                ? new NotificationRecords(dynamoDb, idempotencyTable)
                : PowertoolsAuthorizer.asServed(dynamoDb, idempotencyTable);
        PowertoolsAuthorizer handler = new PowertoolsAuthorizer(dynamoDb, records, tables, faults(crash), Clock.systemUTC(),
                PowertoolsAuthorizer.DEFAULT_EXPIRATION);
        return new LambdaEnvironments.Environment() {
            @Override
            public SQSBatchResponse invoke(SQSEvent event, Crash crashOfThis) {
                SQSBatchResponse response = handler.handleRequest(event, LambdaContext.startingNow("reliability", functionTimeout));
                if (point == FaultPoint.CRASH_BEFORE_DELETE && schedule.due()) {
                    crashOfThis.now();
                }
                return response;
            }

            @Override
            public void close() {
                // nothing of its own to release; see above
            }
        };
    }

    private BaselineFaults faults(Crash crash) {
        return new BaselineFaults() {
            @Override
            public void afterRecordSaved(String transactionId) {
                crashAt(FaultPoint.CRASH_AFTER_FAST_PATH);
            }

            @Override
            public void afterDebit(String transactionId) {
                crashAt(FaultPoint.CRASH_AFTER_COMMIT);
            }

            @Override
            public void afterBusinessWrites(String transactionId) {
                crashAt(FaultPoint.CRASH_BEFORE_COMPLETED);
            }

            private void crashAt(FaultPoint here) {
                if (point == here && schedule.due()) {
                    crash.now();
                }
            }
        };
    }
}
