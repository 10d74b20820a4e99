package com.example.localaws;

import com.example.receiver.testkit.AwsApi;
import com.example.receiver.testkit.Fault;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/** Which AWS backend a run uses, and that every client goes to that backend's endpoint. No Docker needed. */
class LocalAwsBackendTest {

    @Test
    void byDefault_theMotoLauncher() {
        assertEquals(LocalAwsBackend.MOTO, LocalAwsBackend.chosen(Map.of(), Map.of()));
    }

    @Test
    void theSystemPropertyOrTheVariable_chooseLocalStack_thePropertyFirst() {
        assertEquals(LocalAwsBackend.LOCALSTACK, LocalAwsBackend.chosen(Map.of("local.aws.backend", "localstack"), Map.of()));
        assertEquals(LocalAwsBackend.LOCALSTACK, LocalAwsBackend.chosen(Map.of(), Map.of("LOCAL_AWS", "LocalStack")));
        assertEquals(LocalAwsBackend.MOTO, LocalAwsBackend.chosen(Map.of("local.aws.backend", "moto"),
                Map.of("LOCAL_AWS", "localstack")));
    }

    @Test
    void anUnknownBackend_isRefused_namingTheSettingAndTheChoices() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> LocalAwsBackend.chosen(Map.of(), Map.of("LOCAL_AWS", "kinesalite")));
        assertEquals("LOCAL_AWS must be moto or localstack, was 'kinesalite'", refused.getMessage());
    }

    @Test
    void everyClient_pointsAtTheBackendsEndpoint() {
        // GIVEN a backend at some endpoint (nothing listens: no request is made)
        URI endpoint = URI.create("http://127.0.0.1:4566");
        AwsApi backend = new AwsApi() {
            @Override
            public URI endpoint() {
                return endpoint;
            }

            @Override
            public void inject(Fault fault) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void clearFaults() {
            }

            @Override
            public void transactionConflicts(Duration hold) {
                throw new UnsupportedOperationException();
            }

            @Override
            public int transactionConflictsOff() {
                return 0;
            }

            @Override
            public void writeCapacity(int writeUnitsPerSecond) {
                throw new UnsupportedOperationException();
            }

            @Override
            public int writeCapacityOff() {
                return 0;
            }

            @Override
            public Duration advanceSqsClock(Duration by) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Duration advanceSqsClockToNextVisible(String queueUrl, String region, Duration atMost) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void resetSqsClock() {
            }

            @Override
            public void close() {
            }
        };
        Path root = ProjectRoot.find();
        LocalAws aws = new LocalAws(root, backend,
                RedisCluster.of(1, "redis-unused", LocalTls.in(root), root.resolve("target/local-aws")));
        // WHEN clients are handed out THEN each one talks to that endpoint, in the local region
        try (SqsClient sqs = aws.sqs(); SnsClient sns = aws.sns(); DynamoDbStreamsClient streams = aws.dynamoDbStreams()) {
            assertEquals(endpoint, sqs.serviceClientConfiguration().endpointOverride().orElseThrow());
            assertEquals(endpoint, sns.serviceClientConfiguration().endpointOverride().orElseThrow());
            assertEquals(endpoint, streams.serviceClientConfiguration().endpointOverride().orElseThrow());
            assertEquals(LocalAws.REGION, sqs.serviceClientConfiguration().region());
            assertEquals(endpoint, aws.endpoint());
        }
        // AND the moto launcher's fault API is not pretended
        assertThrows(IllegalStateException.class, aws::moto);
        aws.detach();
    }
}
