package com.example.contracts;

import com.example.localaws.ProjectRoot;
import com.example.paymenttraffic.Send;
import com.example.paymenttraffic.Traffic;
import com.example.paymenttraffic.TrafficProfile;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Payment messages as the repository's producers write them: every body of the sample SQS events
 * ({@code events/*.json}, poison included), every line of {@code events/payments.jsonl}, the
 * schema's own examples, and the traffic generator's sends of a profile with every kind it draws
 * (new payments, refunds, unknown and poor accounts, redeliveries, producer retries, conflicts,
 * poison).
 */
final class PaymentExamples {

    private static final ObjectMapper JSON = new ObjectMapper();

    private PaymentExamples() {
    }

    static List<String> all(JsonNode schemaDocument) {
        List<String> examples = new ArrayList<>();
        Path root = ProjectRoot.find();
        try (Stream<Path> events = Files.list(root.resolve("events"))) {
            for (Path event : events.filter(file -> file.toString().endsWith(".json")).sorted().toList()) {
                JSON.readTree(Files.readString(event)).path("Records").forEach(record -> examples.add(record.path("body").asText()));
            }
            Files.readAllLines(root.resolve("events/payments.jsonl")).stream().filter(line -> !line.isBlank()).forEach(examples::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        schemaDocument.path("examples").forEach(example -> examples.add(example.toString()));
        TrafficProfile everyKind = TrafficProfile.named("C").richAccounts(5, 1_000_000).poorAccounts(2, 50)
                .payments(60, 100, 20_000).mix(0.1, 0.1, 0.2).copyShares(0.1, 0.1, 0.05, 0.05).copies(15)
                .undecidable(2, 5, Send.Moment.STREAM);
        Traffic.generate(everyKind, 48).sends().forEach(send -> examples.add(send.body()));
        return examples;
    }
}
