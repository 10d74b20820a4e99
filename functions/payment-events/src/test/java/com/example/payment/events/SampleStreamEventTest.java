package com.example.payment.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsFolder;
import com.example.localaws.LocalAwsExtension;
import com.example.localpayments.downstream.Downstream;
import com.example.localaws.invoke.EnvVarsFile;
import com.example.localaws.invoke.FunctionInvoker;
import com.example.localaws.invoke.Invocation;
import com.example.localaws.invoke.LambdaFunction;
import com.example.localaws.invoke.RuntimeEmulator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code events/payment-events/stream-insert-and-remove.json} invoked the way Lambda runs the
 * publisher: the real handler under the runtime emulator, configured as template.yaml
 * configures it with env.json's values (those of {@code sam local invoke}), publishing to a topic
 * of the local AWS.
 */
@ExtendWith(LocalAwsExtension.class)
class SampleStreamEventTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String FUNCTION = "PaymentEventsFunction";

    private final LocalAws aws;

    SampleStreamEventTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void streamInsertIsPublished_andTheTtlRemovalIsNot() throws Exception {
        aws.resetTables();
        try (Downstream downstream = Downstream.create(aws, Duration.ofSeconds(1));
             FunctionInvoker emulator = RuntimeEmulator.start(function(downstream), aws.root(),
                     LocalAwsFolder.of(aws.root()))) {
            // GIVEN the sample: the INSERT of TXN-VISA-8847291's approval, then a TTL REMOVE
            String event = Files.readString(aws.root().resolve("events/payment-events/stream-insert-and-remove.json"));

            // WHEN Lambda hands it to the function
            Invocation invocation = emulator.invoke(event);

            // THEN the whole batch is done, and the topic carries the approval alone
            assertFalse(invocation.payload().contains("errorType"), invocation.payload());
            assertEquals(0, JSON.readTree(invocation.payload()).path("batchItemFailures").size());
            List<Downstream.Published> published = downstream.published();
            assertEquals(1, published.size());
            JsonNode body = published.get(0).body();
            assertEquals("PaymentAuthorized", body.path("event_type").asText());
            assertEquals("TXN-VISA-8847291", body.path("transaction_id").asText());
            assertEquals("ACC-44821", body.path("account_id").asText());
            assertEquals(12550, body.path("amount_minor").asLong());
            assertEquals("APPROVED", published.get(0).attributes().get("decision"));
        }
    }

    private LambdaFunction function(Downstream downstream) {
        // env.json's values (what sam local invoke gives it), its topic and queue those of the local AWS
        Map<String, String> env = new HashMap<>(EnvVarsFile.read(aws.root()).variables(FUNCTION));
        env.putAll(downstream.publisherEnvironment());
        env.put("AWS_REGION", LocalAws.REGION.id());
        env.put("AWS_ENDPOINT_URL", aws.endpoint().toString());
        return LambdaFunction.fromTemplate(aws.root().resolve("template.yaml"), FUNCTION,
                LambdaFunction.moduleClasspath(aws.root().resolve("functions/payment-events")), env);
    }
}
