package com.example.payment.events;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.example.lambdakit.config.ConfigurationException;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.lambdakit.telemetry.Invocations;
import com.example.lambdakit.telemetry.TelemetryConfig;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The Streams-triggered Lambda on the idempotency table: publishes each new decision to the
 * topic {@code PAYMENTS_TOPIC_ARN}, sets aside records that can never be published in the queue
 * {@code UNPUBLISHABLE_QUEUE_URL}, and answers with the stream partial batch response (the event
 * source mapping must report {@code ReportBatchItemFailures}).
 */
public final class PaymentEventsHandler implements RequestHandler<DynamodbEvent, StreamsEventResponse> {

    private final StreamPublisher publisher;
    private final Invocations invocations = Invocations.lambda();

    /** Lambda's constructor: configuration and the SNS client, once per execution environment. */
    public PaymentEventsHandler() {
        this(publisher(FunctionLog.librariesLogAs(StreamPublisher.SERVICE, System.getenv())));
    }

    /** For tests and local runtimes: a publisher built elsewhere. */
    public PaymentEventsHandler(StreamPublisher publisher) {
        this.publisher = Objects.requireNonNull(publisher, "publisher");
    }

    @Override
    public StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
        return publisher.publish(event, invocations.next(context));
    }

    private static StreamPublisher publisher(Map<String, String> env) {
        return new StreamPublisher(new SnsDecisionPublisher(snsClient(), topicArn(env.get("PAYMENTS_TOPIC_ARN"))),
                new SqsUnpublishableRecords(sqsClient(), queueUrl(env.get("UNPUBLISHABLE_QUEUE_URL"))),
                System.out, Clock.systemUTC(),
                TelemetryConfig.from(env, StreamPublisher.SERVICE, StreamPublisher.METRICS_NAMESPACE));
    }

    private static String topicArn(String value) {
        if (value == null || !value.startsWith("arn:")) {
            throw new ConfigurationException("PAYMENTS_TOPIC_ARN", "must be the topic's ARN");
        }
        return value;
    }

    private static String queueUrl(String value) {
        if (value == null || !value.startsWith("https://") && !value.startsWith("http://")) {
            throw new ConfigurationException("UNPUBLISHABLE_QUEUE_URL", "must be the queue's URL");
        }
        return value;
    }

    /** Region and endpoint from Lambda's environment; each attempt cut at 2 s, the call at 5 s. */
    private static SnsClient snsClient() {
        return SnsClient.builder().httpClientBuilder(http()).overrideConfiguration(bounded()).build();
    }

    /** As {@link #snsClient()}: the same bounds for the rare set-aside message. */
    private static SqsClient sqsClient() {
        return SqsClient.builder().httpClientBuilder(http()).overrideConfiguration(bounded()).build();
    }

    private static UrlConnectionHttpClient.Builder http() {
        return UrlConnectionHttpClient.builder().connectionTimeout(Duration.ofSeconds(1)).socketTimeout(Duration.ofSeconds(2));
    }

    private static ClientOverrideConfiguration bounded() {
        return ClientOverrideConfiguration.builder().retryStrategy(RetryMode.STANDARD)
                .apiCallAttemptTimeout(Duration.ofSeconds(2)).apiCallTimeout(Duration.ofSeconds(5)).build();
    }
}
