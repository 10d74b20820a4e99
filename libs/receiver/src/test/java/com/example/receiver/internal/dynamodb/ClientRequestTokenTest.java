package com.example.receiver.internal.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.receiver.fixtures.SqsEvents;
import com.example.receiver.lambda.SeatReceiver;
import com.example.receiver.seats.Booking;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * {@code ClientRequestToken} is the SDK's, one per call: DynamoDB treats a second
 * {@code TransactWriteItems} with the same token within 10 minutes as the first one repeated and
 * answers it as succeeded, without checking its conditions ("TransactWriteItems",
 * ClientRequestToken, Amazon DynamoDB API Reference,
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html).
 * Derived from the key, a real duplicate delivered within those 10 minutes would "succeed" and be
 * counted as new. moto ignores the token, so this checks what the store sends rather than what
 * DynamoDB would answer.
 */
@ExtendWith(LocalAwsExtension.class)
class ClientRequestTokenTest {

    private static final Pattern TOKEN = Pattern.compile("\"ClientRequestToken\"\\s*:\\s*\"([^\"]+)\"");

    private final LocalAws aws;

    ClientRequestTokenTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void twoDeliveriesOfOneBooking_sendTwoTokens_neitherDerivedFromTheKey() {
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
        String bookingId = "BKG-" + UUID.randomUUID().toString().substring(0, 8);
        try (SeatReceiver receiver = SeatReceiver.on(aws).intercept(tokenOf).build()) {
            // GIVEN a booking delivered, then its producer's retry a moment later (well within 10 minutes)
            String booking = Booking.body(bookingId, "EVT-1", "A1");
            receiver.handle(SqsEvents.of(booking));
            receiver.handle(SqsEvents.of(booking));
            // THEN each TransactWriteItems carried a token of its own, none naming the booking
            assertEquals(2, tokens.size(), tokens::toString);
            assertNotEquals(tokens.get(0), tokens.get(1));
            tokens.forEach(token -> assertFalse(token.contains(bookingId) || token.startsWith("none"), token));
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
