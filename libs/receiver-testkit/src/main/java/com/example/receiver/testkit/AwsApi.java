package com.example.receiver.testkit;

import java.net.URI;
import java.time.Duration;

/**
 * The AWS APIs of the local AWS (DynamoDB and its streams, SQS, SNS) behind one endpoint: the
 * moto launcher ({@link MotoServer}) or another backend (the project's LocalStack in Docker,
 * {@code LOCAL_AWS=localstack}).
 */
public interface AwsApi extends AutoCloseable {

    /** {@return where the AWS clients point} */
    URI endpoint();

    /**
     * Makes the next matching DynamoDB requests fail; see {@link Fault}.
     *
     * @param fault which requests, how, how many
     * @throws UnsupportedOperationException when this backend cannot inject faults
     */
    void inject(Fault fault);

    /** Removes every fault not yet used up (nothing to do where none can be injected). */
    void clearFaults();

    /**
     * Makes transactions conflict as DynamoDB's do: a transaction touching an item another
     * in-flight transaction holds is cancelled with {@code TransactionConflict}; each holds its
     * items for {@code hold}. Until {@link #transactionConflictsOff}.
     *
     * @param hold how long a transaction holds its items
     * @throws UnsupportedOperationException when this backend cannot
     */
    void transactionConflicts(Duration hold);

    /**
     * Switches transaction conflicts off.
     *
     * @return how many requests were refused with one meanwhile
     */
    int transactionConflictsOff();

    /**
     * Limits every table to {@code writeUnitsPerSecond} write units a second, as DynamoDB's
     * capacity does: a token bucket per table, refilled continuously, holding one second's units;
     * a write it cannot pay for is refused as DynamoDB refuses it (a throttling exception, or a
     * transaction cancelled with {@code ThrottlingError}). Until {@link #writeCapacityOff}.
     *
     * @param writeUnitsPerSecond each table's write units a second
     * @throws UnsupportedOperationException when this backend cannot
     */
    void writeCapacity(int writeUnitsPerSecond);

    /**
     * Lifts the write capacity.
     *
     * @return how many requests it refused meanwhile
     */
    int writeCapacityOff();

    /**
     * Moves SQS's clock {@code by} forward: what would become visible, expire or be dead-lettered
     * in that time does, and a message sent afterwards carries the later {@code SentTimestamp}.
     *
     * @param by     at least 1 ms
     * @return how far ahead of the real time SQS's clock now runs
     * @throws UnsupportedOperationException when this backend cannot
     */
    Duration advanceSqsClock(Duration by);

    /**
     * Moves SQS's clock just past the moment the first message of {@code queueUrl} becomes visible
     * again, {@code atMost} at most (all of it when the queue is empty).
     *
     * @param queueUrl the queue
     * @param region   its region
     * @param atMost   the most to skip
     * @return how far ahead of the real time SQS's clock now runs
     * @throws UnsupportedOperationException when this backend cannot
     */
    Duration advanceSqsClockToNextVisible(String queueUrl, String region, Duration atMost);

    /** Sets SQS's clock back to the real time (nothing to do where it never moved). */
    void resetSqsClock();

    /** Stops what this handle started. */
    @Override
    void close();
}
