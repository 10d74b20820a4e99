package com.example.bench.cost;

/** What AWS charges for that the bill counts, each under its key in a price file. */
public enum PricedItem {
    LAMBDA_REQUEST("lambda.request"),
    LAMBDA_ARM64_GB_SECOND("lambda.arm64.gb-second"),
    LAMBDA_X86_64_GB_SECOND("lambda.x86_64.gb-second"),
    DYNAMODB_WRITE_REQUEST_UNIT("dynamodb.write-request-unit"),
    DYNAMODB_READ_REQUEST_UNIT("dynamodb.read-request-unit"),
    SQS_REQUEST("sqs.request"),
    SNS_PUBLISH("sns.publish"),
    ELASTICACHE_ECPU("elasticache.serverless.ecpu");

    private final String key;

    PricedItem(String key) {
        this.key = key;
    }

    /** Its key in a price file ({@code <key>.usd}, {@code <key>.per}, ...). */
    public String key() {
        return key;
    }

    /** The GB-second price of a Lambda architecture as template.yaml names it ({@code arm64}, {@code x86_64}). */
    public static PricedItem lambdaGbSecond(String architecture) {
        return switch (architecture) {
            case "arm64" -> LAMBDA_ARM64_GB_SECOND;
            case "x86_64" -> LAMBDA_X86_64_GB_SECOND;
            default -> throw new IllegalArgumentException(
                    "architecture must be arm64 or x86_64 (Lambda's names), was '" + architecture + "'");
        };
    }
}
