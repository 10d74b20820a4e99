package com.example.reliability;

/**
 * A dependency that misbehaves for a stretch of the run, then heals. Receiver only, but for
 * DynamoDB's capacity, which every implementation's writes meet.
 */
public enum DependencyFault implements Fault {
    REDIS_STOPPED("the cluster's node stopped (redis-server)"),
    REDIS_SLOW("Redis slowed (proxy, 20 ms per chunk each way)"),
    REDIS_BLACKHOLED("Redis blackholed (proxy accepts, never answers)"),
    DYNAMODB_THROTTLING("DynamoDB throttling bursts (12 TransactWriteItems, 2 s apart)"),
    DYNAMODB_5XX("DynamoDB 500 bursts (12 TransactWriteItems, 2 s apart)"),
    SNS_PUBLISH_ERRORS("SNS publish errors (the first " + FlakyTopic.OUTAGE + " publishes fail, then 1 in "
            + FlakyTopic.RANDOM_ONE_IN + " at random)"),
    /** The launcher's write capacity: throttling shaped by the load, as DynamoDB's is. */
    DYNAMODB_CAPACITY("DynamoDB write capacity (" + DependencyFaults.WRITE_UNITS_PER_SECOND
            + " write units a second per table, the excess throttled)", true);

    private final String label;
    private final boolean baselineToo;

    DependencyFault(String label) {
        this(label, false);
    }

    DependencyFault(String label, boolean baselineToo) {
        this.label = label;
        this.baselineToo = baselineToo;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public boolean appliesTo(Implementation implementation) {
        return baselineToo || implementation == Implementation.RECEIVER;
    }
}
