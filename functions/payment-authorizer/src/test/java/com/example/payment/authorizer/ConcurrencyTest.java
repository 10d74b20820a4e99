package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.producerRetry;
import static com.example.payment.PaymentMessages.purchase;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.LocalAws;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Many Lambda environments at once, each message delivered several times, in random order. */
class ConcurrencyTest extends LocalAwsTest {

    private static final int THREADS = 8;
    private static final int TRANSACTIONS = 200;
    private static final int ACCOUNTS = 10;
    private static final long OPENING_BALANCE = 10_000_000;
    private static final int BATCH = 10;
    private static final int MAX_RECEIVES = 10;

    ConcurrencyTest(LocalAws aws) {
        super(aws);
    }

    /** A delivery and how often it was received. */
    private record Delivery(String body, int receives) {
    }

    @Test
    void eightEnvironments_sameTransactionsThreeTimesEach_debitEachExactlyOnce() throws Exception {
        // GIVEN 200 purchases over 10 accounts, each delivered 3 times (twice as is, once as a producer retry)
        Random random = new Random(42);
        Map<String, Long> expected = new HashMap<>();
        List<Delivery> deliveries = new ArrayList<>();
        for (int i = 0; i < TRANSACTIONS; i++) {
            String account = "ACC-" + (i % ACCOUNTS);
            long cents = 100 + random.nextInt(5_000);
            String message = purchase("TXN-C-" + i, account, String.format("%d.%02d", cents / 100, cents % 100), "EUR");
            expected.merge(account, cents, Long::sum);
            deliveries.add(new Delivery(message, 0));
            deliveries.add(new Delivery(message, 0));
            deliveries.add(new Delivery(producerRetry(message), 0));
        }
        Collections.shuffle(deliveries, random);
        ConcurrentLinkedQueue<Delivery> queue = new ConcurrentLinkedQueue<>(deliveries);
        List<AuthorizerRig> rigs = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            rigs.add(AuthorizerRig.withFastPath(aws));
        }
        rigs.get(0).ledger.openAccounts(ACCOUNTS, OPENING_BALANCE);

        // WHEN 8 environments drain the queue at once, failures going back to the queue
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        List<Future<Integer>> lost = new ArrayList<>();
        for (AuthorizerRig rig : rigs) {
            lost.add(threads.submit(() -> drain(rig, queue)));
        }
        int dropped = 0;
        for (Future<Integer> future : lost) {
            dropped += future.get(5, TimeUnit.MINUTES);
        }
        threads.shutdown();

        // THEN exactly 200 ledger rows, every balance exact, 200 decisions and 400 duplicates
        assertEquals(0, dropped, "no delivery exceeded its receives");
        assertEquals(TRANSACTIONS, rigs.get(0).ledger.allEntries());
        for (int a = 0; a < ACCOUNTS; a++) {
            String account = "ACC-" + a;
            assertEquals(OPENING_BALANCE - expected.get(account), rigs.get(0).ledger.balance(account), account);
        }
        long approved = rigs.stream().mapToLong(rig -> rig.metric("Approved")).sum();
        long duplicates = rigs.stream().mapToLong(rig -> rig.metric("DuplicateFastPath") + rig.metric("DuplicateStore")
                + rig.metric("DuplicateInBatch")).sum();
        assertEquals(TRANSACTIONS, approved);
        assertEquals(2L * TRANSACTIONS, duplicates);
        assertEquals(0, rigs.stream().mapToLong(rig -> rig.metric("Conflict")).sum());
        rigs.forEach(AuthorizerRig::close);
    }

    /** Takes batches until the queue is empty; returns how many deliveries ran out of receives. */
    private static int drain(AuthorizerRig rig, ConcurrentLinkedQueue<Delivery> queue) {
        int dropped = 0;
        while (true) {
            List<Delivery> taken = new ArrayList<>();
            for (Delivery next; taken.size() < BATCH && (next = queue.poll()) != null; ) {
                taken.add(next);
            }
            if (taken.isEmpty()) {
                return dropped;
            }
            SQSEvent event = AuthorizerRig.event(taken.stream().map(Delivery::body).toArray(String[]::new));
            SQSBatchResponse response = rig.invoke(event);
            List<String> failed = AuthorizerRig.failures(response);
            for (int i = 0; i < taken.size(); i++) {
                if (failed.contains(event.getRecords().get(i).getMessageId())) {
                    Delivery again = new Delivery(taken.get(i).body(), taken.get(i).receives() + 1);
                    if (again.receives() >= MAX_RECEIVES) {
                        dropped++;
                    } else {
                        queue.add(again);
                    }
                }
            }
        }
    }
}
