package com.example.payment.authorizer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.payment.LedgerAttributes;
import com.example.payment.docs.SmokeTest;
import com.example.receiver.lambda.ReceiverMetrics;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.template.Template;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * docs/deploy.md's smoke test, run as the guide says against the local AWS: its account seeded
 * with its {@code put-item} item, its message sent with {@code send-message} as many times as it
 * sends it, Lambda's SQS event source mapping running the real handler (fast path off, as in
 * the dev stack), then what it says follows: the account's attribute, the one ledger row its
 * {@code get-item} reads, and the dashboard's figures. Every value is read from the guide.
 */
class DeployGuideSmokeTest extends LocalAwsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    DeployGuideSmokeTest(LocalAws aws) {
        super(aws);
    }

    @Test
    void smokeTest_approvesThePaymentOnce_andAcknowledgesItsCopyAsDuplicate_asTheGuideSays() throws IOException {
        SmokeTest guide = SmokeTest.ofDeployGuide(aws.root());
        String transactionId = JSON.readTree(guide.messages().get(0)).path("body").path("transaction_id").asText();
        // the function as the template deploys it by default: no fast path, payments older than MaxPaymentAgeSeconds refused
        Map<String, String> env = new HashMap<>(AuthorizerRig.environment(aws, false));
        env.put(ReceiverVariables.MAX_MESSAGE_AGE_SECONDS, Long.toString(Template.read(aws.root().resolve("template.yaml"))
                .requireParameter("MaxPaymentAgeSeconds").defaultNumber()));
        try (AuthorizerRig rig = AuthorizerRig.with(aws, env, Clock.systemUTC()); DynamoDbClient dynamoDb = aws.dynamoDb(); SqsClient sqs = aws.sqs()) {
            // GIVEN the account as the guide's put-item writes it
            dynamoDb.putItem(request -> request.tableName(guide.seed().table()).item(guide.seed().item()));

            // WHEN the guide's messages are sent to a payments queue, and Lambda's event source
            // mapping runs the function until the queue has nothing more to deliver
            String queueUrl = sqs.createQueue(request -> request.queueName(guide.queue() + "-" + UUID.randomUUID().toString()
                    .substring(0, 8))).queueUrl();
            guide.messages().forEach(body -> sqs.sendMessage(request -> request.queueUrl(queueUrl).messageBody(body)));
            drain(new SqsEventSourceMapping(sqs, queueUrl, LocalAws.REGION.id(), 10, Duration.ofSeconds(1), rig::invoke),
                    guide.messages().size());

            // THEN what the guide says follows: the account's attribute as its comment says,
            // the row its get-item reads as the account's one ledger row, the dashboard's figures,
            // and the first copy approved, every other a duplicate
            String logged = guide.where() + ": the function logged " + rig.lines().stream().filter(line -> line.contains("\"outcome\""))
                    .toList();
            Map<String, AttributeValue> account = dynamoDb.getItem(request -> request.tableName(guide.account().table())
                    .key(guide.account().item()).consistentRead(true)).item();
            assertEquals(guide.claim().value(), account.get(guide.claim().attribute()).n(),
                    () -> logged + "; the account's " + guide.claim().attribute() + " is not what the guide's comment says");
            assertTrue(dynamoDb.getItem(request -> request.tableName(guide.ledgerRow().table()).key(guide.ledgerRow().item())
                    .consistentRead(true)).hasItem(), () -> logged + "; the guide's get-item finds no ledger row");
            assertEquals(List.of(guide.ledgerRow().item()), ledgerKeys(rig, guide.ledgerRow().item()),
                    () -> logged + "; the account's ledger rows are not just the one the guide reads");
            SmokeTest.Dashboard dashboard = guide.dashboard();
            assertEquals(List.of(dashboard.received(), dashboard.approved(), dashboard.duplicates()),
                    List.of(rig.metric(ReceiverMetrics.RECEIVED.name()), rig.metric(ReceiverMetrics.APPROVED.name()),
                            rig.metric(ReceiverMetrics.DUPLICATE_STORE.name()) + rig.metric(ReceiverMetrics.DUPLICATE_IN_BATCH.name())),
                    () -> logged + "; received, approved and duplicates (store or same batch) are not the guide's dashboard figures");
            List<String> firstApprovedThenDuplicates = Stream.concat(Stream.of("APPROVED"),
                    Collections.nCopies(guide.messages().size() - 1, "DUPLICATE").stream()).toList();
            assertEquals(firstApprovedThenDuplicates, outcomes(rig, transactionId), logged);
        }
    }

    /** Polls until the messages were received and the queue stays quiet; failures stay in the queue, out of sight. */
    private static void drain(SqsEventSourceMapping mapping, int messages) {
        Instant deadline = Instant.now().plusSeconds(30);
        int received = 0;
        while (Instant.now().isBefore(deadline)) {
            int polled = mapping.pollOnce().received();
            received += polled;
            if (polled == 0 && received >= messages) {
                return;
            }
        }
    }

    /** The keys of the ledger rows of {@code key}'s account, each as {@code key} names its attributes. */
    private static List<Map<String, AttributeValue>> ledgerKeys(AuthorizerRig rig, Map<String, AttributeValue> key) {
        return rig.ledger.entries(key.get(LedgerAttributes.PK).s()).stream()
                .map(row -> row.entrySet().stream().filter(attribute -> key.containsKey(attribute.getKey()))
                        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)))
                .toList();
    }

    /** The outcomes the function logged for {@code transactionId}, in order. */
    private static List<String> outcomes(AuthorizerRig rig, String transactionId) {
        return rig.lines().stream().filter(line -> line.contains("\"txn_id\":\"" + transactionId + "\""))
                .map(line -> line.replaceFirst(".*\"outcome\":\"([A-Z_]+)\".*", "$1")).toList();
    }
}
