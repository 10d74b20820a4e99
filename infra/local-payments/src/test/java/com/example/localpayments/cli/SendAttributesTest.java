package com.example.localpayments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.localaws.mapping.SqsEventJson;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.sqs.SqsClient;

/** {@code make send ATTRIBUTES=...}: the attributes travel with each message into the function's SQS event. */
@ExtendWith(LocalAwsExtension.class)
class SendAttributesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final LocalAws aws;

    SendAttributesTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void attributesGivenToMakeSend_reachTheEventTheLocalMappingBuilds() throws Exception {
        try (SqsClient sqs = aws.sqs()) {
            // GIVEN a message sent as make send sends it, with ATTRIBUTES=source=payment-network-gateway,channel=pos
            String queueUrl = sqs.createQueue(r -> r.queueName("send-" + UUID.randomUUID().toString().substring(0, 8))).queueUrl();
            sqs.sendMessage(r -> r.queueUrl(queueUrl).messageBody("{\"a\":1}")
                    .messageAttributes(Send.attributes("source=payment-network-gateway, channel=pos")));
            // WHEN the local SQS mapping delivers it
            List<String> events = new ArrayList<>();
            new SqsEventSourceMapping(sqs, queueUrl, LocalAws.REGION.id(), 10, Duration.ZERO, event -> {
                events.add(SqsEventJson.event(event));
                return new SQSBatchResponse(List.of());
            }).pollOnce();
            // THEN the function's event carries both, as String attributes
            JsonNode attributes = JSON.readTree(events.get(0)).path("Records").get(0).path("messageAttributes");
            assertEquals("payment-network-gateway", attributes.path("source").path("stringValue").asText());
            assertEquals("pos", attributes.path("channel").path("stringValue").asText());
            assertEquals("String", attributes.path("channel").path("dataType").asText());
        }
    }

    @Test
    void anAttributeThatIsNotNameEqualsValue_isRefused_namingIt() {
        CliException refused = assertThrows(CliException.class, () -> Send.attributes("source=gateway,channel"));
        assertEquals("--attributes must be name=value pairs separated by commas, got: channel", refused.getMessage());
    }
}
