package com.example.compat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The report {@code make compat} prints: the run, each version's counts, the cross-reads, each oracle's findings. */
final class CompatReport {

    /** Findings of each oracle listed in full up to this many; the rest counted. */
    private static final int LISTED = 5;
    private static final List<String> COLUMNS = List.of("taken", "APPROVED", "DECLINED", "DUPLICATE", "CONFLICT", "REJECTED",
            "RETRY", "DLQ", "lost answers");

    private CompatReport() {
    }

    static String text(CompatRun.Result run, List<Violation> violations) {
        StringBuilder text = new StringBuilder();
        text.append(String.format("two versions side by side: %s and %s, %d unique payments, %d messages sent, %d s%n",
                run.released().label(), run.tree().label(), run.traffic().payments().size(), run.producer().messages(),
                run.took().toSeconds()));
        text.append("phases: ").append(run.phases().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining("; "))).append('\n');
        text.append(String.format("%-8s", "version"));
        COLUMNS.forEach(column -> text.append(String.format(" %10s", column.toLowerCase())));
        text.append('\n');
        run.authorizers().forEach((label, authorizer) -> {
            Map<String, Long> counts = authorizer.counts();
            text.append(String.format("%-8s", label));
            COLUMNS.forEach(column -> text.append(String.format(" %10d", counts.get(column))));
            text.append('\n');
        });
        text.append(crossReads(run)).append('\n');
        text.append(String.format("records: %d; read by each version's receiver and publisher readers: %s%n",
                run.tables().records().size(), run.readings().stream().map(r -> r.version() + " " + (r.items() - r.unreadable().size())
                        + " of " + r.items()).collect(Collectors.joining(", "))));
        Map<String, Long> publishedBy = run.published().stream().collect(Collectors.groupingBy(
                message -> run.publishedBy().getOrDefault(message.transactionId(), "(unknown)"), Collectors.counting()));
        text.append(String.format("published: %d messages on the topic (%s); DLQ: %d messages%n", run.published().size(),
                publishedBy.entrySet().stream().sorted(Map.Entry.comparingByKey()).map(e -> "by " + e.getKey() + " " + e.getValue())
                        .collect(Collectors.joining(", ")), run.deadLetters().size()));
        text.append("oracles:\n");
        for (CompatOracles.Oracle oracle : CompatOracles.Oracle.values()) {
            List<Violation> found = violations.stream().filter(v -> v.oracle() == oracle).toList();
            text.append(String.format("  %-18s %d%n", oracle, found.size()));
            found.stream().limit(LISTED).forEach(violation -> text.append("    ").append(violation).append('\n'));
            if (found.size() > LISTED) {
                text.append(String.format("    ... and %d more%n", found.size() - LISTED));
            }
        }
        text.append(violations.isEmpty() ? "PASS" : "FAIL").append('\n');
        return text.toString();
    }

    /** Duplicates each version answered for payments the other decided: the one reading the other's record or cache entry. */
    private static String crossReads(CompatRun.Result run) {
        Map<String, String> decidedBy = run.authorizers().values().stream().flatMap(a -> a.results().stream())
                .filter(Outcomes::decided).collect(Collectors.toMap(Outcomes::transactionId, Outcomes::version, (a, b) -> a));
        return "cross-reads: " + run.authorizers().values().stream().map(authorizer -> {
            Map<String, Long> bySource = authorizer.results().stream()
                    .filter(r -> r.outcome().equals("DUPLICATE") && decidedBy.containsKey(r.transactionId())
                            && !decidedBy.get(r.transactionId()).equals(r.version()))
                    .collect(Collectors.groupingBy(Outcomes::source, java.util.TreeMap::new, Collectors.counting()));
            return authorizer.version() + " answered " + bySource.values().stream().mapToLong(Long::longValue).sum()
                    + " duplicates of the other's decisions " + bySource;
        }).collect(Collectors.joining("; "));
    }
}
