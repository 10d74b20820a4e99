package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.producerRetry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.LocalAws;
import com.example.payment.AccountAttributes;
import com.example.payment.LedgerAttributes;
import com.example.payment.Payment;
import com.example.payment.PaymentMessages;
import com.example.payment.PaymentParser;
import com.example.payment.authorizer.PaymentModel.Account;
import com.example.receiver.MessageResult;
import com.example.receiver.lambda.IdempotentReceiver;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.receiver.testkit.DynamoDbCallCounter;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Group commit changes the cost, never a decision: on generated batches (purchases, refunds,
 * producer retries, altered copies, insufficient funds, unknown, blocked and foreign-currency
 * accounts, standard and FIFO queues), the receiver with grouping, the receiver without it, and a
 * sequential model of the rules all end with the same outcome per message, the same balances and
 * the same ledger.
 */
class GroupCommitEquivalenceTest extends LocalAwsTest {

    private static final int SCENARIOS = 18;
    private static final int BATCHES = 4;
    /** Where new payments go: mostly the hot account, sometimes where they are declined. */
    private static final List<String> ACCOUNTS = List.of("ACC-HOT", "ACC-HOT", "ACC-HOT", "ACC-HOT", "ACC-HOT",
            "ACC-HOT", "ACC-HOT", "ACC-2", "ACC-3", "ACC-BLOCKED", "ACC-USD", "ACC-NONE");

    GroupCommitEquivalenceTest(LocalAws aws) {
        super(aws);
    }

    /** One generated scenario: the accounts as opened, then the batches, each of bodies and FIFO group ids. */
    private record Scenario(long seed, Map<String, Account> accounts, List<List<Delivery>> batches) {
    }

    private record Delivery(String body, Optional<String> group) {
    }

    /** Where a run ends: the outcome of every message, in order, and the tables. */
    private record End(List<String> outcomes, Map<String, Long> balances, Set<String> ledger) {
    }

    private final Map<Boolean, DynamoDbCallCounter> calls = Map.of(true, new DynamoDbCallCounter(),
            false, new DynamoDbCallCounter());

    @Test
    void groupedSequentialAndModel_agreeOnEveryDecision_balanceAndLedgerRow() {
        for (int i = 0; i < SCENARIOS; i++) {
            Scenario scenario = generate(1_000 + i, i % 3 == 2);
            End model = model(scenario);
            End grouped = run(scenario, true);
            End sequential = run(scenario, false);
            assertEquals(model, sequential, "sequential vs model, seed " + scenario.seed());
            assertEquals(model, grouped, "grouped vs model, seed " + scenario.seed());
        }
        // AND the batches did group: fewer transactions with grouping than without
        int grouped = calls.get(true).of("TransactWriteItems");
        int sequential = calls.get(false).of("TransactWriteItems");
        assertTrue(grouped < sequential, "transactions grouped " + grouped + ", sequential " + sequential);
    }

    private static Scenario generate(long seed, boolean fifo) {
        Random random = new Random(seed);
        Map<String, Account> accounts = new TreeMap<>();
        accounts.put("ACC-HOT", new Account(random.nextInt(60_000), "EUR", AccountAttributes.ACTIVE));
        accounts.put("ACC-2", new Account(random.nextInt(3_000), "EUR", AccountAttributes.ACTIVE));
        accounts.put("ACC-3", new Account(random.nextInt(3_000), "EUR", AccountAttributes.ACTIVE));
        accounts.put("ACC-BLOCKED", new Account(100_000, "EUR", AccountAttributes.BLOCKED));
        accounts.put("ACC-USD", new Account(100_000, "USD", AccountAttributes.ACTIVE));
        List<String> sent = new ArrayList<>();
        List<List<Delivery>> batches = new ArrayList<>();
        int txn = 0;
        for (int b = 0; b < BATCHES; b++) {
            List<Delivery> batch = new ArrayList<>();
            int size = 1 + random.nextInt(12);
            for (int m = 0; m < size; m++) {
                int kind = random.nextInt(10);
                String body;
                if (kind < 2 && !sent.isEmpty()) {
                    body = producerRetry(sent.get(random.nextInt(sent.size())));
                } else if (kind == 2 && !sent.isEmpty()) {
                    String original = sent.get(random.nextInt(sent.size()));
                    body = original.replaceFirst("\"amount\":([0-9]+)", "\"amount\":9$1");
                } else {
                    String account = ACCOUNTS.get(random.nextInt(ACCOUNTS.size()));
                    String amount = (random.nextInt(2_000) / 100) + "." + String.format("%02d", random.nextInt(100));
                    String id = "TXN-" + seed + "-" + txn++;
                    body = kind == 3
                            ? PaymentMessages.refund(id, account, amount, "EUR")
                            : PaymentMessages.purchase(id, account, amount, "EUR");
                    sent.add(body);
                }
                batch.add(new Delivery(body, fifo ? Optional.of(accountOf(body)) : Optional.empty()));
            }
            batches.add(batch);
        }
        return new Scenario(seed, accounts, batches);
    }

    private static String accountOf(String body) {
        return body.replaceFirst("(?s).*\"account_id\":\"([^\"]+)\".*", "$1");
    }

    private static End model(Scenario scenario) {
        PaymentModel model = new PaymentModel(scenario.accounts());
        PaymentParser parser = new PaymentParser();
        List<String> outcomes = new ArrayList<>();
        for (List<Delivery> batch : scenario.batches()) {
            outcomes.addAll(model.batch(batch.stream().map(delivery -> parser.parse(delivery.body())).toList(),
                    batch.stream().map(Delivery::group).toList()));
        }
        return new End(outcomes, model.balances(), model.ledger());
    }

    private End run(Scenario scenario, boolean groupCommit) {
        aws.resetTables();
        Map<String, String> env = new HashMap<>(AuthorizerRig.environment(aws, false));
        env.put(ReceiverVariables.GROUP_COMMIT, Boolean.toString(groupCommit));
        try (DynamoDbClient dynamoDb = aws.dynamoDb(calls.get(groupCommit));
             IdempotentReceiver<Payment> receiver = PaymentAuthorizer.create(env, dynamoDb,
                     aws::secretString, Clock.systemUTC(), new PrintStream(OutputStream.nullOutputStream()))) {
            Ledger ledger = new Ledger(aws.dynamoDb());
            scenario.accounts().forEach((id, account) -> ledger.openAccount(id, account.balanceMinor(),
                    account.currency(), account.status()));
            List<String> outcomes = new ArrayList<>();
            for (List<Delivery> batch : scenario.batches()) {
                SQSEvent event = new SQSEvent();
                event.setRecords(batch.stream()
                        .map(delivery -> AuthorizerRig.delivery(delivery.body(), delivery.group().orElse(null))).toList());
                for (MessageResult result : receiver.decide(event, null).results()) {
                    outcomes.add(PaymentModel.category(result.outcome()));
                }
            }
            Map<String, Long> balances = new TreeMap<>();
            scenario.accounts().keySet().forEach(id -> balances.put(id, ledger.balance(id)));
            Set<String> rows = new TreeSet<>();
            for (String id : scenario.accounts().keySet()) {
                ledger.entries(id).forEach(entry -> rows.add(PaymentModel.ledgerRow(id,
                        entry.get(LedgerAttributes.SK).s(), Long.parseLong(entry.get(LedgerAttributes.AMOUNT_MINOR).n()))));
            }
            return new End(outcomes, balances, rows);
        }
    }
}
