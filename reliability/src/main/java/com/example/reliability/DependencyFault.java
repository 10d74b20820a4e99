package com.example.reliability;

/** A dependency that misbehaves for a stretch of the run, then heals. Receiver only. */
public enum DependencyFault implements Fault {
    REDIS_STOPPED("the cluster's node stopped (redis-server)"),
    REDIS_SLOW("Redis slowed (proxy, 20 ms per chunk each way)"),
    REDIS_BLACKHOLED("Redis blackholed (proxy accepts, never answers)"),
    DYNAMODB_THROTTLING("DynamoDB throttling bursts (12 TransactWriteItems every 2 s)"),
    DYNAMODB_5XX("DynamoDB 500 bursts (12 TransactWriteItems every 2 s)"),
    SNS_PUBLISH_ERRORS("SNS publish errors (the first " + FlakyTopic.OUTAGE + " publishes fail, then 1 in "
            + FlakyTopic.RANDOM_ONE_IN + " at random)");

    private final String label;

    DependencyFault(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public boolean appliesTo(Implementation implementation) {
        return implementation == Implementation.RECEIVER;
    }
}
