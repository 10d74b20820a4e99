package com.example.demo;

import com.example.paymenttraffic.Traffic;
import com.example.paymenttraffic.reference.Decision;
import com.example.paymenttraffic.reference.ReferenceModel;
import com.example.receiver.lambda.DeadLetterAttributes;
import com.example.receiver.testkit.DynamoDbCallCounter;
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
 * reference model (testing/payment-traffic) says the generated input must lead to: balances, ledger rows and records; one APPROVED decision per
 * approved payment; one DECLINED decision per declined payment plus one per decline re-sent
 * after the TTL; DUPLICATE(LATE) for exactly the approved payments re-sent after the TTL; a
 * DLQ holding exactly the conflicts, the poison messages and the payments too old (their reason
 * {@code too old}), each sent there at once with its reason
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
    private long tooOld;
    private long balanceTotal;
    private long notificationsDelivered;

    static Report of(Traffic traffic, ReferenceModel expected, List<String> functionOutput, DynamoDbCallCounter calls, int crashes, int invocations,
                     Ledger ledger, SqsClient sqs, String dlq, DemoRun.Notifications notifications, Duration took) {
        Report report = new Report();
        report.sent(traffic);
        Set<String> late = report.outcomes(functionOutput, calls, crashes, invocations);
        report.decisions(expected, late);
        report.balances(expected, ledger);
        report.deadLetters(expected, sqs, dlq);
        report.downstream(expected, notifications);
        report.line("took %ds", took.toSeconds());
        report.line(report.passed ? "RESULT: PASS, every balance, the ledger, the records, the decisions and the notifications match the reference model"
                : "RESULT: FAIL, see the mismatches above");
        return report;
    }

    private void sent(Traffic traffic) {
        Map<String, Long> byKind = new TreeMap<>();
        traffic.sends().forEach(send -> byKind.merge(send.kind() + " " + send.moment(), 1L, Long::sum));
        line("== sent: %d messages", traffic.sends().size());
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

    private void decisions(ReferenceModel expected, Set<String> late) {
        long approved = outcomes.getOrDefault("APPROVED", 0L);
        long declined = outcomes.getOrDefault("DECLINED", 0L);
        long expectedApproved = expected.count(Decision.Approved.class);
        long expectedDeclined = expected.count(Decision.Declined.class);
        long declinedPayments = expected.recorded(Decision.Declined.class);
        Set<String> expectedLate = new TreeSet<>();
        expected.decisions().forEach(decision -> {
            if (decision instanceof Decision.Duplicate duplicate && duplicate.late()) {
                expectedLate.add(duplicate.operation().transactionId());
            }
        });
        boolean lateHold = late.equals(expectedLate);
        passed &= approved == expectedApproved && declined == expectedDeclined && lateHold;
        line("== decisions (expected values: the reference model, fed the generated input)");
        line("  APPROVED decisions       %d (expected %d: one per approved unique payment)", approved, expectedApproved);
        line("  DECLINED decisions       %d (expected %d: %d declined payments + %d re-sent after the TTL, decided anew)",
                declined, expectedDeclined, declinedPayments, expectedDeclined - declinedPayments);
        line("  DUPLICATE(LATE) txns     %d (expected %d: the approved payments re-sent after the TTL, stopped by the ledger)%s",
                late.size(), expectedLate.size(), lateHold ? "" : " MISMATCH");
    }

    private void balances(ReferenceModel expected, Ledger ledger) {
        Map<String, Long> actual = ledger.balances();
        Map<String, Long> expectedBalances = expected.balances();
        long expectedApproved = expected.recorded(Decision.Approved.class);
        long expectedDeclined = expected.recorded(Decision.Declined.class);
        int wrong = 0;
        for (Map.Entry<String, Long> balance : expectedBalances.entrySet()) {
            Long found = actual.get(balance.getKey());
            if (!balance.getValue().equals(found)) {
                wrong++;
                line("  MISMATCH %s: expected %d, found %s", balance.getKey(), balance.getValue(), found);
            }
        }
        ledgerRows = ledger.ledgerRows();
        balanceTotal = actual.values().stream().mapToLong(Long::longValue).sum();
        Map<String, Long> records = ledger.recordsByStatus();
        passed &= wrong == 0 && actual.keySet().equals(expectedBalances.keySet()) && ledgerRows == expected.ledger().size()
                && records.getOrDefault("APPROVED", 0L) == expectedApproved
                && records.getOrDefault("DECLINED", 0L) == expectedDeclined;
        line("== balance check (expected values: the reference model, fed the generated input)");
        line("  accounts matching        %d of %d (and no other account)", expectedBalances.size() - wrong, expectedBalances.size());
        line("  ledger rows              %d (expected %d: one per approved unique payment)", ledgerRows, expected.ledger().size());
        line("  records APPROVED         %d (expected %d)", records.getOrDefault("APPROVED", 0L), expectedApproved);
        line("  records DECLINED         %d (expected %d: a decline re-decided after the TTL replaces its record)",
                records.getOrDefault("DECLINED", 0L), expectedDeclined);
    }

    /**
     * The DLQ read as an operator reads it, message attributes included. The function sends each
     * rejected or conflicting message there at once with its {@code outcome} and {@code reason};
     * an injected crash between that send and the acknowledgement makes the redelivery send it
     * again, a second copy naming the same {@code source_message_id}, so messages are counted by
     * their origin. A message without an outcome would have ridden the queue's redrive policy
     * ({@code maxReceiveCount} receives): none is expected.
     */
    private void deadLetters(ReferenceModel expected, SqsClient sqs, String dlq) {
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
        long expectedTooOld = expected.decisions().stream()
                .filter(decision -> decision instanceof Decision.Rejected refusal && refusal.tooOld()).count();
        tooOld = originsByReason.entrySet().stream().filter(reason -> reason.getKey().startsWith(
                String.format("%-8s %s:", "REJECTED", DeadLetterAttributes.TOO_OLD))).mapToLong(reason -> reason.getValue().size()).sum();
        line("== DLQ: %d messages, %d conflicts and %d rejected (expected %d conflicts + %d poison + %d too old, each sent by "
                + "the function at once)", dead.size(), conflicts, rejected, expected.count(Decision.Conflict.class),
                expected.count(Decision.Rejected.class) - expectedTooOld, expectedTooOld);
        line("  too old                      %d (expected %d: issued longer ago than MAX_MESSAGE_AGE_SECONDS, never decided)",
                tooOld, expectedTooOld);
        line("  by outcome and reason (the attributes outcome and reason; messages, distinct by source_message_id):");
        originsByReason.forEach((reason, origins) -> line("  %3d %3d  %s", messagesByReason.get(reason), origins.size(), reason));
        line("  second copies                %d (an injected crash between the send and the acknowledgement: harmless, a redrive dead-letters them again)",
                dead.size() - withoutReason - conflicts - rejected);
        line("  without a reason             %d (expected 0: none waited for maxReceiveCount receives)", withoutReason);
        passed &= conflicts == expected.count(Decision.Conflict.class) && rejected == expected.count(Decision.Rejected.class)
                && tooOld == expectedTooOld && withoutReason == 0;
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
    private void downstream(ReferenceModel expected, DemoRun.Notifications notifications) {
        long expectedApproved = expected.count(Decision.Approved.class);
        long expectedDeclines = expected.count(Decision.Declined.class);
        long declinedPayments = expected.recorded(Decision.Declined.class);
        long decidedPayments = expected.records().size();
        Map<String, Long> byType = new TreeMap<>();
        notifications.published().forEach(event -> byType.merge(event.body().path("event_type").asText(), 1L, Long::sum));
        long authorized = byType.getOrDefault("PaymentAuthorized", 0L);
        long declined = byType.getOrDefault("PaymentDeclined", 0L);
        long transactions = notifications.published().stream().map(event -> event.transactionId()).distinct().count();
        notificationsDelivered = notifications.delivered();
        boolean held = authorized == expectedApproved && declined == expectedDeclines
                && transactions == decidedPayments
                && notificationsDelivered == expectedApproved
                && notifications.unauthenticated() == 0
                && notifications.deadLetters() == 0 && notifications.streamFailures() == 0;
        passed &= held;
        line("== downstream: the idempotency table's stream -> topic -> notifications queue -> push API");
        line("  PaymentAuthorized events %d (expected %d: one per approved unique payment)", authorized, expectedApproved);
        line("  PaymentDeclined events   %d (expected %d: %d declined payments + %d decided anew after the TTL)",
                declined, expectedDeclines, declinedPayments, expectedDeclines - declinedPayments);
        line("  transactions on topic    %d (expected %d: every unique payment decided)", transactions, decidedPayments);
        line("  notifications delivered  %d (expected %d: one per approved unique payment; late approvals wrote nothing)%s",
                notificationsDelivered, expectedApproved, notificationsDelivered == expectedApproved ? "" : " MISMATCH");
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

    /** Payments in the DLQ refused as too old, by their origin. */
    long tooOld() {
        return tooOld;
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
