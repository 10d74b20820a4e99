package com.example.sim.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.sim.model.DynamoDbModel;
import com.example.sim.model.SqsMessage;
import com.example.sim.model.SqsModel;
import com.example.sim.model.World;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;

/**
 * The models checked against the local AWS on the same traces, as ShardStore checks its reference
 * models (SOSP 2021): the real receiver decides each generated trace once on the local AWS (moto)
 * and once on the models, and both must give the same batch responses, the same items (records,
 * balances, ledger entries, byte for byte) and the same dead letters. What moto cannot show
 * (a redrive's new timestamps, on-demand throttling, TTL's lag) the models cite their AWS pages for.
 * {@code -Dsim.conformance.traces=N} runs more than the 100 of {@code make test}.
 */
@ExtendWith(LocalAwsExtension.class)
class ConformanceTest {

    private static final int TRACES = Integer.getInteger("sim.conformance.traces", 100);

    private final LocalAws aws;

    ConformanceTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void generatedTraces_giveTheSameDecisionsItemsAndDeadLetters_onTheModelsAndTheLocalAws() {
        try (DynamoDbClient local = aws.dynamoDb(); SqsClient sqs = aws.sqs()) {
            for (int t = 0; t < TRACES; t++) {
                ConformanceTrace trace = ConformanceTrace.generate("C" + t + "-", t);
                ConformanceRun.Observed onLocal = onLocalAws(trace, t, local, sqs);
                ConformanceRun.Observed onModels = onModels(trace, t, DynamoDbModel.Flaw.NONE);
                assertTrue(!onLocal.items().isEmpty(), "trace " + t + " wrote nothing");
                int seed = t;
                assertEquals(onLocal, onModels, () -> "trace " + seed + " (seed " + seed + "): the models and the local AWS differ: "
                        + ConformanceRun.difference(onLocal, onModels));
            }
        }
    }

    @Test
    void aModelWhoseTransactionsAreNotAllOrNothing_failsConformance() {
        // GIVEN a model that writes a cancelled transaction's actions whose conditions held
        try (DynamoDbClient local = aws.dynamoDb(); SqsClient sqs = aws.sqs()) {
            List<Integer> differing = new ArrayList<>();
            for (int t = 0; t < TRACES && differing.isEmpty(); t++) {
                ConformanceTrace trace = ConformanceTrace.generate("F" + t + "-", t);
                // WHEN a trace runs on it and on the local AWS
                if (!onLocalAws(trace, t, local, sqs).equals(onModels(trace, t, DynamoDbModel.Flaw.PARTIAL_TRANSACTIONS))) {
                    differing.add(t);
                }
            }
            // THEN conformance tells them apart
            assertTrue(!differing.isEmpty(), "no trace told the flawed model from the local AWS");
        }
    }

    private static ConformanceRun.Observed onLocalAws(ConformanceTrace trace, int t, DynamoDbClient dynamoDb, SqsClient sqs) {
        String queue = sqs.createQueue(request -> request.queueName("sim-conformance-" + trace.prefix().replace("-", "") + t)).queueUrl();
        Function<String, List<String>> letters = url -> {
            List<String> seen = new ArrayList<>();
            for (List<Message> batch = receive(sqs, url); !batch.isEmpty(); batch = receive(sqs, url)) {
                batch.forEach(message -> seen.add(letter(message.messageAttributes().get("source_message_id").stringValue(),
                        message.messageAttributes().get("outcome").stringValue())));
            }
            return seen.stream().sorted().toList();
        };
        return ConformanceRun.run(trace, dynamoDb, sqs, queue, clock(t), letters);
    }

    private static List<Message> receive(SqsClient sqs, String url) {
        return sqs.receiveMessage(request -> request.queueUrl(url).maxNumberOfMessages(10).waitTimeSeconds(0)
                .visibilityTimeout(600).messageAttributeNames("All")).messages();
    }

    private static ConformanceRun.Observed onModels(ConformanceTrace trace, int t, DynamoDbModel.Flaw flaw) {
        Clock clock = clock(t);
        World world = new Still(clock);
        DynamoDbModel dynamoDb = new DynamoDbModel(world, 4_000, flaw);
        dynamoDb.createTable(ConformanceRun.RECORDS, "pk", Optional.empty(), Optional.of("expiresAt"));
        dynamoDb.createTable(ConformanceRun.ACCOUNTS, "pk", Optional.empty(), Optional.empty());
        dynamoDb.createTable(ConformanceRun.LEDGER, "pk", Optional.of("sk"), Optional.empty());
        SqsModel sqs = new SqsModel(world);
        String queue = sqs.createQueue("dlq", 30, 1_209_600).url();
        Function<String, List<String>> letters = url -> sqs.queue(url).orElseThrow().messages().stream()
                .map(ConformanceTest::letter).sorted().toList();
        return ConformanceRun.run(trace, dynamoDb, sqs, queue, clock, letters);
    }

    private static String letter(SqsMessage message) {
        return letter(message.attributes().get("source_message_id")[1], message.attributes().get("outcome")[1]);
    }

    private static String letter(String source, String outcome) {
        return source + " " + outcome;
    }

    private static Clock clock(int t) {
        return Clock.fixed(Instant.parse("2026-03-02T00:00:00Z").plusSeconds(3_600L * t), ZoneOffset.UTC);
    }

    /** The models' world for a trace: its clock, no latency, no faults. */
    private static final class Still implements World {
        private final Clock clock;
        private final SplittableRandom random = new SplittableRandom(0);

        Still(Clock clock) {
            this.clock = clock;
        }

        @Override
        public Instant instant() {
            return clock.instant();
        }

        @Override
        public SplittableRandom random() {
            return random;
        }

        @Override
        public void toService(String service, String operation) {
        }

        @Override
        public void fromService(String service, String operation) {
        }

        @Override
        public Fault fault(String service, String operation) {
            return Fault.NONE;
        }
    }
}
