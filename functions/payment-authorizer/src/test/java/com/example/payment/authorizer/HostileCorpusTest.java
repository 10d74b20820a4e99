package com.example.payment.authorizer;

import static com.example.payment.authorizer.AuthorizerRig.event;
import static com.example.payment.authorizer.AuthorizerRig.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.LocalAws;
import com.example.payment.HostileCorpus;
import com.example.payment.LedgerAttributes;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The whole hostile corpus through the real handler against the local AWS, ten messages per
 * invocation as the event source mapping would deliver them, mixed with the valid-but-odd ones.
 */
class HostileCorpusTest extends LocalAwsTest {

    private static final int BATCH_SIZE = 10;
    private static final ObjectMapper JSON = new ObjectMapper();

    HostileCorpusTest(LocalAws aws) {
        super(aws);
    }

    @Test
    void everyHostileMessage_endsAsExpected_failsAloneInItsBatch_writesNothing_andIsLoggedWithoutItsValues() {
        List<HostileCorpus.Case> cases = HostileCorpus.cases();
        Map<String, HostileCorpus.Case> caseOfDelivery = new HashMap<>();
        try (AuthorizerRig rig = AuthorizerRig.withFastPath(aws); DynamoDbClient reader = aws.dynamoDb()) {
            // GIVEN the corpus's accounts
            HostileCorpus.accounts().forEach(account ->
                    rig.ledger.openAccount(account.id(), account.balanceMinor(), account.currency()));

            // WHEN the corpus is delivered in batches of ten
            for (int from = 0; from < cases.size(); from += BATCH_SIZE) {
                List<HostileCorpus.Case> batch = cases.subList(from, Math.min(from + BATCH_SIZE, cases.size()));
                SQSEvent event = event(batch.stream().map(HostileCorpus.Case::message).toArray(String[]::new));
                List<String> expectedFailures = new ArrayList<>();
                for (int i = 0; i < batch.size(); i++) {
                    String messageId = event.getRecords().get(i).getMessageId();
                    caseOfDelivery.put(messageId, batch.get(i));
                    if (batch.get(i).expected().rejected()) {
                        expectedFailures.add(messageId);
                    }
                }
                SQSBatchResponse response = rig.invoke(event);
                // THEN the batch response lists exactly its rejected messages, in order
                assertEquals(expectedFailures, failures(response),
                        "failures of the batch " + batch.stream().map(HostileCorpus.Case::name).toList());
            }

            // THEN every message has exactly one log line, with its expected outcome, and no value of it
            Map<String, JsonNode> logOf = logLinesByMessageId(rig.lines(), caseOfDelivery.size());
            caseOfDelivery.forEach((messageId, c) -> assertLogged(c, logOf.get(messageId)));

            // THEN the stores hold exactly what the approved and declined messages imply
            Set<String> decided = txnsWith(cases, Set.of("APPROVED", "DECLINED"));
            assertEquals(decided, recordedTxns(reader), "idempotency records: none for a rejected message");
            assertEquals(txnsWith(cases, Set.of("APPROVED")), ledgerTxns(reader), "ledger rows: none for a rejected message");
            for (HostileCorpus.Case c : cases) {
                if (c.expected().outcome().equals("DECLINED")) {
                    assertEquals(c.expected().reason().orElseThrow(),
                            rig.ledger.record(c.txn()).orElseThrow().get("reason").s(), c.name());
                }
            }
            for (HostileCorpus.Account account : HostileCorpus.accounts()) {
                long change = cases.stream()
                        .filter(c -> c.expected().outcome().equals("APPROVED"))
                        .filter(c -> c.expected().account().orElseThrow().equals(account.id()))
                        .mapToLong(c -> c.expected().changeMinor())
                        .sum();
                assertEquals(account.balanceMinor() + change, rig.ledger.balance(account.id()), account.id());
            }
            for (HostileCorpus.Case c : cases) {
                c.expected().storedMerchant().ifPresent(merchant -> assertEquals(merchant,
                        ledgerEntry(rig, c).get(LedgerAttributes.MERCHANT).s(), c.name() + ": stored verbatim"));
            }
        }
    }

    /** Every output line is one JSON object (nothing forged a line); one log line per message. */
    private static Map<String, JsonNode> logLinesByMessageId(List<String> lines, int messages) {
        Map<String, JsonNode> byMessage = new HashMap<>();
        for (String line : lines) {
            JsonNode json;
            try {
                json = JSON.readTree(line);
            } catch (JsonProcessingException e) {
                return fail("an output line is not JSON: " + line);
            }
            assertTrue(json.isObject(), line);
            if (json.has("_aws") || !json.has("message_id")) {
                continue;
            }
            JsonNode previous = byMessage.put(json.get("message_id").textValue(), json);
            assertEquals(null, previous, "two log lines for one message: " + line);
        }
        assertEquals(messages, byMessage.size(), "one log line per message");
        return byMessage;
    }

    private static void assertLogged(HostileCorpus.Case c, JsonNode line) {
        HostileCorpus.Expected expected = c.expected();
        assertEquals(expected.outcome(), line.get("outcome").textValue(), c.name() + ": " + line);
        switch (expected.outcome()) {
            case "REJECTED" -> {
                assertEquals(expected.field().orElseThrow(), line.get("field").textValue(), c.name());
                assertTrue(expected.ruleMatches(line.get("rule").textValue()), c.name() + ": " + line);
                assertEquals("WARN", line.get("level").textValue(), c.name());
            }
            case "DECLINED" -> assertEquals(expected.reason().orElseThrow(), line.get("reason").textValue(), c.name());
            case "APPROVED" -> assertEquals(c.txn(), line.get("txn_id").textValue(), c.name());
            default -> fail("no such outcome in the corpus: " + expected.outcome());
        }
        String text = line.toString();
        for (String secret : c.secrets()) {
            if (!expected.rejected() && c.txn().contains(secret)) {
                continue;
            }
            assertFalse(text.contains(secret), c.name() + ": the log line echoes a value of the message: " + text);
            assertFalse(text.contains(escaped(secret)), c.name() + ": the log line echoes a value of the message: " + text);
        }
    }

    private static String escaped(String text) {
        try {
            String quoted = JSON.writeValueAsString(text);
            return quoted.substring(1, quoted.length() - 1);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Set<String> txnsWith(List<HostileCorpus.Case> cases, Set<String> outcomes) {
        return cases.stream()
                .filter(c -> outcomes.contains(c.expected().outcome()))
                .map(HostileCorpus.Case::txn)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> recordedTxns(DynamoDbClient dynamoDb) {
        return dynamoDb.scanPaginator(request -> request.tableName(Ledger.RECORDS).consistentRead(true)).items().stream()
                .map(item -> item.get("pk").s())
                .map(pk -> pk.substring("PAYMENT#".length()))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> ledgerTxns(DynamoDbClient dynamoDb) {
        return dynamoDb.scanPaginator(request -> request.tableName(Ledger.LEDGER).consistentRead(true)).items().stream()
                .map(item -> item.get(LedgerAttributes.SK).s())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Map<String, AttributeValue> ledgerEntry(AuthorizerRig rig, HostileCorpus.Case c) {
        return rig.ledger.entries(c.expected().account().orElseThrow()).stream()
                .filter(entry -> entry.get(LedgerAttributes.SK).s().equals(c.txn()))
                .findFirst()
                .orElseThrow(() -> new AssertionError(c.name() + ": no ledger row"));
    }
}
