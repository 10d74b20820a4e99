package com.example.bench.cold;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.payment.authorizer.PaymentAuthorizerHandler;
import java.time.Clock;
import java.time.Duration;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.crt.AwsCrtHttpClient;

/**
 * The payment authorizer on another SDK HTTP client, named by {@value #CLIENT} ({@code aws-crt}
 * or {@code apache}), with the production client's timeouts; everything else is the production
 * composition. Benchmark only: the production function has no such switch.
 */
public final class HttpClientChoiceHandler implements RequestHandler<SQSEvent, SQSBatchResponse> {

    static final String CLIENT = "BENCH_HTTP_CLIENT";

    private final PaymentAuthorizerHandler handler;

    public HttpClientChoiceHandler() {
        this.handler = new PaymentAuthorizerHandler(PaymentAuthorizer.create(System.getenv(),
                PaymentAuthorizer.dynamoDbClient(httpClient(System.getenv(CLIENT))), Clock.systemUTC(), System.out));
    }

    private static SdkHttpClient.Builder<?> httpClient(String name) {
        return switch (String.valueOf(name)) {
            // Its TLS is native: told to read the JVM's trust store properties, which name the local CA
            // on the local AWS (in Lambda, unset: the default trust).
            case "aws-crt" -> AwsCrtHttpClient.builder()
                    .connectionTimeout(Duration.ofSeconds(1))
                    .useTrustStoreSystemProperties(true);
            case "apache" -> ApacheHttpClient.builder()
                    .connectionTimeout(Duration.ofSeconds(1))
                    .socketTimeout(Duration.ofSeconds(2));
            default -> throw new IllegalArgumentException(CLIENT + " must be aws-crt or apache, not " + name);
        };
    }

    @Override
    public SQSBatchResponse handleRequest(SQSEvent event, Context context) {
        return handler.handleRequest(event, context);
    }
}
