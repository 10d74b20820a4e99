package com.example.demo;

import com.example.payment.PaymentParser;
import com.example.receiver.ParseResult;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;

/** What the run did, from the function's own log lines and the tables, checked against the input. */
final class Report {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final StringBuilder text = new StringBuilder();
    private boolean balancesHold = true;

    static Report of(Traffic traffic, String functionOutput, CallCounter calls, int crashes, int invocations,
                     Ledger ledger, SqsClient sqs, String dlq, Duration took) {
        Report report = new Report();
        report.sent(traffic);
        report.outcomes(functionOutput, calls, crashes, invocations);
        report.balances(traffic, ledger);
        report.deadLetters(traffic, sqs, dlq);
        report.line("took %ds", took.toSeconds());
        report.line(report.balancesHold ? "RESULT: PASS, every balance and the ledger match the unique payments"
                : "RESULT: FAIL, see the mismatches above");
        return report;
    }

    private void sent(Traffic traffic) {
        Map<String, Long> byKind = new TreeMap<>();
        traffic.phaseOne.forEach(delivery -> byKind.merge(delivery.kind(), 1L, Long::sum));
        traffic.phaseTwo.forEach(delivery -> byKind.merge(delivery.kind(), 1L, Long::sum));
        line("== sent: %d messages", traffic.totalMessages());
        byKind.forEach((kind, count) -> line("  %-24s %6d", kind, count));
    }

    private void outcomes(String functionOutput, CallCounter calls, int crashes, int invocations) {
        Map<String, Long> byOutcome = new TreeMap<>();
        long received = 0;
        long fastPathUnavailable = 0;
        for (String line : functionOutput.lines().toList()) {
            JsonNode node = parse(line);
            if (node == null || node.has("_aws")) {
                continue;
            }
            if (node.has("outcome")) {
                received++;
                String outcome = node.get("outcome").asText();
                String key = outcome.equals("DUPLICATE") ? "DUPLICATE(" + node.path("source").asText() + ")" : outcome;
                byOutcome.merge(key, 1L, Long::sum);
            } else if (node.path("message").asText().startsWith("Fast path unavailable")) {
                fastPathUnavailable++;
            }
        }
        long duplicates = byOutcome.entrySet().stream().filter(e -> e.getKey().startsWith("DUPLICATE"))
                .mapToLong(Map.Entry::getValue).sum();
        line("== outcomes (%d deliveries processed in %d invocations; %d injected crashes after commit)",
                received, invocations, crashes);
        byOutcome.forEach((outcome, count) -> line("  %-24s %6d", outcome, count));
        line("  duplicate rate           %5.1f %%", 100.0 * duplicates / Math.max(1, received));
        line("  fast-path hit ratio      %5.1f %% of duplicates",
                100.0 * byOutcome.getOrDefault("DUPLICATE(FAST_PATH)", 0L) / Math.max(1, duplicates));
        line("  DynamoDB calls/delivery  %7.2f", (double) calls.total() / Math.max(1, received));
        line("  batches without the fast path %d", fastPathUnavailable);
    }

    private void balances(Traffic traffic, Ledger ledger) {
        Map<String, Long> actual = ledger.balances();
        int wrong = 0;
        for (Map.Entry<String, Long> expected : new TreeMap<>(traffic.expectedBalances).entrySet()) {
            Long balance = actual.get(expected.getKey());
            if (!expected.getValue().equals(balance)) {
                wrong++;
                line("  MISMATCH %s: expected %d, found %s", expected.getKey(), expected.getValue(), balance);
            }
        }
        long rows = ledger.ledgerRows();
        Map<String, Long> records = ledger.recordsByStatus();
        balancesHold = wrong == 0 && rows == traffic.expectedApproved
                && records.getOrDefault("APPROVED", 0L) == traffic.expectedApproved
                && records.getOrDefault("DECLINED", 0L) == traffic.expectedDeclined
                && !actual.containsKey(Traffic.UNKNOWN_ACCOUNT);
        line("== balance check (expected values computed from the generated input alone)");
        line("  accounts matching        %d of %d", traffic.expectedBalances.size() - wrong, traffic.expectedBalances.size());
        line("  ledger rows              %d (expected %d: one per approved unique payment)", rows, traffic.expectedApproved);
        line("  records APPROVED         %d (expected %d)", records.getOrDefault("APPROVED", 0L), traffic.expectedApproved);
        line("  records DECLINED         %d (expected %d)", records.getOrDefault("DECLINED", 0L), traffic.expectedDeclined);
    }

    private void deadLetters(Traffic traffic, SqsClient sqs, String dlq) {
        List<Message> dead = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            List<Message> got = sqs.receiveMessage(r -> r.queueUrl(dlq).maxNumberOfMessages(10).visibilityTimeout(60)).messages();
            if (got.isEmpty()) {
                break;
            }
            dead.addAll(got);
        }
        line("== DLQ: %d messages (expected %d conflicts + %d poison)", dead.size(), traffic.conflicts, traffic.poison);
        PaymentParser parser = new PaymentParser();
        for (Message message : dead) {
            String why = switch (parser.parse(message.body())) {
                case ParseResult.Invalid<?> invalid -> "rejected: " + invalid.field() + " " + invalid.rule();
                case ParseResult.Valid<?> valid -> "conflict: " + valid.command().key()
                        + " was decided for another operation (different fingerprint)";
            };
            line("  %s", why);
        }
        balancesHold &= dead.size() == traffic.conflicts + traffic.poison;
    }

    private static JsonNode parse(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            return null;
        }
    }

    private void line(String format, Object... args) {
        text.append(String.format(format, args)).append('\n');
    }

    String text() {
        return text.toString();
    }

    boolean balancesHold() {
        return balancesHold;
    }
}
