package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.producerRetry;
import static com.example.payment.PaymentMessages.purchase;
import static com.example.payment.authorizer.AuthorizerRig.event;
import static com.example.payment.authorizer.AuthorizerRig.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdafakes.LambdaContext;
import com.example.localaws.LocalAws;
import com.example.payment.AccountAttributes;
import com.example.payment.PaymentMessages;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.receiver.testkit.Fault;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What the function writes over a mixed run (approvals, declines, duplicates of every source,
 * conflicts, rejections, retries): its stdout lines and whatever its libraries log to stderr.
 * No line may hold a card hash or card number, and no WARN or ERROR line an amount.
 */
class LogHygieneTest extends LocalAwsTest {

    /** Every attempt fails: more than the SDK's retries and the receiver's back-off together make. */
    private static final int EVERY_ATTEMPT = 10_000;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CARD_NUMBER = "4111111111111111";

    LogHygieneTest(LocalAws aws) {
        super(aws);
    }

    @Test
    void mixedRun_logsNoCardHashAnywhere_andNoAmountInWarnOrErrorLines() {
        // Amounts whose digits cannot come from a latency or a timestamp by chance
        Map<String, String> payments = Map.of(
                "TXN-L-A1", "7391.37", "TXN-L-A2", "6283.41", "TXN-L-D1", "9182.73",
                "TXN-L-D2", "4826.19", "TXN-L-T1", "8265.93");
        String a1 = purchase("TXN-L-A1", "ACC-L1", "7391.37", "EUR");
        String a2 = purchase("TXN-L-A2", "ACC-L1", "6283.41", "EUR");
        String d1 = purchase("TXN-L-D1", "ACC-L2", "9182.73", "EUR");
        String d2 = purchase("TXN-L-D2", "ACC-L3", "4826.19", "EUR");
        // alone on its account, so that its throttled transaction is its own, not a group's
        String t1 = purchase("TXN-L-T1", "ACC-L4", "8265.93", "EUR");
        String tooManyDecimals = purchase("TXN-L-R1", "ACC-L1", "5174.291", "EUR");
        String rawCardNumber = PaymentMessages.build("TXN-L-R2", "ACC-L1", "3947.62", "EUR", "PURCHASE",
                body -> body.put("card_number_hash", CARD_NUMBER));
        List<String> amounts = List.of("7391.37", "6283.41", "9182.73", "4826.19", "8265.93", "5174.291", "3947.62",
                "7391.38", "6283.42");
        List<String> stdout;
        String stderr;
        ByteArrayOutputStream stderrBytes = new ByteArrayOutputStream();
        PrintStream originalErr = System.err;
        // an invocation of 3 s keeping 1 s in reserve gives up on the throttled payment after about 2 s
        Map<String, String> env = new HashMap<>(AuthorizerRig.environment(aws, true));
        env.put(ReceiverVariables.MIN_REMAINING_TIME_MS, "1000");
        try (AuthorizerRig rig = AuthorizerRig.with(aws, env, Clock.systemUTC())) {
            rig.ledger.openAccount("ACC-L1", 10_000_000, "EUR");
            rig.ledger.openAccount("ACC-L2", 500, "EUR");
            rig.ledger.openAccount("ACC-L3", 10_000_000, "EUR", AccountAttributes.BLOCKED);
            rig.ledger.openAccount("ACC-L4", 10_000_000, "EUR");
            System.setErr(new PrintStream(new Tee(originalErr, stderrBytes), true, StandardCharsets.UTF_8));
            try {
                // GIVEN DynamoDB throttles every attempt for TXN-L-T1
                aws.moto().inject(Fault.throttling("TransactWriteItems", "TXN-L-T1", EVERY_ATTEMPT));
                // approvals, declines, two rejections, a retry
                assertEquals(3, failures(rig.invoke(event(a1, a2, d1, d2, tooManyDecimals, rawCardNumber, t1),
                        LambdaContext.startingNow("payment-authorizer", Duration.ofSeconds(3)))).size());
                aws.moto().clearFaults();
                // a fast-path duplicate, the retried one approved, an in-batch conflict
                assertEquals(1, failures(rig.invoke(event(a1, t1, a1.replace("7391.37", "7391.38")))).size());
                // with the cache emptied: a conflict found by the store, then store duplicates
                aws.redis().flushAll();
                assertEquals(1, failures(rig.invoke(event(a2.replace("6283.41", "6283.42")))).size());
                assertEquals(0, failures(rig.invoke(event(producerRetry(a2), d1))).size());
            } finally {
                System.setErr(originalErr);
            }
            stdout = rig.lines();
            stderr = stderrBytes.toString(StandardCharsets.UTF_8);
        }

        // THEN the run showed every kind of outcome, so the lines below are not vacuous
        Set<String> kinds = new TreeSet<>();
        List<String> warnOrError = new ArrayList<>(stderr.lines().toList());
        for (String line : stdout) {
            JsonNode json = json(line);
            if (json.has("outcome")) {
                kinds.add(json.get("outcome").textValue() + Optional.ofNullable(json.get("source")).map(s -> "/" + s.textValue()).orElse(""));
            }
            String level = json.path("level").asText("");
            if (level.equals("WARN") || level.equals("ERROR")) {
                warnOrError.add(line);
            }
        }
        assertEquals(new TreeSet<>(List.of("APPROVED", "DECLINED", "REJECTED", "RETRY", "CONFLICT",
                "DUPLICATE/FAST_PATH", "DUPLICATE/STORE")), kinds);
        assertTrue(warnOrError.size() >= 8, "WARN lines: " + warnOrError);

        // THEN no line holds a card hash (with or without its prefix) nor the card number
        List<String> everyLine = new ArrayList<>(stdout);
        everyLine.addAll(stderr.lines().toList());
        List<String> cardData = new ArrayList<>(List.of(CARD_NUMBER));
        payments.keySet().forEach(txn -> cardData.add(PaymentMessages.cardHash(txn).substring("sha256:".length())));
        cardData.add(PaymentMessages.cardHash("TXN-L-R1").substring("sha256:".length()));
        for (String line : everyLine) {
            for (String card : cardData) {
                assertFalse(line.contains(card), "card data in a log line: " + line);
            }
        }
        // THEN no WARN or ERROR line holds an amount, as sent or in minor units
        for (String amount : amounts) {
            BigDecimal major = new BigDecimal(amount);
            Pattern spelled = Pattern.compile("(?<![0-9])(" + Pattern.quote(amount) + "|"
                    + major.movePointRight(2).stripTrailingZeros().toPlainString() + ")(?![0-9])");
            for (String line : warnOrError) {
                assertFalse(spelled.matcher(line).find(), "amount " + amount + " in: " + line);
            }
        }
    }

    private static JsonNode json(String line) {
        try {
            return JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new AssertionError("not a JSON line: " + line, e);
        }
    }

    /** Writes to the real stderr too, so the test's stderr stays visible in the surefire report. */
    private static final class Tee extends OutputStream {
        private final PrintStream original;
        private final ByteArrayOutputStream copy;

        Tee(PrintStream original, ByteArrayOutputStream copy) {
            this.original = original;
            this.copy = copy;
        }

        @Override
        public synchronized void write(int b) {
            original.write(b);
            copy.write(b);
        }

        @Override
        public synchronized void write(byte[] bytes, int offset, int length) {
            original.write(bytes, offset, length);
            copy.write(bytes, offset, length);
        }
    }
}
