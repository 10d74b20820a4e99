package com.example.eventsource;

/**
 * A DynamoDB stream event source mapping's settings, in the ranges Lambda accepts ("Lambda
 * parameters for Amazon DynamoDB event source mappings",
 * https://docs.aws.amazon.com/lambda/latest/dg/services-ddb-params.html).
 *
 * @param batchSize                  {@code BatchSize}, 1-10000
 * @param maximumRetryAttempts       {@code MaximumRetryAttempts}, 0-10000, or -1: "failed records
 *                                   are retried until the record expires"
 * @param bisectBatchOnFunctionError {@code BisectBatchOnFunctionError}
 * @param maximumRecordAgeSeconds    {@code MaximumRecordAgeInSeconds}, up to 604800, or -1: no limit
 */
public record StreamRules(int batchSize, int maximumRetryAttempts, boolean bisectBatchOnFunctionError,
                          long maximumRecordAgeSeconds) {

    public static final int UNLIMITED = -1;

    public StreamRules {
        if (batchSize < 1 || batchSize > 10_000) {
            throw new IllegalArgumentException("BatchSize must be 1-10000, was " + batchSize);
        }
        if (maximumRetryAttempts < UNLIMITED || maximumRetryAttempts > 10_000) {
            throw new IllegalArgumentException("MaximumRetryAttempts must be -1 or 0-10000, was " + maximumRetryAttempts);
        }
        if (maximumRecordAgeSeconds < UNLIMITED || maximumRecordAgeSeconds > 604_800) {
            throw new IllegalArgumentException("MaximumRecordAgeInSeconds must be -1 or up to 604800, was " + maximumRecordAgeSeconds);
        }
    }

    /** Whether a batch that has failed {@code failures} times is tried again. */
    boolean retries(int failures) {
        return maximumRetryAttempts == UNLIMITED || failures <= maximumRetryAttempts;
    }
}
