package com.example.bench.endtoend;

import com.example.bench.cost.FunctionSettings;
import com.example.bench.cost.TrafficMix;
import com.example.bench.report.SectionFile;
import java.time.Duration;
import java.util.Locale;

/** How {@link CostRun} measured its figures: the paragraph under the cost section's title. */
final class CostMethod {

    private CostMethod() {
    }

    /**
     * @param hotPayments the payments the traffic drew on the hot account
     * @param accounts    the accounts the other payments go to in turn
     */
    static String text(TrafficMix mix, long hotPayments, int accounts, FunctionSettings authorizer, FunctionSettings publisher,
                       Duration took) {
        return String.format(Locale.ROOT, "Measured, not typed in: for each implementation the one traffic generator's "
                        + "%d distinct payments of 2.50 EUR (%d drawn on the hot account, the rest in turn over %d accounts) "
                        + "and %d copies of them (in turn the same body again and a producer's retry under a new message id, "
                        + "each at a drawn place in the stream) are sent to an SQS queue of the local AWS one SendMessage each "
                        + "and drained by the project's SQS event source mapping (batches of %d, a ReceiveMessage and a "
                        + "DeleteMessageBatch each; receives that found the queue empty are left out) into the real receiver, "
                        + "behind the latency benchmark's loopback proxies (about 5 ms per DynamoDB call, 1 ms per Redis round "
                        + "trip). Counted: SQS and SNS requests by SDK interceptors, DynamoDB calls and request units from item "
                        + "sizes (`WriteUnits`, `ReadUnits`: 2 per KB per item in a transaction, 1 per KB otherwise, a strongly "
                        + "consistent read 1 per 4 KB), Redis commands and bytes from the node's own counters (ECPUs: 1 per KB "
                        + "transferred, at least 1 per command), each invocation's wall time rounded up to the ms, at "
                        + "template.yaml's MemorySize (authorizer %d MB %s, publisher %d MB %s). Behind ours, the idempotency "
                        + "table's stream drained into the publisher after the run, so its batches are as full as its "
                        + "BatchSize (%d) allows: at a low rate Lambda invokes it more often, with fewer records. Each run is "
                        + "judged by the generator's reference model: balances, ledger rows, idempotency records and (ours) "
                        + "every decision. Durations are this machine's, under the local AWS (which serialises DynamoDB "
                        + "requests), not Lambda's CPU share at that memory; the counts are exact. Whole run: %d s; load "
                        + "average at its end %s.",
                mix.payments(), hotPayments, accounts, mix.duplicates(), mix.batchSize(), authorizer.memoryMb(),
                authorizer.architecture(), publisher.memoryMb(), publisher.architecture(), publisher.batchSize(),
                took.toSeconds(), SectionFile.loadAverage());
    }
}
