package com.example.bench.endtoend;

import com.example.localaws.LocalAws;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.receiver.testkit.Sleeper;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * The cost run's queues and counted clients: a queue of the run's own per implementation, drained
 * through the project's SQS event source mapping until nothing is left, visible or in flight; its
 * own questions to SQS (creating, watching the backlog) are asked through an uncounted client.
 */
final class CostQueue {

    private static final Duration VISIBILITY = Duration.ofSeconds(2);
    private static final Duration DEADLINE = Duration.ofMinutes(5);

    private final SqsClient uncounted;

    CostQueue(SqsClient uncounted) {
        this.uncounted = uncounted;
    }

    /** A queue of the run's own, with a visibility timeout short enough for a failure to come back within it. */
    String create(String implementation) {
        String name = "CostPayments-" + implementation + "-" + UUID.randomUUID().toString().substring(0, 8);
        return uncounted.createQueue(request -> request.queueName(name)
                .attributes(Map.of(QueueAttributeName.VISIBILITY_TIMEOUT, Long.toString(VISIBILITY.toSeconds())))).queueUrl();
    }

    /** Polls until the queue holds nothing, visible or in flight; returns the receives that found nothing. */
    long drain(SqsEventSourceMapping mapping, String queueUrl) {
        Instant deadline = Instant.now().plus(DEADLINE);
        long empty = 0;
        while (Instant.now().isBefore(deadline)) {
            if (mapping.pollOnce().received() > 0) {
                continue;
            }
            empty++;
            if (backlog(queueUrl) == 0) {
                return empty;
            }
            Sleeper.THREAD.pause(Duration.ofMillis(200));
        }
        throw new IllegalStateException("the queue did not drain in " + DEADLINE);
    }

    private int backlog(String queueUrl) {
        Map<QueueAttributeName, String> attributes = uncounted.getQueueAttributes(request -> request.queueUrl(queueUrl)
                .attributeNames(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES,
                        QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE)).attributes();
        return attributes.values().stream().mapToInt(Integer::parseInt).sum();
    }

    /** An SQS client at {@code endpoint} whose requests {@code counter} counts. */
    static SqsClient sqs(URI endpoint, ExecutionInterceptor counter) {
        return SqsClient.builder().endpointOverride(endpoint).region(LocalAws.REGION).credentialsProvider(LocalAws.credentials())
                .httpClientBuilder(UrlConnectionHttpClient.builder())
                .overrideConfiguration(c -> c.addExecutionInterceptor(counter)).build();
    }

    /** An SNS client at {@code endpoint} whose requests {@code counter} counts. */
    static SnsClient sns(URI endpoint, ExecutionInterceptor counter) {
        return SnsClient.builder().endpointOverride(endpoint).region(LocalAws.REGION).credentialsProvider(LocalAws.credentials())
                .httpClientBuilder(UrlConnectionHttpClient.builder())
                .overrideConfiguration(c -> c.addExecutionInterceptor(counter)).build();
    }
}
