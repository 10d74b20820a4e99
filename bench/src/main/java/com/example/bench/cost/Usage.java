package com.example.bench.cost;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What one implementation used to decide {@code payments} distinct payments (and their
 * duplicates), as a run measured it: its functions, DynamoDB calls by operation and request units,
 * SQS requests by operation, SNS publishes, and the Redis commands (by name) and bytes the cache served.
 */
public record Usage(String implementation, long payments, List<FunctionUsage> functions,
                    Map<String, Long> dynamoDbCalls, double writeRequestUnits, double readRequestUnits,
                    Map<String, Long> sqsRequests, long snsPublishes, Map<String, Long> redisCommands, long redisBytes) {

    /** ElastiCache Serverless: 1 ECPU per KB a simple read or write transfers, at least one per command. */
    static final double BYTES_PER_ECPU = 1024;

    public Usage {
        Objects.requireNonNull(implementation, "implementation");
        if (payments < 1) {
            throw new IllegalArgumentException("a usage covers at least one payment, was " + payments);
        }
        functions = List.copyOf(functions);
        dynamoDbCalls = Map.copyOf(dynamoDbCalls);
        sqsRequests = Map.copyOf(sqsRequests);
        redisCommands = Map.copyOf(redisCommands);
        if (writeRequestUnits < 0 || readRequestUnits < 0 || snsPublishes < 0 || redisBytes < 0) {
            throw new IllegalArgumentException(implementation + ": request units, publishes, commands and bytes must be zero or more");
        }
    }

    /**
     * The ECPUs the commands consume: each command 1 ECPU per KB it transferred and at least 1,
     * with the bytes spread evenly over the commands (the cache's counters give totals only).
     */
    public double ecpus() {
        long commands = redisCommandCount();
        if (commands == 0) {
            return 0;
        }
        double kilobytesPerCommand = redisBytes / BYTES_PER_ECPU / commands;
        return commands * Math.max(1, kilobytesPerCommand);
    }

    /** Every command the cache served, whatever its name. */
    public long redisCommandCount() {
        return redisCommands.values().stream().mapToLong(Long::longValue).sum();
    }
}
