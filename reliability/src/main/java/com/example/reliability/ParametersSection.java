package com.example.reliability;

/**
 * The report's section on the run's parameters: the traffic, the queue and its event source
 * mapping, the faults' rates, both implementations' clients and settings, how the scenarios ran,
 * and what each column counts.
 */
final class ParametersSection {

    private ParametersSection() {
    }

    static void append(StringBuilder md) {
        md.append("## The run's parameters\n\n");
        md.append("- Traffic per fault scenario: ").append(ReliabilityReport.PAYMENTS).append(" unique purchases of ")
                .append(ScenarioTraffic.AMOUNT_MINOR).append(" minor units (every 20th to an account that does not exist, so declined) + ")
                .append(ReliabilityReport.COPIES).append(" extra deliveries (half the same body again, half producer retries with a new ")
                .append("`headers.message_id`), shuffled: ").append(ReliabilityReport.PAYMENTS + ReliabilityReport.COPIES)
                .append(" messages, ").append(ScenarioTraffic.MAX_ACCOUNTS).append(" accounts. Same seed for both implementations.\n");
        md.append("- Load: ").append(ReliabilityReport.LOAD_PAYMENTS).append(" transactions each delivered 3 times, random order, ")
                .append(ScenarioTraffic.MAX_ACCOUNTS).append(" accounts, ").append(ReliabilityReport.LOAD_POLLERS)
                .append(" pollers (threads), each with its own execution environment.\n");
        md.append("- Queue: standard, visibility timeout ").append(ScenarioRunner.VISIBILITY_SECONDS).append(" s, `maxReceiveCount` ")
                .append(ScenarioRunner.MAX_RECEIVE_COUNT).append(", DLQ; the local SQS event source mapping (`testing/local-aws`), batch size ")
                .append(QueueConsumption.BATCH_SIZE).append(", `ReportBatchItemFailures` semantics.\n");
        md.append("- Crashes: every 3rd invocation for the points met once per batch (after the fast-path check, before the SQS delete), ")
                .append("every 10th message for the points met once per message; at most ").append(ScenarioRunner.MAX_CRASHES)
                .append(" per run. Lost responses: ").append(ReliabilityReport.PAYMENTS / 20).append(", one in every ")
                .append(ScenarioRunner.LOST_RESPONSE_ONE_IN)
                .append(" matching requests (ours: `TransactWriteItems`; baseline: the debit `UpdateItem` on the accounts table), ")
                .append("each costing its client the attempt timeout.\n");
        md.append("- DynamoDB clients of both implementations: standard retry mode (3 attempts), attempt timeout ")
                .append(LocalClients.ATTEMPT_TIMEOUT.toMillis()).append(" ms, through a loopback TCP proxy ")
                .append("(`com.example.localaws.proxy.LoopbackProxy`) in front of the moto launcher. Ours: Redis fast path through ")
                .append("a second proxy, 50 ms timeout, 8 lanes. Baseline: Powertools idempotency ")
                .append("1.15.0, DynamoDB persistence (own table `").append(ScenarioRunner.BASELINE_TABLE).append("`), key ")
                .append("`body.transaction_id`, payload validation over `body`, expiration ")
                .append(com.example.reliability.baseline.PowertoolsAuthorizer.DEFAULT_EXPIRATION.toSeconds()).append(" s, ")
                .append("the SQS pattern of the 1.15 documentation (\"Idempotent annotation on another method\": a per-record ")
                .append("`@Idempotent` method, `Idempotency.registerLambdaContext`; 1.15 has no `powertools-batch`, and its ")
                .append("`powertools-sqs` `@SqsBatch` deletes messages through its own SQS client instead of returning ")
                .append("`batchItemFailures`), failed records reported as batch item failures, ")
                .append("`registerLambdaContext` with a function timeout of ").append(ScenarioRunner.FUNCTION_TIMEOUT.toMillis())
                .append(" ms (visibility / 6, AWS's rule).\n");
        md.append("- Two baseline columns: **Powertools baseline** is 1.15.0 as served; **Powertools as fixed upstream** ")
                .append("is the same receiver with the in-progress expiry claim fixed as upstream fixed it ")
                .append("(aws-powertools/powertools-lambda-java#1281, fixed by #1285 in 1.16: the claim compares ")
                .append("`in_progress_expiration` in milliseconds), applied the way the notifier applies it ")
                .append("(`NotificationRecords`): Powertools as it behaves today. Where 1.15 as served shows a stuck record, ")
                .append("the fixed one frees it when the crashed invocation would have ended, and runs the payment again.\n");
        md.append("- Runs: each scenario on a fresh local AWS of its own (a new moto launcher and Redis node). Ours and the ")
                .append("baselines run in two lanes side by side, one launcher each (the launcher is the busy process; the ")
                .append("baselines share a lane because Powertools keeps its configuration in a process-wide singleton), so every ")
                .append("row's `ms/msg` was measured with another scenario running beside it, on the same two cores.\n");
        md.append("- Command: `make reliability` (not part of `make test`; reduced versions of these scenarios run there as ")
                .append("`ReceiverFaultPointsTest`, `BaselineFaultPointsTest`, `FixedUpstreamFaultPointsTest`, `BaselineExpiryTest`, `DependencyFaultsTest`, `SnsPublishErrorsTest`, `LoadTest`).\n\n");
        md.append("Columns: **double debits** = debits beyond what the input implies (accounts' shortfall / amount); ")
                .append("**lost** = transactions neither decided nor in the DLQ; **stuck** = idempotency records left in progress; ")
                .append("**decisions** = transactions with a final record; **DLQ** = messages in the DLQ; **debits missing** = ")
                .append("payments the input makes approvable whose debit never happened; **ledger** = rows / expected.\n\n");
    }
}
