package com.example.compat;

import com.example.localpayments.downstream.Downstream;
import com.example.paymenttraffic.Send;
import com.example.paymenttraffic.reference.Decision;
import com.example.paymenttraffic.reference.ReferenceModel;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The oracles of a side-by-side run, each over values the run read back (tables, queues, the
 * topic, the receivers' result fields), never over log wording:
 * <ul>
 *   <li><b>decided once</b>: at most one approval or decline per payment across both versions,
 *       at most one ledger row per payment, every balance the reference model's;</li>
 *   <li><b>none lost</b>: every payment's record what the reference model decided, every ledger
 *       row it wrote, the queue drained, and the DLQ holding exactly the conflicts, poison and
 *       payments too old;</li>
 *   <li><b>no false conflict</b>: no message but a conflicting one answered CONFLICT (a duplicate
 *       decided by the other version is a DUPLICATE), none answered REJECTED but poison and too old;</li>
 *   <li><b>readable by both</b>: each version's record readers (the receiver's, the publisher's)
 *       read every record;</li>
 *   <li><b>published once</b>: one message on the topic per record, with its decision, and each
 *       version's messages of one event type carrying the same fields.</li>
 * </ul>
 */
final class CompatOracles {

    /** The oracles, in the report's order; each finding names one. */
    enum Oracle {
        DECIDED_ONCE("decided once"), NONE_LOST("none lost"), NO_FALSE_CONFLICT("no false conflict"),
        READABLE_BY_BOTH("readable by both"), PUBLISHED_ONCE("published once");

        private final String label;

        Oracle(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    private static final Set<Send.Kind> DEAD_LETTERED = EnumSet.of(Send.Kind.CONFLICT, Send.Kind.POISON, Send.Kind.TOO_OLD);

    private CompatOracles() {
    }

    static List<Violation> check(CompatRun.Result run) {
        List<Violation> found = new ArrayList<>();
        List<Outcomes> results = run.authorizers().values().stream().flatMap(version -> version.results().stream()).toList();
        decidedOnce(run, results, found);
        noneLost(run, found);
        noFalseConflict(run, results, found);
        readableByBoth(run, found);
        publishedOnce(run, found);
        return found;
    }

    private static void decidedOnce(CompatRun.Result run, List<Outcomes> results, List<Violation> found) {
        Map<String, List<Outcomes>> decided = results.stream().filter(Outcomes::decided)
                .collect(Collectors.groupingBy(Outcomes::transactionId, TreeMap::new, Collectors.toList()));
        decided.forEach((txn, decisions) -> {
            if (decisions.size() > 1) {
                found.add(new Violation(Oracle.DECIDED_ONCE, txn, "decided " + decisions.size() + " times: " + decisions.stream()
                        .map(d -> d.version() + " " + d.outcome()).collect(Collectors.joining(", "))));
            }
        });
        run.tables().ledgerRows().forEach((txn, rows) -> {
            if (rows > 1) {
                found.add(new Violation(Oracle.DECIDED_ONCE, txn, rows + " ledger rows"));
            }
        });
        run.expected().balances().forEach((account, balance) -> {
            Long actual = run.tables().balances().get(account);
            if (actual == null || actual.longValue() != balance) {
                found.add(new Violation(Oracle.DECIDED_ONCE, account, "balance " + actual + ", the reference model's " + balance));
            }
        });
    }

    private static void noneLost(CompatRun.Result run, List<Violation> found) {
        if (!run.drained()) {
            found.add(new Violation(Oracle.NONE_LOST, "payments queue", "not drained: messages left undecided"));
        }
        new TreeMap<>(run.expected().records()).forEach((txn, decision) -> {
            String status = decision instanceof Decision.Approved ? "APPROVED" : "DECLINED";
            String actual = run.tables().records().get(txn);
            if (!status.equals(actual)) {
                found.add(new Violation(Oracle.NONE_LOST, txn, actual == null ? "no record, the reference model's " + status
                        : "record " + actual + ", the reference model's " + status));
            }
        });
        new TreeSet<>(run.expected().ledger().keySet()).forEach(txn -> {
            if (!run.tables().ledgerRows().containsKey(txn)) {
                found.add(new Violation(Oracle.NONE_LOST, txn, "no ledger row: approved by the reference model"));
            }
        });
        Set<String> deadLetters = new HashSet<>(run.deadLetters());
        for (String body : deadLetters) {
            Send sent = run.producer().byBody(body).orElse(null);
            if (sent == null || !DEAD_LETTERED.contains(sent.kind())) {
                found.add(new Violation(Oracle.NONE_LOST, sent == null ? "(unknown message)" : sent.key(),
                        "in the DLQ: a " + (sent == null ? "message never sent" : sent.kind() + " message, a good payment")));
            }
        }
        for (Send sent : run.traffic().sends()) {
            if (DEAD_LETTERED.contains(sent.kind()) && run.deadLetters().stream()
                    .noneMatch(body -> run.producer().byBody(body).filter(sent::equals).isPresent())) {
                found.add(new Violation(Oracle.NONE_LOST, sent.key(), "its " + sent.kind() + " message is not in the DLQ"));
            }
        }
    }

    private static void noFalseConflict(CompatRun.Result run, List<Outcomes> results, List<Violation> found) {
        Map<String, String> decidedBy = new HashMap<>();
        results.stream().filter(Outcomes::decided).forEach(result -> decidedBy.putIfAbsent(result.transactionId(), result.version()));
        for (Outcomes result : results) {
            if (!result.outcome().equals("CONFLICT") && !result.outcome().equals("REJECTED")) {
                continue;
            }
            Send sent = run.producer().byMessageId(result.messageId()).orElse(null);
            boolean expected = sent != null && (result.outcome().equals("CONFLICT") ? sent.kind() == Send.Kind.CONFLICT
                    : sent.kind() == Send.Kind.POISON || sent.kind() == Send.Kind.TOO_OLD);
            if (!expected) {
                String subject = !result.transactionId().isEmpty() ? result.transactionId()
                        : sent != null ? sent.key() : "message " + result.messageId();
                found.add(new Violation(Oracle.NO_FALSE_CONFLICT, subject,
                        result.version() + " answered " + result.outcome() + " to a " + (sent == null ? "message never sent" : sent.kind())
                                + " message of a payment " + decidedBy.getOrDefault(result.transactionId(), "no version") + " decided"));
            }
        }
    }

    private static void readableByBoth(CompatRun.Result run, List<Violation> found) {
        for (RecordReaders.Reading reading : run.readings()) {
            if (reading.items() != run.tables().records().size()) {
                found.add(new Violation(Oracle.READABLE_BY_BOTH, "IdempotencyTable", reading.version() + " read " + reading.items()
                        + " items of " + run.tables().records().size()));
            }
            for (RecordReaders.Unreadable unreadable : reading.unreadable()) {
                found.add(new Violation(Oracle.READABLE_BY_BOTH, unreadable.pk(), reading.version() + "'s " + unreadable.reader()
                        + " cannot read it: " + unreadable.why()));
            }
        }
    }

    private static void publishedOnce(CompatRun.Result run, List<Violation> found) {
        Map<String, List<Downstream.Published>> byTxn = run.published().stream()
                .collect(Collectors.groupingBy(Downstream.Published::transactionId, TreeMap::new, Collectors.toList()));
        run.tables().records().forEach((txn, status) -> {
            List<Downstream.Published> messages = byTxn.getOrDefault(txn, List.of());
            if (messages.size() != 1) {
                found.add(new Violation(Oracle.PUBLISHED_ONCE, txn, "published " + messages.size() + " times"));
            } else if (!status.equals(messages.get(0).attributes().get("decision"))) {
                found.add(new Violation(Oracle.PUBLISHED_ONCE, txn, "published as " + messages.get(0).attributes().get("decision")
                        + ", recorded " + status));
            }
        });
        byTxn.keySet().stream().filter(txn -> !run.tables().records().containsKey(txn))
                .forEach(txn -> found.add(new Violation(Oracle.PUBLISHED_ONCE, txn, "published without a record")));
        sameFields(run, found);
    }

    /**
     * Per event type, the fields (name and JSON type) of every version's messages must be the
     * released version's: a subscriber of either reads both. A difference names the fields each
     * side lacks, and a payment of each.
     */
    private static void sameFields(CompatRun.Result run, List<Violation> found) {
        Map<String, Map<String, Map<Set<String>, String>>> shapes = new TreeMap<>();
        for (Downstream.Published message : run.published()) {
            String version = run.publishedBy().getOrDefault(message.transactionId(), "(unknown)");
            shapes.computeIfAbsent(message.body().path("event_type").asText(), type -> new TreeMap<>())
                    .computeIfAbsent(version, v -> new HashMap<>())
                    .putIfAbsent(fields(message.body()), message.transactionId());
        }
        String released = run.released().label();
        shapes.forEach((type, byVersion) -> byVersion.forEach((version, byShape) -> byShape.forEach((shape, txn) -> {
            Map<Set<String>, String> reference = byVersion.getOrDefault(released, Map.of());
            if (reference.isEmpty() || reference.containsKey(shape)) {
                return;
            }
            Map.Entry<Set<String>, String> expected = reference.entrySet().iterator().next();
            Set<String> lacks = new TreeSet<>(expected.getKey());
            lacks.removeAll(shape);
            Set<String> adds = new TreeSet<>(shape);
            adds.removeAll(expected.getKey());
            found.add(new Violation(Oracle.PUBLISHED_ONCE, txn, String.format("%s's %s message lacks %s and adds %s against %s's (%s)",
                    version, type, lacks, adds, released, expected.getValue())));
        })));
    }

    private static Set<String> fields(JsonNode body) {
        Set<String> fields = new TreeSet<>();
        body.properties().forEach(field -> fields.add(field.getKey() + ":" + field.getValue().getNodeType()));
        return fields;
    }
}
