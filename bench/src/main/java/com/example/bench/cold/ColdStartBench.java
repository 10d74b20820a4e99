package com.example.bench.cold;

import com.example.bench.judge.EndTables;
import com.example.bench.judge.ReferenceJudge;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localpayments.Accounts;
import com.example.localaws.LocalAws;
import com.example.localpayments.ReceiverEnvironment;
import com.example.localaws.invoke.Invocation;
import com.example.localaws.invoke.LambdaFunction;
import com.example.localaws.invoke.RuntimeEmulator;
import com.example.payment.PaymentTables;
import com.example.paymenttraffic.Account;
import com.example.reliability.ScenarioRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * {@code make bench-cold}: cold starts of the payment authorizer under the Lambda runtime
 * emulator against the local AWS, ours against the Powertools baseline and ours in variants,
 * each a fresh runtime JVM given a first batch of 10 new payments on 10 accounts. Every batch is
 * fed to the one reference model, and after each cold start the accounts' balances, the ledger rows
 * and the records every run left are judged by it ({@link ReferenceJudge}): a variant that decides
 * wrongly fails the bench, however fast it started. Runs are
 * interleaved (one of each variant, then again) so that the shared machine's noise spreads
 * over all of them. Writes {@code bench/target/sections/40-cold-start.md} and
 * {@code 50-memory.md} with their JSON.
 *
 * <p>Arguments: {@code [runs of ours and the baseline (10)] [runs of each other variant (10)]}.
 */
public final class ColdStartBench {

    static final String FUNCTION = "PaymentAuthorizerFunction";
    static final int BATCH = 10;
    static final int MEMORY_MB = 512;
    /** Every JVM sized as in a 512 MB function: Lambda's JVM sees its memory limit as the machine's. */
    static final String JVM_BASE = "-XX:MaxRAM=" + MEMORY_MB + "m";
    /**
     * The one core every runtime JVM (through its emulator) is pinned to, all variants alike: a
     * 512 MB function gets about a third of a vCPU, so the JVM there sees one processor, and work
     * it starts in parallel overlaps waits, never CPU
     * (https://docs.aws.amazon.com/lambda/latest/dg/configuration-memory.html).
     */
    static final int CORE = Runtime.getRuntime().availableProcessors() - 1;

    private final LocalAws aws;
    private final Path root;
    private final Path work;
    private final Path javaHome = Path.of(System.getProperty("java.home"));
    private final SecretsExtensionStandIn extension;
    private final FirstBatches batches = new FirstBatches();
    private final ReferenceJudge judge = new ReferenceJudge(accounts());
    private int judged;

    private ColdStartBench(LocalAws aws, SecretsExtensionStandIn extension) {
        this.aws = aws;
        this.extension = extension;
        this.root = aws.root();
        this.work = root.resolve("bench/target/cold");
    }

    public static void main(String[] args) throws IOException {
        int mainRuns = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int variantRuns = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        // A local AWS of its own: the variants run as the authorizer, and their calls must not read as
        // the function's in the recording make rehearse checks (target/local-aws/calls.jsonl).
        try (LocalAws aws = LocalAws.start("bench-cold");
             SecretsExtensionStandIn extension = new SecretsExtensionStandIn(aws.secretsManager())) {
            new ColdStartBench(aws, extension).run(mainRuns, variantRuns);
        }
    }

    private void run(int mainRuns, int variantRuns) throws IOException {
        long started = System.nanoTime();
        deleteRecursively(work);
        prepareTables();
        List<Variant> variants = new ColdStartVariants(root, extension.port(), this::trainAppCds).of(mainRuns, variantRuns);
        Map<String, List<ColdStart>> samples = new LinkedHashMap<>();
        variants.forEach(variant -> samples.put(variant.name(), new ArrayList<>()));
        int rounds = variants.stream().mapToInt(Variant::runs).max().orElseThrow();
        for (int round = 0; round < rounds; round++) {
            for (Variant variant : variants) {
                if (round < variant.runs()) {
                    ColdStart sample = coldStart(variant, round, round == 0);
                    samples.get(variant.name()).add(sample);
                    System.err.printf("cold start %-16s #%d: init %6.0f ms, first invoke %6.0f ms, peak RSS %d MiB%n",
                            variant.name(), round + 1, sample.initMs(), sample.firstInvokeMs(), sample.peakRssKib() / 1024);
                    judge("cold start " + variant.name() + " #" + (round + 1));
                }
            }
        }
        System.err.printf("cold start: the %d payments sent left the balances, ledger rows and records the reference"
                + " model says, judged after each cold start%n", judged);
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        ColdStartSections sections = new ColdStartSections(variants, samples, took, javaHome, aws.endpoint().getScheme());
        sections.write(root.resolve("bench/target/sections"));
        System.out.println(sections.goals());
    }

    /**
     * A dynamic AppCDS archive of ours after one batch: the classes of init and of the request
     * path, dumped by jcmd from the live runtime (it never exits on its own under the emulator).
     */
    private Path trainAppCds(List<Path> classpath, String handler) {
        Path archive = work.resolve("ours-appcds.jsa");
        try {
            Files.deleteIfExists(archive);
            Files.createDirectories(work);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Variant training = new Variant("appcds-training", "training", handler, classpath,
                JVM_BASE + " -XX:+RecordDynamicDumpInfo", "", Map.of(), 1);
        try (RuntimeEmulator emulator = RuntimeEmulator.start(function(training), root, runDir(training, 0))) {
            RuntimeProcess.emulator().pinToCore(CORE);
            invoke(emulator, training, batches.next(training, 0));
            RuntimeProcess.underTheEmulator().dumpDynamicArchive(javaHome, archive);
        }
        return archive;
    }

    private ColdStart coldStart(Variant variant, int round, boolean measureHeap) {
        Path dir = runDir(variant, round);
        LambdaFunction function = function(variant);
        FirstBatches.Batch first = batches.next(variant, round);
        try (RuntimeEmulator emulator = RuntimeEmulator.start(function, root, dir)) {
            RuntimeProcess.emulator().pinToCore(CORE);
            long sent = System.nanoTime();
            Invocation invocation = invoke(emulator, variant, first);
            double wallMs = (System.nanoTime() - sent) / 1e6;
            RuntimeProcess runtime = RuntimeProcess.underTheEmulator();
            long peak = runtime.peakRssKib();
            Invocation warm = invoke(emulator, variant, batches.next(variant, round));
            List<Map<String, Double>> batches = variant.traced() ? recordedBatches(runtime, dir) : List.of(Map.of(), Map.of());
            long heap = measureHeap ? runtime.heapAfterFullGcKib(javaHome).orElse(-1) : -1;
            return new ColdStart(variant.name(), EmulatorLog.initMs(dir, function),
                    EmulatorLog.invokeMs(dir, function, invocation.requestId()), EmulatorLog.invokeMs(dir, function, warm.requestId()), wallMs, peak, heap, batches.get(0), batches.get(1));
        }
    }

    /** The first and the warm batch's parts, from the traced runtime's flight recording. */
    private List<Map<String, Double>> recordedBatches(RuntimeProcess runtime, Path dir) {
        Path recording = dir.resolve("first-time-work.jfr");
        runtime.dumpFlightRecording(javaHome, recording);
        List<Map<String, Double>> batches = FirstTimeWork.batches(recording);
        if (batches.size() != 2) {
            throw new IllegalStateException("expected 2 batches in " + recording + ", found " + batches.size());
        }
        return batches;
    }

    private LambdaFunction function(Variant variant) {
        Map<String, String> env = new HashMap<>(ReceiverEnvironment.idempotencyStore(EndTables.RECORDS));
        env.put(PaymentTables.ACCOUNTS_TABLE, Accounts.TABLE);
        env.put(PaymentTables.LEDGER_TABLE, EndTables.LEDGER);
        env.put(TelemetryConfig.METRICS_NAMESPACE, "PaymentsBench");
        env.putAll(ReceiverEnvironment.fastPath(aws.redis(), aws.fastPathSigningSecret()));
        env.put("AWS_REGION", LocalAws.REGION.id());
        env.put("AWS_ENDPOINT_URL", aws.endpoint().toString());
        env.putAll(variant.environment()); // a variant's own settings win
        env.put("JAVA_TOOL_OPTIONS", variant.jvmOptions());
        if (!variant.overrides().isEmpty()) {
            env.put("_JAVA_OPTIONS", variant.overrides());
        }
        return new LambdaFunction(FUNCTION, variant.handler(), variant.classpath(), env, Duration.ofSeconds(30), MEMORY_MB);
    }
    /** Fails unless the balances, ledger rows and records every run so far left are the model's. */
    private void judge(String run) {
        try (DynamoDbClient reader = aws.dynamoDbForAudits()) {
            judge.judgeTables(run, EndTables.of(reader));
        }
    }

    /** {@code batch} sent to the model, then to the function, whose answer must fail none of it. */
    private Invocation invoke(RuntimeEmulator emulator, Variant variant, FirstBatches.Batch batch) {
        judge.sent(variant.implementation(), batch.sends());
        judged += batch.sends().size();
        Invocation invocation = emulator.invoke(batch.event());
        if (!invocation.payload().replace(" ", "").contains("\"batchItemFailures\":[]")) {
            throw new IllegalStateException(variant.name() + ": the batch was not fully processed: " + invocation.payload()
                    + "\n" + String.join("\n", invocation.logs()));
        }
        return invocation;
    }
    private void prepareTables() {
        try (DynamoDbClient admin = aws.dynamoDb()) {
            try {
                admin.deleteTable(request -> request.tableName(ScenarioRunner.BASELINE_TABLE));
            } catch (ResourceNotFoundException absent) {
                // a fresh local AWS has none
            }
            admin.createTable(request -> request.tableName(ScenarioRunner.BASELINE_TABLE)
                    .attributeDefinitions(AttributeDefinition.builder().attributeName("id").attributeType(ScalarAttributeType.S).build())
                    .keySchema(KeySchemaElement.builder().attributeName("id").keyType(KeyType.HASH).build())
                    .billingMode(BillingMode.PAY_PER_REQUEST));
            Accounts.seed(admin, accounts().stream().map(account -> new Accounts.Account(account.id(),
                    account.balanceMinor(), account.currency(), "ACTIVE")).toList());
        }
    }

    /** The accounts every batch posts to, each opened with 10 000 000.00 EUR. */
    private static List<Account> accounts() {
        List<Account> accounts = new ArrayList<>();
        for (int i = 0; i < BATCH; i++) {
            accounts.add(new Account(FirstBatches.account(i), 1_000_000_000L, "EUR", true));
        }
        return accounts;
    }

    private Path runDir(Variant variant, int round) {
        return work.resolve(variant.name() + "-" + (round + 1));
    }

    private static void deleteRecursively(Path directory) throws IOException {
        if (Files.isDirectory(directory)) {
            try (Stream<Path> files = Files.walk(directory)) {
                for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
    }
}
