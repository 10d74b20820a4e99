package com.example.bench.cold;

import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localpayments.Accounts;
import com.example.localaws.LocalAws;
import com.example.localpayments.ReceiverEnvironment;
import com.example.localaws.invoke.Invocation;
import com.example.localaws.invoke.LambdaFunction;
import com.example.localaws.invoke.RuntimeEmulator;
import com.example.payment.PaymentTables;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.reliability.ScenarioRunner;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.File;
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
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * each a fresh runtime JVM given a first batch of 10 new payments on 10 accounts. Runs are
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
    private static final Pattern INIT = Pattern.compile("INIT REPORT\\(durationMs: ([0-9.]+)\\)");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final LocalAws aws;
    private final Path root;
    private final Path work;
    private final Path javaHome = Path.of(System.getProperty("java.home"));
    private final SecretsExtensionStandIn extension;
    private int payments;

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
        List<Variant> variants = variants(mainRuns, variantRuns);
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
                }
            }
        }
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        ColdStartSections sections = new ColdStartSections(variants, samples, took, javaHome, aws.endpoint().getScheme());
        sections.write(root.resolve("bench/target/sections"));
        System.out.println(sections.goals());
    }

    /** The variants, ours first and the baseline second (the report's ratios are to these). */
    private List<Variant> variants(int mainRuns, int variantRuns) {
        List<Path> ours = LambdaFunction.moduleClasspath(root.resolve("functions/payment-authorizer"));
        List<Path> benchJars = benchClasspath();
        List<Path> withBench = concat(ours, List.of(root.resolve("bench/target/classes")));
        String production = "com.example.payment.authorizer.PaymentAuthorizerHandler::handleRequest";
        String choice = HttpClientChoiceHandler.class.getName() + "::handleRequest";
        List<Variant> variants = new ArrayList<>();
        variants.add(new Variant("ours", "ours (url-connection, C1 only: Lambda's default)", production, ours,
                JVM_BASE, "", Map.of(), mainRuns));
        variants.add(new Variant("baseline", "Powertools baseline (url-connection)",
                BaselineHandler.class.getName() + "::handleRequest",
                concat(withBench, List.of(root.resolve("reliability/target/classes")),
                        select(benchJars, "powertools-", "jmespath-", "log4j-", "aspectjrt-", "jackson-databind-",
                                "jackson-annotations-")),
                JVM_BASE, "", Map.of(BaselineHandler.TABLE, ScenarioRunner.BASELINE_TABLE), mainRuns));
        // As template.yaml deploys it by default (EnableFastPath=false): both fast-path variables empty,
        // so no cluster client, no TLS to Redis and no signing key read at init.
        variants.add(new Variant("default", "ours as the template deploys it by default (EnableFastPath=false: no cache)",
                production, ours, JVM_BASE, "",
                Map.of(ReceiverVariables.FAST_PATH_ENDPOINT, "", ReceiverVariables.FAST_PATH_SIGNING_SECRET, ""), mainRuns));
        // Before the cold ramp: an environment's first batch on all 8 lanes, so 8 TLS handshakes at once.
        Map<String, String> wide = Map.of(ReceiverVariables.FIRST_BATCH_LANES, "8");
        variants.add(new Variant("ours-wide", "`ours`, its first batch on 8 lanes (before the cold ramp)", production, ours,
                JVM_BASE, "", wide, mainRuns));
        variants.add(new Variant("default-wide", "`default`, its first batch on 8 lanes (before the cold ramp)",
                production, ours, JVM_BASE, "",
                Map.of(ReceiverVariables.FAST_PATH_ENDPOINT, "", ReceiverVariables.FAST_PATH_SIGNING_SECRET, "",
                        ReceiverVariables.FIRST_BATCH_LANES, "8"), mainRuns));
        against().ifPresent(checkout -> {
            // The same function from another checkout (COLD_AGAINST), interleaved with this one's: a change measured against main.
            List<Path> theirs = LambdaFunction.moduleClasspath(checkout.root().resolve("functions/payment-authorizer"));
            variants.add(new Variant("against", "`ours` built from " + checkout.commit() + " (`COLD_AGAINST`)", production,
                    theirs, JVM_BASE, "", Map.of(), mainRuns));
            variants.add(new Variant("against-default", "`default` built from " + checkout.commit() + " (`COLD_AGAINST`)",
                    production, theirs, JVM_BASE, "",
                    Map.of(ReceiverVariables.FAST_PATH_ENDPOINT, "", ReceiverVariables.FAST_PATH_SIGNING_SECRET, ""), mainRuns));
        });
        variants.add(new Variant("extension", "ours, keys read through the Parameters and Secrets extension's local API",
                SecretsThroughExtension.class.getName() + "::handleRequest", withBench, JVM_BASE, "",
                Map.of(SecretsThroughExtension.PORT, Integer.toString(extension.port())), mainRuns));
        variants.add(new Variant("aws-crt", "ours, aws-crt HTTP client", choice,
                concat(withBench, select(benchJars, "aws-crt-", "crt-core-")),
                JVM_BASE, "", Map.of(HttpClientChoiceHandler.CLIENT, "aws-crt"), variantRuns));
        variants.add(new Variant("apache", "ours, Apache HTTP client", choice,
                concat(withBench, select(benchJars, "apache-client-", "httpclient-", "httpcore-", "commons-logging-",
                        "commons-codec-")),
                JVM_BASE, "", Map.of(HttpClientChoiceHandler.CLIENT, "apache"), variantRuns));
        variants.add(new Variant("full-jit", "ours, full tiered JIT (C1 stop removed)", production, ours,
                JVM_BASE, "-XX:TieredStopAtLevel=4", Map.of(), variantRuns));
        // CDS archives classes from jars only: these two run the shaded jar, the one to compare with the other.
        List<Path> jar = List.of(shadedJar());
        variants.add(new Variant("jar", "ours from its shaded jar", production, jar, JVM_BASE, "", Map.of(), variantRuns));
        variants.add(new Variant("appcds", "ours from its shaded jar + AppCDS archive of a training run", production, jar,
                JVM_BASE + " -XX:SharedArchiveFile=" + trainAppCds(jar, production), "", Map.of(), variantRuns));
        // The first batch after priming, as deployed and as before issue 24; then the same with their
        // first-time work recorded (FirstTimeWork), in runs of their own: the recording costs time.
        String primed = PrimedAuthorizerHandler.class.getName() + "::handleRequest";
        Map<String, String> invoke = Map.of(PrimedAuthorizerHandler.PRIMING, "invoke");
        Map<String, String> inMemory = Map.of(PrimedAuthorizerHandler.PRIMING, "in-memory");
        variants.add(new Variant("primed", "ours, SnapStart hooks run at init: invoke priming (as deployed)", primed, withBench,
                JVM_BASE, "", invoke, variantRuns));
        variants.add(new Variant("primed-main", "ours, SnapStart hooks run at init: in-memory priming (before issue 24)", primed,
                withBench, JVM_BASE, "", inMemory, variantRuns));
        String traced = JVM_BASE + " " + FirstTimeWork.jvmOptions();
        variants.add(new Variant("traced", "`primed`, its first-time work recorded (JFR)", primed, withBench,
                traced, "", invoke, variantRuns));
        variants.add(new Variant("traced-main", "`primed-main`, its first-time work recorded (JFR)", primed, withBench,
                traced, "", inMemory, variantRuns));
        return variants;
    }

    /** Another checkout of the project, built, and its commit. */
    private record Checkout(Path root, String commit) {
    }

    /** The checkout {@code COLD_AGAINST} names, if any: its function runs as two more variants. */
    private static Optional<Checkout> against() {
        String path = System.getenv().getOrDefault("COLD_AGAINST", "");
        if (path.isBlank()) {
            return Optional.empty();
        }
        Path root = Path.of(path).toAbsolutePath().normalize();
        try {
            Process git = new ProcessBuilder("git", "-C", root.toString(), "rev-parse", "--short", "HEAD")
                    .redirectErrorStream(true).start();
            String commit = new String(git.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
            if (git.waitFor() != 0) {
                throw new IllegalArgumentException("COLD_AGAINST must name a git checkout of the project: " + commit);
            }
            return Optional.of(new Checkout(root, commit));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run git in " + root, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** The function's deployment jar, as its module's {@code package} shades it. */
    private Path shadedJar() {
        Path target = root.resolve("functions/payment-authorizer/target");
        try (Stream<Path> files = Files.list(target)) {
            return files.filter(file -> file.getFileName().toString().matches("payment-authorizer-.*\\.jar"))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("no shaded jar in " + target + ": package the module first"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + target, e);
        }
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
            answered(training, emulator.invoke(event(training, 0)));
            RuntimeProcess.underTheEmulator().dumpDynamicArchive(javaHome, archive);
        }
        return archive;
    }

    private ColdStart coldStart(Variant variant, int round, boolean measureHeap) {
        Path dir = runDir(variant, round);
        LambdaFunction function = function(variant);
        String event = event(variant, round);
        try (RuntimeEmulator emulator = RuntimeEmulator.start(function, root, dir)) {
            RuntimeProcess.emulator().pinToCore(CORE);
            long sent = System.nanoTime();
            Invocation invocation = answered(variant, emulator.invoke(event));
            double wallMs = (System.nanoTime() - sent) / 1e6;
            RuntimeProcess runtime = RuntimeProcess.underTheEmulator();
            long peak = runtime.peakRssKib();
            Invocation warm = answered(variant, emulator.invoke(event(variant, round)));
            List<Map<String, Double>> batches = variant.traced() ? recordedBatches(runtime, dir) : List.of(Map.of(), Map.of());
            long heap = measureHeap ? runtime.heapAfterFullGcKib(javaHome).orElse(-1) : -1;
            return new ColdStart(variant.name(), initMs(dir, function), invokeMs(dir, function, invocation.requestId()),
                    invokeMs(dir, function, warm.requestId()), wallMs, peak, heap, batches.get(0), batches.get(1));
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
        Map<String, String> env = new HashMap<>(ReceiverEnvironment.idempotencyStore("IdempotencyTable"));
        env.put(PaymentTables.ACCOUNTS_TABLE, Accounts.TABLE);
        env.put(PaymentTables.LEDGER_TABLE, "LedgerTable");
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

    /** 10 new payments on 10 accounts, never sent before: every one is committed. */
    private String event(Variant variant, int round) {
        ObjectNode event = JSON.createObjectNode();
        ArrayNode records = event.putArray("Records");
        for (int i = 0; i < BATCH; i++) {
            int payment = payments++;
            String transaction = "TXN-COLD-" + variant.name().toUpperCase() + "-" + round + "-" + payment;
            String body = """
                    {"headers": {"message_id": "msg-%1$d", "correlation_id": "cold-%1$d", "timestamp": "2026-12-01T10:00:00Z",
                                 "source": "payment-network-gateway"},
                     "body": {"transaction_id": "%2$s", "card_number_hash": "sha256:%3$s", "account_id": "%4$s",
                              "amount": 12.50, "currency": "EUR", "merchant": "Bench", "merchant_category": "5411",
                              "authorization_type": "PURCHASE"}}""".formatted(payment, transaction, "ab".repeat(32), account(i));
            ObjectNode record = records.addObject();
            record.put("messageId", "cold-" + payment);
            record.put("receiptHandle", "cold-" + payment);
            record.put("body", body);
            ObjectNode attributes = record.putObject("attributes");
            attributes.put("ApproximateReceiveCount", "1");
            attributes.put("SentTimestamp", "1764583200000");
            record.putObject("messageAttributes");
            record.put("eventSource", "aws:sqs");
            record.put("eventSourceARN", "arn:aws:sqs:us-east-1:123456789012:payments");
            record.put("awsRegion", LocalAws.REGION.id());
        }
        return event.toString();
    }

    private static String account(int index) {
        return "ACC-COLD-" + index;
    }

    private static Invocation answered(Variant variant, Invocation invocation) {
        if (!invocation.payload().replace(" ", "").contains("\"batchItemFailures\":[]")) {
            throw new IllegalStateException(variant.name() + ": the batch was not fully processed: " + invocation.payload()
                    + "\n" + String.join("\n", invocation.logs()));
        }
        return invocation;
    }

    private static double initMs(Path dir, LambdaFunction function) {
        Matcher matcher = INIT.matcher(read(dir.resolve(function.name() + "-rie.log")));
        if (!matcher.find()) {
            throw new IllegalStateException("no INIT REPORT in the emulator's log under " + dir);
        }
        return Double.parseDouble(matcher.group(1));
    }

    /**
     * The invocation as the emulator timed it in its own log: from {@code INVOKE START} of the
     * request to the runtime's answer ({@code INVOKE RTDONE ... duration}). (The {@code REPORT}
     * line's {@code Duration} of a first invocation includes the init, which the emulator runs
     * when the first invocation arrives.)
     */
    private static double invokeMs(Path dir, LambdaFunction function, String requestId) {
        Pattern done = Pattern.compile("INVOKE START\\(requestId: " + Pattern.quote(requestId)
                + "\\).*?INVOKE RTDONE\\(status: success[^)]*?duration: ([0-9.]+)ms\\)", Pattern.DOTALL);
        for (int attempt = 0; attempt < 20; attempt++) {
            Matcher matcher = done.matcher(read(dir.resolve(function.name() + "-rie.log")));
            if (matcher.find()) {
                return Double.parseDouble(matcher.group(1));
            }
            pause();
        }
        throw new IllegalStateException("no INVOKE RTDONE for " + requestId + " in the emulator's log under " + dir);
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
            List<Accounts.Account> accounts = new ArrayList<>();
            for (int i = 0; i < BATCH; i++) {
                accounts.add(new Accounts.Account(account(i), 1_000_000_000L, "EUR", "ACTIVE"));
            }
            Accounts.seed(admin, accounts);
        }
    }

    private Path runDir(Variant variant, int round) {
        return work.resolve(variant.name() + "-" + (round + 1));
    }

    /** This module's runtime libraries, as its build listed them in {@code target/bench.classpath}. */
    private List<Path> benchClasspath() {
        String line = read(root.resolve("bench/target/bench.classpath")).strip();
        return Stream.of(line.split(File.pathSeparator)).filter(entry -> !entry.isBlank()).map(Path::of).toList();
    }

    private static List<Path> select(List<Path> jars, String... prefixes) {
        return jars.stream()
                .filter(jar -> Stream.of(prefixes).anyMatch(prefix -> jar.getFileName().toString().startsWith(prefix)))
                .toList();
    }

    @SafeVarargs
    private static List<Path> concat(List<Path>... parts) {
        return Stream.of(parts).flatMap(List::stream).toList();
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

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static void pause() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
