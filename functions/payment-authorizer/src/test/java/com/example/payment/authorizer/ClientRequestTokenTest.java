package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.producerRetry;
import static com.example.payment.PaymentMessages.purchase;
import static com.example.payment.authorizer.AuthorizerRig.event;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.example.localaws.LocalAws;
import com.example.localaws.invoke.LocalContext;
import com.example.payment.Payment;
import com.example.receiver.lambda.IdempotentReceiver;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * {@code ClientRequestToken} is the SDK's, one per call: DynamoDB treats a second
 * {@code TransactWriteItems} with the same token within 10 minutes as the first one repeated and
 * answers it as succeeded, without checking its conditions ("TransactWriteItems",
 * ClientRequestToken, Amazon DynamoDB API Reference,
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html).
 * Derived from the transaction id, a real duplicate delivered within those 10 minutes would
 * "succeed" and be counted as a new payment. moto ignores the token, so this checks what the
 * function sends rather than what DynamoDB would answer.
 */
class ClientRequestTokenTest extends LocalAwsTest {

    private static final Pattern TOKEN = Pattern.compile("\"ClientRequestToken\"\\s*:\\s*\"([^\"]+)\"");

    ClientRequestTokenTest(LocalAws aws) {
        super(aws);
    }

    @Test
    void twoDeliveriesOfOneTransaction_sendTwoTokens_neitherDerivedFromTheTransactionId() {
        List<String> tokens = new CopyOnWriteArrayList<>();
        ExecutionInterceptor tokenOf = new ExecutionInterceptor() {
            @Override
            public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
                // The SDK fills the token in as it marshals the request: it is in the body sent, not the request object
                if (context.request() instanceof TransactWriteItemsRequest) {
                    String body = context.requestBody().map(RequestBody::contentStreamProvider)
                            .map(ClientRequestTokenTest::text).orElse("");
                    Matcher token = TOKEN.matcher(body);
                    tokens.add(token.find() ? token.group(1) : "none in " + body.length() + " bytes");
                }
            }
        };
        try (DynamoDbClient dynamoDb = aws.dynamoDb(tokenOf);
             IdempotentReceiver<Payment> receiver = PaymentAuthorizer.create(AuthorizerRig.environment(aws, false), dynamoDb,
                     aws::secretString, Clock.systemUTC(), new PrintStream(OutputStream.nullOutputStream()))) {
            new Ledger(dynamoDb).openAccount("ACC-1", 100_000, "EUR");
            PaymentAuthorizerHandler handler = new PaymentAuthorizerHandler(receiver);
            // GIVEN TXN-1 delivered, then its producer's retry a moment later (well within 10 minutes)
            String payment = purchase("TXN-1", "ACC-1", "10.00", "EUR");
            handler.handleRequest(event(payment), new LocalContext("payment-authorizer", Duration.ofSeconds(30)));
            handler.handleRequest(event(producerRetry(payment)), new LocalContext("payment-authorizer", Duration.ofSeconds(30)));
            // THEN each TransactWriteItems carried a token of its own, none naming the transaction
            assertEquals(2, tokens.size(), tokens::toString);
            assertNotEquals(tokens.get(0), tokens.get(1));
            tokens.forEach(token -> assertFalse(token.contains("TXN-1") || token.startsWith("none"), token));
        }
    }

    private static String text(ContentStreamProvider body) {
        try (InputStream in = body.newStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
