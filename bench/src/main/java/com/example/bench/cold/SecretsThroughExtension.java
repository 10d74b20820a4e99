package com.example.bench.cold;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.payment.authorizer.PaymentAuthorizerHandler;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Objects;

/**
 * Benchmark only: the payment authorizer, built by its handler's injecting constructor, reading its keys through the AWS Parameters and Secrets Lambda Extension's local HTTP
 * API instead of its own Secrets Manager client, so that its init builds no Secrets Manager client
 * and makes no TLS handshake of its own: {@code GET http://localhost:<port>/secretsmanager/get?secretId=<id>}
 * with the header {@code X-Aws-Parameters-Secrets-Token} set to {@code AWS_SESSION_TOKEN}, the port
 * from {@code PARAMETERS_SECRETS_EXTENSION_HTTP_PORT} (default 2773), the answer GetSecretValue's
 * JSON (https://docs.aws.amazon.com/secretsmanager/latest/userguide/retrieving-secrets_lambda.html).
 * The init reads in sequence, on the main thread. The production function has no such switch: the
 * cold-start benchmark measures this against it ({@code ColdStartBench}, variant {@code extension}).
 */
public final class SecretsThroughExtension implements RequestHandler<SQSEvent, SQSBatchResponse> {

    /** The extension's port variable (its default: 2773). */
    public static final String PORT = "PARAMETERS_SECRETS_EXTENSION_HTTP_PORT";
    /** The header the extension requires, holding the function's session token. */
    public static final String TOKEN_HEADER = "X-Aws-Parameters-Secrets-Token";

    private final PaymentAuthorizerHandler handler = new PaymentAuthorizerHandler(
            FunctionLog.librariesLogAs(PaymentAuthorizer.SERVICE, System.getenv()), PaymentAuthorizer.dynamoDbClient(),
            SecretsThroughExtension::secretString, PaymentAuthorizer::sqsClient, Clock.systemUTC(), System.out,
            new SecureRandom());

    private static String secretString(String secretId) {
        String port = Objects.requireNonNullElse(System.getenv(PORT), "2773");
        try {
            HttpURLConnection call = (HttpURLConnection) URI.create("http://localhost:" + port + "/secretsmanager/get?secretId="
                    + URLEncoder.encode(secretId, StandardCharsets.UTF_8)).toURL().openConnection();
            call.setConnectTimeout(1000);
            call.setReadTimeout(2000);
            call.setRequestProperty(TOKEN_HEADER, Objects.requireNonNullElse(System.getenv("AWS_SESSION_TOKEN"), ""));
            if (call.getResponseCode() != HttpURLConnection.HTTP_OK) {
                throw new IllegalStateException("the extension answered " + call.getResponseCode());
            }
            try (InputStream body = call.getInputStream(); JsonParser json = new JsonFactory().createParser(body)) {
                json.nextToken();
                while (json.nextToken() == JsonToken.FIELD_NAME) {
                    String field = json.currentName();
                    json.nextToken();
                    if (field.equals("SecretString")) {
                        return json.getText();
                    }
                    json.skipChildren();
                }
                return null;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the secret through the extension", e);
        }
    }

    @Override
    public SQSBatchResponse handleRequest(SQSEvent event, Context context) {
        return handler.handleRequest(event, context);
    }
}
