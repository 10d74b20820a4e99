package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.producerRetry;
import static com.example.payment.PaymentMessages.purchase;
import static com.example.payment.authorizer.AuthorizerRig.event;
import static com.example.payment.authorizer.AuthorizerRig.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdafakes.LambdaContext;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localaws.InProcessFunction;
import com.example.localaws.LocalAws;
import com.example.localaws.observability.FunctionOutput;
import com.example.localaws.observability.MetricSamples;
import com.example.localaws.observability.TemplateAlarm;
import com.example.localaws.proxy.LoopbackProxy;
import com.example.receiver.testkit.AwsTime;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The runbook entries (docs/deploy.md) of the alarms on the authorizer's own EMF metrics, walked
 * on the local AWS from the fault to the recovery: the fault injected, the handler as Lambda
 * builds it run on AWS's time ({@link AwsTime}, so that each 5-minute period of the alarm gets
 * its own invocations), the alarm evaluated on the EMF lines the function wrote as template.yaml
 * defines it ({@link TemplateAlarm}: metric, dimensions, statistic, threshold, periods), the
 * entry's steps, then the alarm cleared and every payment decided once.
 */
class EmfAlarmWalksTest extends LocalAwsTest {

    private static final Duration PERIOD = Duration.ofMinutes(5);

    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private InProcessFunction function;
    private AwsTime time;

    EmfAlarmWalksTest(LocalAws aws) {
        super(aws);
    }

    @BeforeEach
    void function() {
        function = InProcessFunction.of(aws, "PaymentAuthorizerFunction");
        time = aws.awsTime();
        startOfAPeriod(time);
    }

    @AfterEach
    void close() {
        time.close();
        function.close();
    }

    @Test
    void duplicateRate_aProducerResendingEveryPayment_firesAfterThreePeriods_andClearsOnceItStops() {
        TemplateAlarm alarm = alarm("DuplicateRateAlarm");
        Ledger ledger = new Ledger(aws.dynamoDb());
        ledger.openAccounts(5, 1_000_000);
        PaymentAuthorizerHandler handler = handler(alarm, AuthorizerRig.environment(aws, true), function.dynamoDb());
        // GIVEN a producer re-sending every payment (its own retries: a new message id, the same
        // transaction) for three 5-minute periods
        List<String> failed = new ArrayList<>();
        int payments = 0;
        for (int period = 0; period < 3; period++, time.advance(PERIOD)) {
            List<String> sent = new ArrayList<>();
            for (int i = 0; i < 5; i++, payments++) {
                sent.add(purchase("TXN-DR-" + payments, "ACC-" + i, "1.00", "EUR"));
            }
            failed.addAll(failures(invoke(handler, sent)));
            failed.addAll(failures(invoke(handler, sent.stream().map(payment -> producerRetry(payment)).toList())));
        }
        // THEN the duplicate rate is 50 % in each period, over the template's 5: the alarm fires
        TemplateAlarm.Evaluation fired = alarm.evaluate(samples(), time.clock().instant().minus(PERIOD));
        assertTrue(fired.alarm(), fired::toString);
        fired.periods().forEach(period -> assertEquals(50.0, period.value(), fired::toString));
        // AND "Duplicates by source", as the entry's How to see it reads it: the copies were caught
        // in the cache (fast path), none late: a producer re-sending, not old traffic
        assertEquals(15, sum("DuplicateFastPath") + sum("DuplicateStore"));
        assertTrue(sum("DuplicateFastPath") > sum("DuplicateStore"), () -> "fast path " + sum("DuplicateFastPath"));
        assertEquals(0, sum("DuplicateLate"));

        // WHEN its owners stop the re-sending (What to do), and payments go on for three periods
        for (int period = 0; period < 3; period++, time.advance(PERIOD)) {
            List<String> sent = new ArrayList<>();
            for (int i = 0; i < 5; i++, payments++) {
                sent.add(purchase("TXN-DR-" + payments, "ACC-" + i, "1.00", "EUR"));
            }
            failed.addAll(failures(invoke(handler, sent)));
        }
        // THEN the rate is 0 in each period and the alarm clears (How to know it worked)
        TemplateAlarm.Evaluation cleared = alarm.evaluate(samples(), time.clock().instant().minus(PERIOD));
        assertFalse(cleared.alarm(), cleared::toString);
        cleared.periods().forEach(period -> assertEquals(0.0, period.value(), cleared::toString));
        // AND every payment was decided once: 30 approvals, each account debited 6 x 1.00
        assertEquals(List.of(), failed);
        assertEquals(30, ledger.allEntries());
        assertEquals(30, sum("Approved"));
        for (int i = 0; i < 5; i++) {
            assertEquals(1_000_000 - 600, ledger.balance("ACC-" + i));
        }
    }

    @Test
    void fastPathUnavailable_theCacheDownForFifteenMinutes_firesWhileEveryPaymentIsDecided_andClearsOnceTheCacheIsBack() {
        TemplateAlarm alarm = alarm("FastPathUnavailableAlarm");
        Ledger ledger = new Ledger(aws.dynamoDb());
        ledger.openAccounts(4, 1_000_000);
        PaymentAuthorizerHandler handler = handler(alarm, AuthorizerRig.environment(aws, true), function.dynamoDb());
        List<String> failed = new ArrayList<>();
        // GIVEN the cache down (redis-server stopped) for three 5-minute periods, payments and
        // their redeliveries arriving in each
        aws.redis().stop();
        int payments = walkPeriods(handler, failed, 0);
        // THEN FastPathUnavailable is counted in each period: the alarm fires; every payment is
        // still decided, every copy a duplicate found by the store
        TemplateAlarm.Evaluation fired = alarm.evaluate(samples(), time.clock().instant().minus(PERIOD));
        assertTrue(fired.alarm(), fired::toString);
        assertEquals(List.of(), failed);
        assertEquals(payments, sum("DuplicateStore"));
        assertEquals(0, sum("DuplicateFastPath"));

        // WHEN the cache is fixed (What to do) and payments go on for three periods
        aws.redis().start();
        int before = lines();
        walkPeriods(handler, failed, payments);
        // THEN FastPathUnavailable is zero, the fast path source is back in "Duplicates by
        // source", and the alarm clears (How to know it worked)
        TemplateAlarm.Evaluation cleared = alarm.evaluate(samples(), time.clock().instant().minus(PERIOD));
        assertFalse(cleared.alarm(), cleared::toString);
        assertEquals(0, sumSince(before, "FastPathUnavailable"));
        assertTrue(sumSince(before, "DuplicateFastPath") > 0, "the fast path catches copies again");
        // AND every payment was decided once
        assertEquals(List.of(), failed);
        assertEquals(2 * payments, ledger.allEntries());
        assertEquals(2 * payments, sum("Approved"));
    }

    @Test
    void storeLatency_dynamoDbSlowForFifteenMinutes_firesOnTheP99_andClearsOnceItIsFast() {
        TemplateAlarm alarm = alarm("StoreLatencyAlarm");
        Ledger ledger = new Ledger(aws.dynamoDb());
        ledger.openAccounts(3, 1_000_000);
        try (LoopbackProxy network = aws.proxyToAws(); DynamoDbClient dynamoDb = throughProxy(network)) {
            PaymentAuthorizerHandler handler = handler(alarm, AuthorizerRig.environment(aws, false), dynamoDb);
            List<String> failed = new ArrayList<>();
            // GIVEN every DynamoDB call slowed by 2 x 150 ms (the request and the answer held) for
            // three 5-minute periods: a slow path to DynamoDB, neither throttling nor contention
            network.delay(Duration.ofMillis(150));
            int payments = 0;
            for (int period = 0; period < 3; period++, time.advance(PERIOD)) {
                payments = newPayments(handler, failed, payments, 3);
            }
            // THEN the store call's p99 is over the template's 250 ms in each period: the alarm fires
            TemplateAlarm.Evaluation fired = alarm.evaluate(samples(), time.clock().instant().minus(PERIOD));
            assertTrue(fired.alarm(), fired::toString);
            fired.periods().forEach(period -> assertTrue(period.value() > alarm.threshold(), fired::toString));
            // AND the entry's How to see it, in order: no RETRY line with cause THROTTLING or
            // CONTENTION (the commits are slow, not refused), the batches finished inside the timeout
            assertEquals(List.of(), lines("RETRY"));
            assertEquals(List.of(), failed);

            // WHEN DynamoDB is fast again, and payments go on for three periods
            network.pass();
            int before = lines();
            for (int period = 0; period < 3; period++, time.advance(PERIOD)) {
                payments = newPayments(handler, failed, payments, 3);
            }
            // THEN the p99 is under the threshold and the alarm clears after three periods below it
            TemplateAlarm.Evaluation cleared = alarm.evaluate(samples(), time.clock().instant().minus(PERIOD));
            assertFalse(cleared.alarm(), cleared::toString);
            assertEquals(9, sumSince(before, "Approved"));
            // AND every payment was decided once
            assertEquals(List.of(), failed);
            assertEquals(payments, ledger.allEntries());
            assertEquals(payments, sum("Approved"));
        }
    }

    /**
     * AWS's time moved to 10 s past the start of CloudWatch's next 5-minute period (periods start
     * at multiples of 5 minutes), so that invocations 5 minutes apart fall one in each period.
     */
    static void startOfAPeriod(AwsTime time) {
        long now = time.clock().millis();
        long period = PERIOD.toMillis();
        time.advance(Duration.ofMillis(Math.floorDiv(now, period) * period + period - now).plusSeconds(10));
    }

    /** Three 5-minute periods of 4 new payments and a redelivery of each; the next payment number. */
    private int walkPeriods(PaymentAuthorizerHandler handler, List<String> failed, int from) {
        int payments = from;
        for (int period = 0; period < 3; period++, time.advance(PERIOD)) {
            List<String> sent = new ArrayList<>();
            for (int i = 0; i < 4; i++, payments++) {
                sent.add(purchase("TXN-FP-" + payments, "ACC-" + i, "1.00", "EUR"));
            }
            failed.addAll(failures(invoke(handler, sent)));
            failed.addAll(failures(invoke(handler, sent)));
        }
        return payments;
    }

    /** {@code count} new payments on as many accounts, in one batch; the next payment number. */
    private int newPayments(PaymentAuthorizerHandler handler, List<String> failed, int from, int count) {
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            sent.add(purchase("TXN-SL-" + (from + i), "ACC-" + i, "1.00", "EUR"));
        }
        failed.addAll(failures(invoke(handler, sent)));
        return from + count;
    }

    private static TemplateAlarm alarm(String logicalId) {
        return TemplateAlarm.read(com.example.localaws.ProjectRoot.find().resolve("template.yaml"), logicalId);
    }

    /**
     * The handler as Lambda builds it, on AWS's time, its metrics in the alarm's namespace (the
     * template's {@code MetricsNamespace} default), its output kept.
     */
    private PaymentAuthorizerHandler handler(TemplateAlarm alarm, Map<String, String> environment, DynamoDbClient dynamoDb) {
        Map<String, String> env = new HashMap<>(environment);
        env.put(TelemetryConfig.METRICS_NAMESPACE, alarm.namespace());
        PaymentAuthorizerHandler handler = new PaymentAuthorizerHandler(env, dynamoDb, function::secretString, function::sqs,
                time.clock(), new PrintStream(output, true, StandardCharsets.UTF_8), new SecureRandom());
        function.initialised();
        return handler;
    }

    private DynamoDbClient throughProxy(LoopbackProxy proxy) {
        return DynamoDbClient.builder().endpointOverride(proxy.uri()).region(LocalAws.REGION)
                .credentialsProvider(LocalAws.credentials())
                .httpClientBuilder(UrlConnectionHttpClient.builder().tlsTrustManagersProvider(aws.trust())
                        .socketTimeout(Duration.ofSeconds(10)))
                .build();
    }

    private com.amazonaws.services.lambda.runtime.events.SQSBatchResponse invoke(PaymentAuthorizerHandler handler, List<String> bodies) {
        return handler.handleRequest(event(bodies.toArray(String[]::new)), LambdaContext.startingNow("payment-authorizer", Duration.ofSeconds(30)));
    }

    private FunctionOutput parsed() {
        return FunctionOutput.parse(output.toByteArray());
    }

    private MetricSamples samples() {
        return MetricSamples.fromEmf(parsed().emf());
    }

    private long sum(String metric) {
        return sumSince(0, metric);
    }

    /** The sum of {@code metric} over the EMF lines after the first {@code line} lines. */
    private long sumSince(int line, String metric) {
        List<com.fasterxml.jackson.databind.JsonNode> all = parsed().lines();
        return all.subList(line, all.size()).stream().filter(com.example.localaws.observability.EmfSpecification::isEmf)
                .mapToLong(node -> node.path(metric).asLong(0)).sum();
    }

    private int lines() {
        return parsed().lines().size();
    }

    private List<String> lines(String outcome) {
        return parsed().logs().stream().filter(line -> outcome.equals(line.path("outcome").asText())).map(Object::toString).toList();
    }
}
