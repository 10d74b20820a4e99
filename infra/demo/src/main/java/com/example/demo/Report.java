package com.example.demo;

import com.example.localaws.DynamoDbCallCounter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;

/**
 * What the run did, from the function's own log lines and the tables, checked against what the
 * generated input alone implies: balances, ledger rows and records; one APPROVED decision per
 * approved payment; one DECLINED decision per declined payment plus one per decline re-sent
 * after the TTL; DUPLICATE(LATE) for exactly the approved payments re-sent after the TTL; a
 * DLQ holding exactly the conflicts and poison messages, each sent there at once with its reason
 * (a second copy allowed, left by an injected crash); every decision on the topic; and one
 * notification delivered per approved unique payment.
 */
final class Report {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final StringBuilder text = new StringBuilder();
    private final Map<String, Long> outcomes = new TreeMap<>();
    private boolean passed = true;
    private long ledgerRows;
    private int deadLetters;
    private long balanceTotal;
    private long notificationsDelivered;

    static Report of(Traffic traffic, List<String> functionOutput, DynamoDbCallCounter calls, int crashes, int invocations,
                     Ledger ledger, SqsClient sqs, String dlq, DemoRun.Notifications notifications, Duration took) {
        Report report = new Report();
        report.sent(traffic);
        Set<String> late = report.outcomes(functionOutput, calls, crashes, invocations);
        report.decisions(traffic, late);
        report.balances(traffic, ledger);
        report.deadLetters(traffic, sqs, dlq);
        report.downstream(traffic, notifications);
        report.line("took %ds", took.toSeconds());
        report.line(report.passed ? "RESULT: PASS, every balance, the ledger, the records, the decisions and the notifications match the generated input"
                : "RESULT: FAIL, see the mismatches above");
        return report;
    }

    private void sent(Traffic traffic) {
        Map<String, Long> byKind = new TreeMap<>();
        for (List<Traffic.Delivery> phase : List.of(traffic.phaseOne, traffic.phaseTwo, traffic.phaseThree)) {
            phase.forEach(delivery -> byKind.merge(delivery.kind(), 1L, Long::sum));
        }
        line("== sent: %d messages", traffic.totalMessages());
        byKind.forEach((kind, count) -> line("  %-24s %6d", kind, count));
    }

    /** Counts the outcome lines; returns the transaction ids that came out DUPLICATE(LATE). */
    private Set<String> outcomes(List<String> functionOutput, DynamoDbCallCounter calls, int crashes, int invocations) {
        long received = 0;
        long fastPathUnavailable = 0;
        Set<String> late = new TreeSet<>();
        for (String line : functionOutput) {
            JsonNode node = parse(line);
            if (node == null || node.has("_aws")) {
                continue;
            }
            if (node.has("outcome")) {
                received++;
                String outcome = node.get("outcome").asText();
                String key = outcome.equals("DUPLICATE") ? "DUPLICATE(" + node.path("source").asText() + ")" : outcome;
                outcomes.merge(key, 1L, Long::sum);
                if (key.equals("DUPLICATE(LATE)")) {
                    late.add(node.path("txn_id").asText());
                }
            } else if (node.path("message").asText().startsWith("Fast path unavailable")) {
                fastPathUnavailable++;
            }
        }
        long duplicates = outcomes.entrySet().stream().filter(e -> e.getKey().startsWith("DUPLICATE"))
                .mapToLong(Map.Entry::getValue).sum();
        line("== outcomes (%d deliveries processed in %d invocations; %d injected crashes after commit)",
                received, invocations, crashes);
        outcomes.forEach((outcome, count) -> line("  %-24s %6d", outcome, count));
        line("  duplicate rate           %5.1f %%", 100.0 * duplicates / Math.max(1, received));
        line("  fast-path hit ratio      %5.1f %% of duplicates",
                100.0 * outcomes.getOrDefault("DUPLICATE(FAST_PATH)", 0L) / Math.max(1, duplicates));
        line("  DynamoDB calls/delivery  %7.2f", (double) calls.total() / Math.max(1, received));
        line("  batches without the fast path %d", fastPathUnavailable);
        return late;
    }

    private void decisions(Traffic traffic, Set<String> late) {
        long approved = outcomes.getOrDefault("APPROVED", 0L);
        long declined = outcomes.getOrDefault("DECLINED", 0L);
        int expectedDeclined = traffic.expectedDeclined + traffic.lateDeclined;
        boolean lateHold = late.equals(new TreeSet<>(traffic.lateApproved));
        passed &= approved == traffic.expectedApproved && declined == expectedDeclined && lateHold;
        line("== decisions (expected values computed from the generated input alone)");
        line("  APPROVED decisions       %d (expected %d: one per approved unique payment)", approved, traffic.expectedApproved);
        line("  DECLINED decisions       %d (expected %d: %d declined payments + %d re-sent after the TTL, decided anew)",
                declined, expectedDeclined, traffic.expectedDeclined, traffic.lateDeclined);
        line("  DUPLICATE(LATE) txns     %d (expected %d: the approved payments re-sent after the TTL, stopped by the ledger)%s",
                late.size(), traffic.lateApproved.size(), lateHold ? "" : " MISMATCH");
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
        ledgerRows = ledger.ledgerRows();
        balanceTotal = actual.values().stream().mapToLong(Long::longValue).sum();
        Map<String, Long> records = ledger.recordsByStatus();
        passed &= wrong == 0 && ledgerRows == traffic.expectedApproved
                && records.getOrDefault("APPROVED", 0L) == traffic.expectedApproved
                && records.getOrDefault("DECLINED", 0L) == traffic.expectedDeclined
                && !actual.containsKey(Traffic.UNKNOWN_ACCOUNT);
        line("== balance check (expected values computed from the generated input alone)");
        line("  accounts matching        %d of %d", traffic.expectedBalances.size() - wrong, traffic.expectedBalances.size());
        line("  ledger rows              %d (expected %d: one per approved unique payment)", ledgerRows, traffic.expectedApproved);
        line("  records APPROVED         %d (expected %d)", records.getOrDefault("APPROVED", 0L), traffic.expectedApproved);
        line("  records DECLINED         %d (expected %d: a decline re-decided after the TTL replaces its record)",
                records.getOrDefault("DECLINED", 0L), traffic.expectedDeclined);
    }

    /**
     * The DLQ read as an operator reads it, message attributes included. The function sends each
     * rejected or conflicting message there at once with its {@code outcome} and {@code reason};
     * an injected crash between that send and the acknowledgement makes the redelivery send it
     * again, a second copy naming the same {@code source_message_id}, so messages are counted by
     * their origin. A message without an outcome would have ridden the queue's redrive policy
     * ({@code maxReceiveCount} receives): none is expected.
     */
    private void deadLetters(Traffic traffic, SqsClient sqs, String dlq) {
        List<Message> dead = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            List<Message> got = sqs.receiveMessage(r -> r.queueUrl(dlq).maxNumberOfMessages(10).visibilityTimeout(60)
                    .messageAttributeNames("All")).messages();
            if (got.isEmpty()) {
                break;
            }
            dead.addAll(got);
        }
        deadLetters = dead.size();
        Map<String, Set<String>> originsByOutcome = new TreeMap<>();
        Map<String, Set<String>> originsByReason = new TreeMap<>();
        Map<String, Integer> messagesByReason = new TreeMap<>();
        int withoutReason = 0;
        for (Message message : dead) {
            String outcome = attribute(message, "outcome");
            if (outcome.isEmpty()) {
                withoutReason++;
                continue;
            }
            String origin = attribute(message, "source_message_id");
            String reason = String.format("%-8s %s", outcome, attribute(message, "reason"));
            originsByOutcome.computeIfAbsent(outcome, key -> new TreeSet<>()).add(origin);
            originsByReason.computeIfAbsent(reason, key -> new TreeSet<>()).add(origin);
            messagesByReason.merge(reason, 1, Integer::sum);
        }
        int conflicts = originsByOutcome.getOrDefault("CONFLICT", Set.of()).size();
        int rejected = originsByOutcome.getOrDefault("REJECTED", Set.of()).size();
        line("== DLQ: %d messages, %d conflicts and %d rejected (expected %d conflicts + %d poison, each sent by the function at once)",
                dead.size(), conflicts, rejected, traffic.conflicts, traffic.poison);
        line("  by outcome and reason (the attributes outcome and reason; messages, distinct by source_message_id):");
        originsByReason.forEach((reason, origins) -> line("  %3d %3d  %s", messagesByReason.get(reason), origins.size(), reason));
        line("  second copies                %d (an injected crash between the send and the acknowledgement: harmless, a redrive dead-letters them again)",
                dead.size() - withoutReason - conflicts - rejected);
        line("  without a reason             %d (expected 0: none waited for maxReceiveCount receives)", withoutReason);
        passed &= conflicts == traffic.conflicts && rejected == traffic.poison && withoutReason == 0;
    }

    private static String attribute(Message message, String name) {
        MessageAttributeValue value = message.messageAttributes().get(name);
        return value == null || value.stringValue() == null ? "" : value.stringValue();
    }

    /**
     * The decisions on the topic and the notifications delivered. Each committed record is
     * published once (the publisher never failed here): an approval per approved payment, a
     * decline per declined payment plus one per decline decided anew after the TTL (its record
     * replaced: a MODIFY). The approvals re-sent after the TTL wrote nothing, so nothing more was
     * published for them; the notifier's filter takes approvals only, so the push API must have
     * delivered exactly one notification per approved unique payment.
     */
    private void downstream(Traffic traffic, DemoRun.Notifications notifications) {
        Map<String, Long> byType = new TreeMap<>();
        notifications.published().forEach(event -> byType.merge(event.body().path("event_type").asText(), 1L, Long::sum));
        long authorized = byType.getOrDefault("PaymentAuthorized", 0L);
        long declined = byType.getOrDefault("PaymentDeclined", 0L);
        int expectedDeclines = traffic.expectedDeclined + traffic.lateDeclined;
        long transactions = notifications.published().stream().map(event -> event.transactionId()).distinct().count();
        notificationsDelivered = notifications.delivered();
        boolean held = authorized == traffic.expectedApproved && declined == expectedDeclines
                && transactions == traffic.expectedApproved + traffic.expectedDeclined
                && notificationsDelivered == traffic.expectedApproved
                && notifications.unauthenticated() == 0
                && notifications.deadLetters() == 0 && notifications.streamFailures() == 0;
        passed &= held;
        line("== downstream: the idempotency table's stream -> topic -> notifications queue -> push API");
        line("  PaymentAuthorized events %d (expected %d: one per approved unique payment)", authorized, traffic.expectedApproved);
        line("  PaymentDeclined events   %d (expected %d: %d declined payments + %d decided anew after the TTL)",
                declined, expectedDeclines, traffic.expectedDeclined, traffic.lateDeclined);
        line("  transactions on topic    %d (expected %d: every unique payment decided)", transactions,
                traffic.expectedApproved + traffic.expectedDeclined);
        line("  notifications delivered  %d (expected %d: one per approved unique payment; late approvals wrote nothing)%s",
                notificationsDelivered, traffic.expectedApproved, notificationsDelivered == traffic.expectedApproved ? "" : " MISMATCH");
        line("  push API requests        %d (injected 503s and a late answer were retried under the same Idempotency-Key)",
                notifications.pushRequests());
        line("  refused as unauthentic   %d (expected 0: the push API admits only requests signed with the notifier's key)",
                notifications.unauthenticated());
        line("  notifier DLQ             %d, stream on-failure records %d (expected 0 and 0)",
                notifications.deadLetters(), notifications.streamFailures());
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

    /** Whether every check held. */
    boolean passed() {
        return passed;
    }

    /** Outcome lines by outcome, e.g. {@code DUPLICATE(LATE)}. */
    Map<String, Long> outcomes() {
        return Map.copyOf(outcomes);
    }

    long ledgerRows() {
        return ledgerRows;
    }

    int deadLetters() {
        return deadLetters;
    }

    /** Notifications the push API delivered. */
    long notificationsDelivered() {
        return notificationsDelivered;
    }

    /** The sum of every account's balance, in minor units. */
    long balanceTotal() {
        return balanceTotal;
    }
}
