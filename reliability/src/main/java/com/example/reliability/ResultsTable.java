package com.example.reliability;

import java.util.List;
import java.util.Locale;

/** The report's results table: one row per scenario run, every figure the audit counted. */
final class ResultsTable {

    private ResultsTable() {
    }

    /** The results table of {@code rows}; {@code pointLabels}: the baselines' rows named by their nearest fault point. */
    static void append(StringBuilder md, List<Result> rows, boolean pointLabels) {
        md.append("| fault | implementation | messages | decisions | double debits | lost | stuck | DLQ | debits missing | ledger | crashes / lost responses | ms/msg | drained |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (Result r : rows) {
            Scenario s = r.scenario();
            String label = pointLabels && s.implementation().baseline() && s.fault() instanceof FaultPoint p
                    ? p.baselineLabel() : s.fault().label();
            md.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | **%d** | **%d** | **%d** | %d | %d | %d / %d | %d / %d | %.1f | %s |%n",
                    label, s.implementation().label(), s.messages(), r.decisions(), r.extraDebits(), r.lost(), r.stuck(),
                    r.dlq(), r.missingDebits(), r.ledgerRows(), r.expectedLedgerRows(), r.crashes(), r.droppedResponses(),
                    r.meanMsPerMessage(), r.drained() ? "yes" : "NO"));
        }
    }
}
