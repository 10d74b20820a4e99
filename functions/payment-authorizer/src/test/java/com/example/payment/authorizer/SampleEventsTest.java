package com.example.payment.authorizer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localpayments.Accounts;
import com.example.localpayments.TimesOfIssue;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsFolder;
import com.example.localaws.invoke.EnvVarsFile;
import com.example.localaws.invoke.FunctionInvoker;
import com.example.localaws.invoke.Invocation;
import com.example.localaws.invoke.InvocationFailedException;
import com.example.localaws.invoke.LambdaFunction;
import com.example.localaws.invoke.RuntimeEmulator;
import com.example.payment.InMemoryStore;
import com.example.payment.LedgerAttributes;
import com.example.payment.Payment;
import com.example.receiver.lambda.DeadLetterAttributes;
import com.example.receiver.lambda.ReceiverBuilder;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.receiver.testing.ReceiverTestKit;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;

/**
 * Every sample event of {@code events/} invoked the way Lambda runs the function: the real
 * handler, under the Lambda Runtime Interface Emulator with the Java runtime interface client
 * (one emulator for the class, warm after its first invocation), configured as template.yaml
 * configures it, against the local AWS with fresh tables seeded from
 * {@code infra/local-payments/accounts.json}, and the payment's age bounded as env.json bounds it
 * (the template's default {@code MaxPaymentAgeSeconds}): each file is invoked as {@code make invoke}
 * invokes it, as if recorded now ({@link TimesOfIssue}). Each test asserts what its file is there to show: the exact
 * batch item failures, what the function sent to its DLQ (a queue of the local AWS) with which
 * attributes, and the balances, ledger rows and records that follow. A file that needs
 * an earlier decision (a redelivery, a producer retry, a conflict) is invoked after the original.
 *
 * <p>Without the emulator these tests fail rather than skip: {@code make setup} builds it
 * ({@code testing/local-aws/setup-rie.sh}).
 */
class SampleEventsTest extends LocalAwsTest {

    static final String PURCHASE = "purchase.json";
    static final String REFUND = "refund.json";
    static final String REDELIVERY = "redelivery.json";
    static final String PRODUCER_RETRY = "producer-retry.json";
    static final String SAME_TRANSACTION_TWICE = "same-transaction-twice.json";
    static final String CONFLICT = "conflict.json";
    static final String INSUFFICIENT_FUNDS = "insufficient-funds.json";
    static final String UNKNOWN_ACCOUNT = "unknown-account.json";
    static final String POISON_BODY = "poison-body.json";
    static final String FIFO_TWO_GROUPS = "fifo-two-groups.json";
    static final String TOO_OLD = "too-old.json";
    /** Every file of events/, each with its test below. */
    static final Set<String> FILES = Set.of(PURCHASE, REFUND, REDELIVERY, PRODUCER_RETRY, SAME_TRANSACTION_TWICE,
            CONFLICT, INSUFFICIENT_FUNDS, UNKNOWN_ACCOUNT, POISON_BODY, FIFO_TWO_GROUPS, TOO_OLD);

    static final String FUNCTION = "PaymentAuthorizerFunction";
    static final String MAIN = "ACC-44821";
    static final long MAIN_BALANCE = 234_000;
    static final String LOW = "ACC-10077";
    static final long LOW_BALANCE = 15_000;
    static final String SECOND_GROUP = "ACC-30512";
    static final long SECOND_GROUP_BALANCE = 50_000;
    static final String ORIGINAL_TXN = "TXN-VISA-8847291";

    /** The keys of a record as {@code sam local generate-event sqs receive-message} writes them, in order. */
    private static final List<String> RECORD_KEYS = List.of("messageId", "receiptHandle", "body", "attributes",
            "messageAttributes", "md5OfBody", "eventSource", "eventSourceARN", "awsRegion");
    private static final List<String> STANDARD_ATTRIBUTES = List.of("ApproximateReceiveCount", "SentTimestamp",
            "SenderId", "ApproximateFirstReceiveTimestamp");
    /** As Lambda delivers a FIFO queue's messages. */
    private static final List<String> FIFO_ATTRIBUTES = List.of("ApproximateReceiveCount", "SentTimestamp",
            "SequenceNumber", "MessageGroupId", "SenderId", "MessageDeduplicationId", "ApproximateFirstReceiveTimestamp");
    private static final String QUEUE_ARN = "arn:aws:sqs:us-east-1:123456789012:payments";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static FunctionInvoker emulator;
    /** The function's DLQ, named after the template's so that its recorded sends map to it; made with the first function. */
    private static String deadLetterQueue;

    private final DynamoDbClient dynamoDb;
    private final Ledger ledger;
    /** The records of the events as invoked (stamped as if recorded now), by message id. */
    private final Map<String, JsonNode> invoked = new HashMap<>();

    SampleEventsTest(LocalAws aws) {
        super(aws);
        this.dynamoDb = aws.dynamoDb();
        this.ledger = new Ledger(dynamoDb);
    }

    @BeforeEach
    void seedAccounts() {
        Accounts.seed(dynamoDb, aws.root().resolve("infra/local-payments/accounts.json"));
        if (deadLetterQueue != null) {
            try (SqsClient sqs = aws.sqs()) {
                sqs.purgeQueue(request -> request.queueUrl(deadLetterQueue));
            }
        }
    }

    @AfterEach
    void closeClient() {
        dynamoDb.close();
    }

    @AfterAll
    static void stopEmulator() {
        if (emulator != null) {
            emulator.close();
            emulator = null;
        }
    }

    // ------------------------------------------------------------------ the files, one by one

    @Test
    void purchase_isApproved_debitsTheAccount_andWritesOneLedgerRow() {
        assertEquals(List.of(), failures(invoke(PURCHASE)));
        assertEquals(MAIN_BALANCE - 12_550, ledger.balance(MAIN));
        assertLedger(MAIN, Map.of(ORIGINAL_TXN, -12_550L));
        assertRecord(ORIGINAL_TXN, "APPROVED", null);
    }

    @Test
    void refund_isApproved_andCreditsTheAccount() {
        assertEquals(List.of(), failures(invoke(REFUND)));
        assertEquals(MAIN_BALANCE + 2_500, ledger.balance(MAIN));
        assertLedger(MAIN, Map.of("TXN-VISA-8847355", 2_500L));
        assertEquals("REFUND", ledger.entries(MAIN).get(0).get(LedgerAttributes.AUTHORIZATION_TYPE).s());
        assertRecord("TXN-VISA-8847355", "APPROVED", null);
    }

    @Test
    void redelivery_ofTheDecidedPurchase_isAcknowledgedAsDuplicate_andChangesNothing() {
        // GIVEN the purchase was decided; the redelivery is the same SQS message, received again
        assertEquals(ids(PURCHASE), ids(REDELIVERY));
        assertEquals("2", records(REDELIVERY).get(0).path("attributes").path("ApproximateReceiveCount").asText());
        invoke(PURCHASE);
        // WHEN it arrives again
        Invocation redelivery = invoke(REDELIVERY);
        // THEN acknowledged, one debit, one ledger row, logged as a duplicate
        assertEquals(List.of(), failures(redelivery));
        assertEquals(MAIN_BALANCE - 12_550, ledger.balance(MAIN));
        assertLedger(MAIN, Map.of(ORIGINAL_TXN, -12_550L));
        assertLogged(redelivery, "DUPLICATE", "Duplicate message discarded, txn_id=" + ORIGINAL_TXN);
    }

    @Test
    void producerRetry_withNewMessageIds_isDuplicateOfTheDecidedPurchase() {
        // GIVEN the purchase was decided; the retry is a new SQS message with a new header id
        assertNotEquals(ids(PURCHASE), ids(PRODUCER_RETRY));
        assertNotEquals(header(PURCHASE, 0, "message_id"), header(PRODUCER_RETRY, 0, "message_id"));
        assertEquals(paymentOf(PURCHASE, 0), paymentOf(PRODUCER_RETRY, 0));
        invoke(PURCHASE);
        // WHEN the producer re-sends it
        Invocation retry = invoke(PRODUCER_RETRY);
        // THEN it is a duplicate: keyed by the transaction id, not by any message id
        assertEquals(List.of(), failures(retry));
        assertEquals(MAIN_BALANCE - 12_550, ledger.balance(MAIN));
        assertLedger(MAIN, Map.of(ORIGINAL_TXN, -12_550L));
        assertLogged(retry, "DUPLICATE", "Duplicate message discarded, txn_id=" + ORIGINAL_TXN);
    }

    @Test
    void sameTransactionTwiceInOneBatch_isOneDecisionAndOneDuplicate() {
        Invocation batch = invoke(SAME_TRANSACTION_TWICE);
        assertEquals(List.of(), failures(batch));
        assertEquals(MAIN_BALANCE - 4_000, ledger.balance(MAIN));
        assertLedger(MAIN, Map.of("TXN-VISA-8847402", -4_000L));
        assertEquals(1, outcomes(batch, "APPROVED"));
        assertEquals(1, outcomes(batch, "DUPLICATE"));
    }

    @Test
    void conflict_sameTransactionWithAnotherAmount_isDeadLetteredAtOnce_withItsReason_andChangesNothing() {
        // GIVEN the purchase was decided
        invoke(PURCHASE);
        String recordBefore = ledger.record(ORIGINAL_TXN).orElseThrow().toString();
        // WHEN the same transaction id arrives with 215.50 instead of 125.50
        Invocation conflict = invoke(CONFLICT);
        // THEN it is in the DLQ with its reason, acknowledged, and nothing changed
        assertEquals(List.of(), failures(conflict));
        Map<String, String> dead = deadLetter(records(CONFLICT).get(0));
        assertEquals("CONFLICT", dead.get("outcome"));
        assertEquals(ORIGINAL_TXN, dead.get("txn_id"));
        assertEquals("$LATEST", dead.get("function_version"));
        assertEquals(MAIN_BALANCE - 12_550, ledger.balance(MAIN));
        assertLedger(MAIN, Map.of(ORIGINAL_TXN, -12_550L));
        assertEquals(recordBefore, ledger.record(ORIGINAL_TXN).orElseThrow().toString());
        assertLogged(conflict, "CONFLICT", "stored_fingerprint");
    }

    @Test
    void insufficientFunds_isDeclinedAndAcknowledged_recordOnly() {
        assertEquals(List.of(), failures(invoke(INSUFFICIENT_FUNDS)));
        assertEquals(LOW_BALANCE, ledger.balance(LOW));
        assertLedger(LOW, Map.of());
        assertRecord("TXN-MC-5521040", "DECLINED", "INSUFFICIENT_FUNDS");
    }

    @Test
    void unknownAccount_isDeclinedAndAcknowledged_recordOnly() {
        assertEquals(List.of(), failures(invoke(UNKNOWN_ACCOUNT)));
        assertEquals(0, ledger.allEntries());
        assertRecord("TXN-VISA-8847420", "DECLINED", "UNKNOWN_ACCOUNT");
        assertEquals(List.of(MAIN_BALANCE, LOW_BALANCE, SECOND_GROUP_BALANCE),
                List.of(ledger.balance(MAIN), ledger.balance(LOW), ledger.balance(SECOND_GROUP)));
    }

    @Test
    void poisonBody_isDeadLetteredAtOnce_withItsReason_andTheValidMessageOfTheBatchIsApproved() {
        Invocation batch = invoke(POISON_BODY);
        assertEquals(List.of(), failures(batch));
        Map<String, String> dead = deadLetter(records(POISON_BODY).get(0));
        assertEquals("REJECTED", dead.get("outcome"));
        assertEquals("message", dead.get("field"));
        assertEquals(MAIN_BALANCE - 1_200, ledger.balance(MAIN));
        assertLedger(MAIN, Map.of("TXN-VISA-8847434", -1_200L));
        assertTrue(ledger.record("TXN-VISA-8847433").isEmpty());
        assertLogged(batch, "REJECTED", "must be valid JSON");
    }

    @Test
    void fifoBatch_invalidFirstMessageOfAGroup_isDeadLettered_andTheRestOfThatGroupOnlyFails() {
        // GIVEN group ACC-44821: two valid purchases; group ACC-30512: an amount with three
        // decimals (invalid in EUR), then a valid purchase; interleaved as A1, B1, A2, B2
        List<String> ids = ids(FIFO_TWO_GROUPS);
        Invocation batch = invoke(FIFO_TWO_GROUPS);
        // THEN B1 is in the DLQ with its reason and B2 fails untried, so that the group comes
        // back behind nothing that failed; group A is done
        assertEquals(List.of(ids.get(3)), failures(batch));
        Map<String, String> dead = deadLetter(records(FIFO_TWO_GROUPS).get(1));
        assertEquals("body.amount", dead.get("field"));
        assertEquals("REJECTED", dead.get("outcome"));
        assertEquals(MAIN_BALANCE - 1_000 - 2_000, ledger.balance(MAIN));
        assertLedger(MAIN, Map.of("TXN-VISA-8847501", -1_000L, "TXN-VISA-8847502", -2_000L));
        assertEquals(SECOND_GROUP_BALANCE, ledger.balance(SECOND_GROUP));
        assertLedger(SECOND_GROUP, Map.of());
        assertTrue(ledger.record("TXN-VISA-8847602").isEmpty(), "the later message of the failed group is not decided");
    }

    @Test
    void tooOld_aPaymentIssuedMoreThanTheBoundBeforeTheOthers_isDeadLetteredAsTooOld_andTheFreshOneIsApproved() {
        // GIVEN a batch whose second purchase was issued 20 days before the first, more than env.json's 18 days
        assertEquals(Instant.parse("2026-03-18T14:44:05Z"), issuedAt(TOO_OLD, 1));
        assertEquals(Instant.parse("2026-04-07T14:44:05Z"), issuedAt(TOO_OLD, 0));
        // WHEN it is invoked as if recorded now (the first issued now, the second 20 days ago)
        Invocation batch = invoke(TOO_OLD);
        // THEN the old one is in the DLQ at once, refused for its age, never decided; the fresh one is approved
        assertEquals(List.of(), failures(batch));
        Map<String, String> dead = deadLetter(records(TOO_OLD).get(1));
        assertEquals("REJECTED", dead.get("outcome"));
        assertEquals("issued_at", dead.get("field"));
        assertTrue(dead.get("reason").startsWith(DeadLetterAttributes.TOO_OLD + ": "), dead.get("reason"));
        assertTrue(ledger.record("TXN-VISA-8847702").isEmpty(), "a payment refused as too old is never decided");
        assertEquals(MAIN_BALANCE - 3_000, ledger.balance(MAIN));
        assertLedger(MAIN, Map.of("TXN-VISA-8847701", -3_000L));
        assertRecord("TXN-VISA-8847701", "APPROVED", null);
        assertLogged(batch, "REJECTED", "MAX_MESSAGE_AGE_SECONDS");
    }

    @Test
    void aRecordedFileInvokedAsItIs_isRefusedAsTooOld_forTheBoundIsOn() {
        // GIVEN purchase.json as recorded (months ago), not stamped as make invoke stamps it
        if (emulator == null) {
            emulator = RuntimeEmulator.start(function(aws), aws.root(), workDir(aws));
        }
        records(PURCHASE).forEach(record -> invoked.put(record.path("messageId").asText(), record));
        // WHEN invoked as it is, as `sam local invoke -e events/purchase.json` would
        Invocation asRecorded = answered(PURCHASE, emulator.invoke(read(PURCHASE)));
        // THEN refused as too old: the bound env.json sets is on, and nothing is written
        assertEquals(List.of(), failures(asRecorded));
        assertTrue(deadLetter(records(PURCHASE).get(0)).get("reason").startsWith(DeadLetterAttributes.TOO_OLD), "too old");
        assertEquals(MAIN_BALANCE, ledger.balance(MAIN));
        assertTrue(ledger.record(ORIGINAL_TXN).isEmpty());
    }

    @Test
    void directInvoke_withoutTheEmulator_answersAsTheEmulatorDoes() {
        // The fallback of `make invoke` where the emulator cannot be had: a fresh JVM, same handler.
        try (FunctionInvoker direct = FunctionInvoker.direct(function(aws), aws.root(), workDir(aws))) {
            Invocation batch = answered(POISON_BODY, direct.invoke(stamped(POISON_BODY)));
            assertEquals(List.of(), failures(batch));
            assertLogged(batch, "REJECTED", "must be valid JSON");
            assertEquals("REJECTED", deadLetter(records(POISON_BODY).get(0)).get("outcome"));
        }
        assertEquals(MAIN_BALANCE - 1_200, ledger.balance(MAIN));
    }

    @Test
    void missingSetting_failsTheInit_underTheEmulator_namingTheSetting() {
        // DESIGN §8: the function refuses to start without its configuration; Lambda answers 502
        LambdaFunction base = function(aws);
        Map<String, String> env = new HashMap<>(base.environment());
        env.remove(ReceiverVariables.IDEMPOTENCY_TABLE);
        LambdaFunction misconfigured = new LambdaFunction(base.name(), base.handler(), base.classpath(), env,
                base.timeout(), base.memoryMb());
        try (RuntimeEmulator broken = RuntimeEmulator.start(misconfigured, aws.root(), workDir(aws).resolve("misconfigured"))) {
            InvocationFailedException failure = assertThrows(InvocationFailedException.class, () -> broken.invoke(stamped(PURCHASE)));
            assertTrue(failure.body().contains("IDEMPOTENCY_TABLE is required"), failure.body());
        }
        assertEquals(MAIN_BALANCE, ledger.balance(MAIN));
    }

    // ------------------------------------------------------------------ the files themselves

    @Test
    void everyEventFile_hasItsTest() throws IOException {
        try (Stream<Path> files = Files.list(eventsDir())) {
            assertEquals(new TreeSet<>(FILES), files.map(file -> file.getFileName().toString())
                    .filter(name -> name.endsWith(".json"))
                    .collect(Collectors.toCollection(TreeSet::new)));
        }
    }

    static Stream<String> eventFiles() {
        return FILES.stream().sorted();
    }

    @ParameterizedTest
    @MethodSource("eventFiles")
    void eventFile_hasTheShapeOfAnSqsEvent(String file) {
        JsonNode event = tree(read(file));
        assertEquals(List.of("Records"), fieldNames(event), file);
        List<JsonNode> records = records(file);
        assertTrue(records.size() >= 1 && records.size() <= 10, file + ": 1 to 10 records, the template's BatchSize");
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < records.size(); i++) {
            JsonNode record = records.get(i);
            boolean fifo = record.path("attributes").has("MessageGroupId");
            String body = record.path("body").asText();
            assertEquals(RECORD_KEYS, fieldNames(record), file);
            assertEquals(fifo ? FIFO_ATTRIBUTES : STANDARD_ATTRIBUTES, fieldNames(record.path("attributes")), file);
            record.path("attributes").forEach(value -> assertTrue(value.isTextual(), file + ": attributes are strings"));
            assertTrue(record.path("attributes").path("ApproximateReceiveCount").asInt() >= 1, file);
            assertTrue(ids.add(record.path("messageId").asText()), file + ": message ids are unique in a batch");
            assertTrue(record.path("messageAttributes").isObject() && record.path("messageAttributes").isEmpty(), file);
            assertEquals(md5(body), record.path("md5OfBody").asText(), file + ": md5OfBody is the body's MD5");
            assertEquals("aws:sqs", record.path("eventSource").asText(), file);
            assertEquals(fifo ? QUEUE_ARN + ".fifo" : QUEUE_ARN, record.path("eventSourceARN").asText(), file);
            assertEquals("us-east-1", record.path("awsRegion").asText(), file);
            if (!isPoison(file, i)) {
                assertTrue(tree(body).path("body").path("card_number_hash").asText().matches("sha256:[0-9a-f]{64}"), file);
            }
        }
    }

    @Test
    void seedAccounts_holdEveryAccountTheEventsUse_butTheUnknownOne() {
        Set<String> seeded = new TreeSet<>();
        Accounts.read(aws.root().resolve("infra/local-payments/accounts.json")).forEach(account -> seeded.add(account.accountId()));
        Set<String> used = new TreeSet<>();
        for (String file : FILES) {
            List<JsonNode> records = records(file);
            for (int i = 0; i < records.size(); i++) {
                if (!isPoison(file, i)) {
                    used.add(tree(records.get(i).path("body").asText()).path("body").path("account_id").asText());
                }
            }
        }
        assertTrue(used.remove("ACC-99999"), "unknown-account.json uses ACC-99999");
        assertEquals(used, seeded);
    }

    @Test
    void envJson_isAcceptedByTheFunctionsConfiguration() {
        // sam local invoke gives the function env.json's values (EnvVarsFileTest: exactly the template's variables)
        // (the function's own builder: the payment tables, then the receiver's settings; the store the test kit's)
        Map<String, String> variables = EnvVarsFile.read(aws.root()).variables(FUNCTION);
        ReceiverBuilder<Payment> builder = OfflineReceivers.builder(variables, secretId -> "", 1).sqs(() -> {
            throw new IllegalStateException("the build makes no SQS call");
        });
        ReceiverTestKit.of(builder).store(built -> new InMemoryStore());
        builder.build().close();
        assertEquals("PaymentsDeadLetterQueue", variables.get(ReceiverVariables.DEAD_LETTER_QUEUE_URL),
                "the DLQ by its logical id, which make invoke and make drain resolve to the local queue's URL");
    }

    @Test
    void envJson_boundsAPaymentsAge_asTheTemplateDoesByDefault() {
        // sam local invoke, make invoke, make up's functions and these tests run with the deployed stack's age bound
        String bound = Template.read(aws.root().resolve("template.yaml")).requireParameter("MaxPaymentAgeSeconds")
                .byDefault().orElseThrow();
        assertEquals(bound, EnvVarsFile.read(aws.root()).variables(FUNCTION).get(ReceiverVariables.MAX_MESSAGE_AGE_SECONDS),
                "env.json's MAX_MESSAGE_AGE_SECONDS is template.yaml's default MaxPaymentAgeSeconds");
    }

    @Test
    void everyFunctionOfTheTemplate_hasASampleEvent_invokedUnderTheEmulatorByATest() throws IOException {
        // GIVEN the samples of events/ by function: this class's files, and one folder per other function
        Map<String, String> samples = Map.of(
                "PaymentEventsFunction", "events/payment-events/stream-insert-and-remove.json",
                "PaymentNotifierFunction", "events/payment-notifier/sns-raw-approval.json",
                "DedupStoreSizeFunction", "events/dedup-store-size/scheduled.json",
                "RecordSweeperFunction", "events/record-sweeper/scheduled.json");
        // The pre-traffic hook's sample runs in process on the local AWS, with the authorizer's real handler as the
        // new version: the local AWS serves neither Lambda's Invoke of a published version nor CodeDeploy's
        // PutLifecycleEventHookExecutionStatus (docs/architecture.md, "Where the local AWS differs from AWS")
        Map<String, String> inProcess = Map.of(
                "PreTrafficHookFunction", "events/pre-traffic-hook/before-allow-traffic.json");
        Set<String> functions = new TreeSet<>();
        Template.read(aws.root().resolve("template.yaml")).functions().forEach(function -> functions.add(function.logicalId()));
        // THEN every function has one, and every file of those folders is one
        Set<String> covered = new TreeSet<>(samples.keySet());
        covered.addAll(inProcess.keySet());
        covered.add(FUNCTION);
        assertEquals(functions, covered, "a function of template.yaml without a sample event in events/");
        try (Stream<Path> files = Files.walk(eventsDir(), 2)) {
            Set<String> sampleFiles = new TreeSet<>(samples.values());
            sampleFiles.addAll(inProcess.values());
            assertEquals(sampleFiles, files.filter(file -> file.getParent() != null && !file.getParent().equals(eventsDir()))
                    .filter(Files::isRegularFile)
                    .map(file -> aws.root().relativize(file).toString())
                    .collect(Collectors.toCollection(TreeSet::new)));
        }
        // AND a test invokes each under the runtime emulator as that function
        List<String> tests = new ArrayList<>();
        try (Stream<Path> sources = Files.walk(aws.root().resolve("functions"))) {
            for (Path source : sources.filter(file -> file.toString().endsWith("Test.java") && file.toString().contains("/src/test/")
                    && !file.endsWith(SampleEventsTest.class.getSimpleName() + ".java")).toList()) {
                tests.add(Files.readString(source));
            }
        }
        samples.forEach((function, file) -> assertTrue(tests.stream().anyMatch(test -> test.contains(file)
                && test.contains("\"" + function + "\"") && test.contains("RuntimeEmulator.start(")),
                () -> "no test invokes " + file + " as " + function + " under the runtime emulator"));
        inProcess.forEach((function, file) -> assertTrue(tests.stream().anyMatch(test -> test.contains(file)
                && test.contains("\"" + function + "\"") && test.contains("LocalAwsExtension")),
                () -> "no test runs " + file + " as " + function + " on the local AWS"));
    }

    // ------------------------------------------------------------------ helpers

    /** Invokes the function under the emulator, started at the first call and kept for the class. */
    private Invocation invoke(String file) {
        if (emulator == null) {
            emulator = RuntimeEmulator.start(function(aws), aws.root(), workDir(aws));
        }
        return answered(file, emulator.invoke(stamped(file)));
    }

    /**
     * The file as {@code make invoke} gives it to a function that bounds the age: as if recorded
     * now; its records kept to be found in the DLQ as the function received them.
     */
    private String stamped(String file) {
        String event = TimesOfIssue.event(read(file), Instant.now());
        tree(event).path("Records").forEach(record -> invoked.put(record.path("messageId").asText(), record));
        return event;
    }

    /** The invocation, once it is known the handler answered rather than threw. */
    private static Invocation answered(String file, Invocation invocation) {
        assertFalse(invocation.payload().contains("\"errorType\""), () -> file + ": the handler failed: "
                + invocation.payload() + "\n" + String.join("\n", invocation.logs()));
        return invocation;
    }

    /** The function as template.yaml declares it, its code from this module, pointed at the local AWS. */
    private static LambdaFunction function(LocalAws aws) {
        if (deadLetterQueue == null) {
            try (SqsClient sqs = aws.sqs()) {
                deadLetterQueue = sqs.createQueue(request -> request.queueName("PaymentsDeadLetterQueue-samples-" + UUID.randomUUID()))
                        .queueUrl();
            }
        }
        Map<String, String> env = new HashMap<>(AuthorizerRig.environment(aws, true));
        env.put(ReceiverVariables.DEAD_LETTER_QUEUE_URL, deadLetterQueue);
        env.put(ReceiverVariables.MAX_MESSAGE_AGE_SECONDS,
                EnvVarsFile.read(aws.root()).variables(FUNCTION).get(ReceiverVariables.MAX_MESSAGE_AGE_SECONDS));
        env.put("AWS_REGION", LocalAws.REGION.id());
        env.put("AWS_ENDPOINT_URL", aws.endpoint().toString());
        return LambdaFunction.fromTemplate(aws.root().resolve("template.yaml"), FUNCTION,
                LambdaFunction.moduleClasspath(aws.root().resolve("functions/payment-authorizer")), env);
    }

    private static Path workDir(LocalAws aws) {
        return LocalAwsFolder.of(aws.root());
    }

    private Path eventsDir() {
        return aws.root().resolve("events");
    }

    private String read(String file) {
        try {
            return Files.readString(eventsDir().resolve(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<JsonNode> records(String file) {
        List<JsonNode> records = new ArrayList<>();
        tree(read(file)).path("Records").forEach(records::add);
        return records;
    }

    private List<String> ids(String file) {
        return records(file).stream().map(record -> record.path("messageId").asText()).toList();
    }

    private Instant issuedAt(String file, int index) {
        return Instant.parse(header(file, index, "timestamp"));
    }

    private String header(String file, int index, String field) {
        return tree(records(file).get(index).path("body").asText()).path("headers").path(field).asText();
    }

    /** The operation a message carries (its body without the envelope's headers). */
    private JsonNode paymentOf(String file, int index) {
        return tree(records(file).get(index).path("body").asText()).path("body");
    }

    /** The first record of poison-body.json is not JSON; every other body is a payment. */
    private static boolean isPoison(String file, int index) {
        return file.equals(POISON_BODY) && index == 0;
    }

    /**
     * The String attributes of the one message in the DLQ, which must be {@code record}'s body as
     * the function received it, byte for byte, sent by the function in the invocation that met it.
     */
    private Map<String, String> deadLetter(JsonNode record) {
        JsonNode received = invoked.get(record.path("messageId").asText());
        try (SqsClient sqs = aws.sqs()) {
            List<Message> dead = sqs.receiveMessage(request -> request.queueUrl(deadLetterQueue).maxNumberOfMessages(10)
                    .messageAttributeNames("All")).messages();
            assertEquals(List.of(received.path("body").asText()), dead.stream().map(Message::body).toList());
            Map<String, String> attributes = new HashMap<>();
            dead.get(0).messageAttributes().forEach((name, value) -> attributes.put(name, value.stringValue()));
            assertEquals(record.path("messageId").asText(), attributes.get("source_message_id"));
            return attributes;
        }
    }

    private static List<String> failures(Invocation invocation) {
        List<String> ids = new ArrayList<>();
        tree(invocation.payload()).path("batchItemFailures").forEach(failure -> ids.add(failure.path("itemIdentifier").asText()));
        return ids;
    }

    private static long outcomes(Invocation invocation, String outcome) {
        return invocation.logs().stream().filter(line -> line.contains("\"outcome\":\"" + outcome + "\"")).count();
    }

    private static void assertLogged(Invocation invocation, String outcome, String text) {
        assertTrue(invocation.logs().stream().anyMatch(line -> line.contains("\"outcome\":\"" + outcome + "\"")
                && line.contains(text)), () -> "no " + outcome + " line with '" + text + "' in:\n" + String.join("\n", invocation.logs()));
    }

    /** The account's ledger rows, transaction id to signed amount in minor units. */
    private void assertLedger(String account, Map<String, Long> expected) {
        Map<String, Long> rows = new HashMap<>();
        for (Map<String, AttributeValue> entry : ledger.entries(account)) {
            rows.put(entry.get(LedgerAttributes.SK).s(), Long.parseLong(entry.get(LedgerAttributes.AMOUNT_MINOR).n()));
        }
        assertEquals(expected, rows, account + "'s ledger");
    }

    private void assertRecord(String txn, String status, String reason) {
        Map<String, AttributeValue> record = ledger.record(txn).orElseThrow(() -> new AssertionError("no record of " + txn));
        assertEquals(status, record.get(IdempotencyRecordAttributes.STATUS).s(), txn);
        AttributeValue stored = record.get(IdempotencyRecordAttributes.REASON);
        assertEquals(reason, stored == null ? null : stored.s(), txn);
    }

    private static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static String md5(String body) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(body.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
