package com.example.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.ProjectRoot;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The small case of {@code make compat} ({@code make test}): 100 payments through the last
 * release and the working tree side by side, each version's real packages in their own
 * processes, with redeliveries, producer retries, answers lost after the decision and a rollback
 * midway. A change the released version cannot live beside fails it, naming the oracle and the
 * payment (docs/deploy.md, "Two versions side by side", quotes four).
 */
class CompatSmallTest {

    private static final int PAYMENTS = 100;

    @Test
    void theLastReleaseAndTheTree_decideTheSamePaymentsSideBySide_withNoFinding() {
        // GIVEN the last release's packages and the tree's, on one queue, one set of tables, one stream and topic
        Path root = ProjectRoot.find();
        Version released = Version.released(root);
        Version tree = Version.tree(root);

        // WHEN they decide 100 payments with copies of every kind, the released one alone for the middle third
        CompatRun.Result run = CompatRun.run(released, tree, PAYMENTS, Compat.SEED, line -> { });
        List<Violation> violations = CompatOracles.check(run);
        String report = CompatReport.text(run, violations);

        // THEN no oracle found anything: none decided twice, none lost, no false conflict, every
        // record readable by both versions' readers, every decision published once in one shape
        assertEquals(List.of(), violations, report);
        // AND both versions decided payments, and each answered duplicates of the other's decisions (the cross-reads)
        Map<String, String> decidedBy = run.authorizers().values().stream().flatMap(a -> a.results().stream())
                .filter(Outcomes::decided).collect(Collectors.toMap(Outcomes::transactionId, Outcomes::version, (a, b) -> a));
        for (AuthorizerVersion authorizer : run.authorizers().values()) {
            assertTrue(authorizer.counts().get("APPROVED") > 0, authorizer.version() + " approved nothing\n" + report);
            assertTrue(authorizer.results().stream().anyMatch(r -> r.outcome().equals("DUPLICATE")
                    && !authorizer.version().equals(decidedBy.get(r.transactionId()))),
                    authorizer.version() + " answered no duplicate of the other's decisions\n" + report);
        }
        // AND both versions' publishers published, and both versions' readers read every record
        assertEquals(Set.of(released.label(), tree.label()), Set.copyOf(run.publishedBy().values()), report);
        assertEquals(2, run.readings().size());
        run.readings().forEach(reading -> assertEquals(run.tables().records().size(), reading.items(), report));
    }
}
