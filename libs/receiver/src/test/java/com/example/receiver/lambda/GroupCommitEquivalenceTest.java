package com.example.receiver.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.receiver.BatchResult;
import com.example.receiver.MessageResult;
import com.example.receiver.fixtures.SequentialRules;
import com.example.receiver.fixtures.SqsEvents;
import com.example.receiver.internal.config.ReceiverConfig;
import com.example.receiver.seats.Booking;
import com.example.receiver.seats.BookingModel;
import com.example.receiver.seats.SeatTables;
import com.example.receiver.wallets.TransferModel;
import com.example.receiver.wallets.TransferTraffic;
import com.example.receiver.wallets.WalletReceiver;
import com.example.receiver.wallets.WalletTables;
import com.example.receiver.wallets.WalletTransfers;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Group commit changes the cost, never a decision: on generated batches of seat bookings (new
 * bookings mostly on one hot event with few seats, so that seats are taken and declined inside a
 * batch, producer retries, the same booking id with another seat, bookings of other events,
 * unparseable bodies), the receiver with grouping, the receiver without it, and the sequential
 * model of the rules all end with the same outcome per message and the same seats held. The same
 * holds of two-sided operations (wallet transfers, each writing two wallets): batches whose
 * payer is hot, whose payee is hot, or both, with declines midway and duplicates, end with the
 * same outcome per message and the same balances.
 */
@ExtendWith(LocalAwsExtension.class)
class GroupCommitEquivalenceTest {

    private static final int SCENARIOS = 8;
    private static final int BATCHES = 4;
    /** Seats per event: few enough that some bookings find theirs taken, inside a batch too. */
    private static final int SEATS = 30;
    /** Where new bookings go: mostly the hot event. */
    private static final List<String> EVENTS = List.of("HOT", "HOT", "HOT", "HOT", "HOT", "HOT", "EVT-2", "EVT-3");

    private final LocalAws aws;
    private final Map<Boolean, Integer> transactions = new HashMap<>(Map.of(true, 0, false, 0));

    GroupCommitEquivalenceTest(LocalAws aws) {
        this.aws = aws;
    }

    /** Where a run ends: the outcome of every message, in order, and who holds which seat. */
    private record End(List<String> outcomes, Map<String, String> holders) {
    }

    @Test
    void groupedSequentialAndModel_agreeOnEveryDecision_andEverySeat() {
        for (int i = 0; i < SCENARIOS; i++) {
            long seed = 2_000 + i;
            List<List<String>> batches = generate(seed);
            End model = model(batches);
            End grouped = run(batches, true);
            End sequential = run(batches, false);
            assertEquals(model, sequential, "sequential vs model, seed " + seed);
            assertEquals(model, grouped, "grouped vs model, seed " + seed);
        }
        // AND the batches did group: fewer transactions with grouping than without
        assertTrue(transactions.get(true) < transactions.get(false),
                "transactions grouped " + transactions.get(true) + ", sequential " + transactions.get(false));
    }

    /** Where a run of transfers ends: the outcome of every message, in order, and every wallet's balance. */
    private record Ledger(List<String> outcomes, Map<String, Long> balances) {
    }

    @Test
    void twoSidedTransfers_groupedSequentialAndModel_agreeOnEveryDecision_andEveryBalance() {
        Map<Boolean, Integer> calls = new HashMap<>(Map.of(true, 0, false, 0));
        Set<String> met = new TreeSet<>();
        for (int i = 0; i < SCENARIOS; i++) {
            long seed = 3_000 + i;
            // the even seeds on a FIFO queue, a group per payer: groups paying one payee share a lane
            boolean fifo = i % 2 == 0;
            List<List<String>> batches = TransferTraffic.batches(seed, BATCHES);
            TransferModel model = new TransferModel(TransferTraffic.OPENING);
            List<String> modelOutcomes = new ArrayList<>();
            batches.forEach(batch -> modelOutcomes.addAll(model.decide(batch, groups(batch, fifo))));
            Ledger expected = new Ledger(modelOutcomes, model.balances());
            met.addAll(modelOutcomes);
            assertEquals(expected, transfers(batches, fifo, false, calls), "sequential vs model, seed " + seed);
            assertEquals(expected, transfers(batches, fifo, true, calls), "grouped vs model, seed " + seed);
        }
        // AND the traffic met what it is for: declines midway, duplicates, conflicts
        assertTrue(met.containsAll(List.of("APPROVED", "DECLINED:" + WalletTransfers.INSUFFICIENT_FUNDS,
                "DUPLICATE", "CONFLICT")), "outcomes met: " + met);
        // AND the batches did group: fewer transactions with grouping than without
        assertTrue(calls.get(true) < calls.get(false), "transactions grouped " + calls.get(true)
                + ", sequential " + calls.get(false));
    }

    private static List<Optional<String>> groups(List<String> batch, boolean fifo) {
        return batch.stream().map(body -> fifo ? TransferTraffic.payerOf(body) : Optional.<String>empty()).toList();
    }

    /** {@code batch} delivered once each, on the FIFO queue a group per payer when {@code fifo}. */
    private static SQSEvent event(List<String> batch, boolean fifo) {
        List<Optional<String>> groups = groups(batch, fifo);
        List<SQSEvent.SQSMessage> deliveries = new ArrayList<>();
        for (int m = 0; m < batch.size(); m++) {
            deliveries.add(SqsEvents.delivery(batch.get(m), groups.get(m)));
        }
        return SqsEvents.of(deliveries);
    }

    private Ledger transfers(List<List<String>> batches, boolean fifo, boolean groupCommit, Map<Boolean, Integer> calls) {
        WalletTables tables = WalletTables.create(aws.dynamoDb(), TransferTraffic.OPENING);
        try (WalletReceiver receiver = new WalletReceiver(aws, tables, groupCommit)) {
            List<String> outcomes = categories(batches.stream().map(batch -> event(batch, fifo)).toList(), receiver::decide);
            calls.merge(groupCommit, receiver.calls.of("TransactWriteItems"), Integer::sum);
            return new Ledger(outcomes, tables.balances());
        }
    }

    private static List<List<String>> generate(long seed) {
        Random random = new Random(seed);
        String run = "R" + seed + "-" + UUID.randomUUID().toString().substring(0, 6);
        List<Booking> sent = new ArrayList<>();
        List<List<String>> batches = new ArrayList<>();
        int next = 0;
        for (int b = 0; b < BATCHES; b++) {
            List<String> batch = new ArrayList<>();
            int size = 1 + random.nextInt(10);
            for (int m = 0; m < size; m++) {
                int kind = random.nextInt(10);
                if (kind < 2 && !sent.isEmpty()) {
                    batch.add(sent.get(random.nextInt(sent.size())).body());
                } else if (kind == 2 && !sent.isEmpty()) {
                    Booking original = sent.get(random.nextInt(sent.size()));
                    batch.add(Booking.body(original.bookingId(), original.event(), original.seat() + "X"));
                } else if (kind == 3) {
                    batch.add("{\"booking_id\":\"" + run + "-bad\",\"event\":\"\",\"seat\":\"A1\"}");
                } else {
                    String event = run + "-" + EVENTS.get(random.nextInt(EVENTS.size()));
                    Booking booking = new Booking(run + "-B" + next++, event, "S" + random.nextInt(SEATS));
                    sent.add(booking);
                    batch.add(booking.body());
                }
            }
            batches.add(batch);
        }
        return batches;
    }

    private static End model(List<List<String>> batches) {
        BookingModel model = new BookingModel();
        List<String> outcomes = new ArrayList<>();
        batches.forEach(batch -> outcomes.addAll(model.decide(batch)));
        return new End(outcomes, model.holders());
    }

    private End run(List<List<String>> batches, boolean groupCommit) {
        SeatTables tables = SeatTables.create(aws.dynamoDb());
        try (SeatReceiver receiver = SeatReceiver.on(aws, tables)
                .set(ReceiverConfig.GROUP_COMMIT, Boolean.toString(groupCommit)).build()) {
            List<String> outcomes = categories(batches.stream().map(batch -> SqsEvents.of(batch.toArray(String[]::new)))
                    .toList(), receiver::decide);
            transactions.merge(groupCommit, receiver.calls.of("TransactWriteItems"), Integer::sum);
            return new End(outcomes, tables.holders());
        }
    }

    /** The category of every message's outcome, event after event, as {@code decide} answers them. */
    private static List<String> categories(List<SQSEvent> events, Function<SQSEvent, BatchResult> decide) {
        List<String> outcomes = new ArrayList<>();
        for (SQSEvent event : events) {
            for (MessageResult result : decide.apply(event).results()) {
                outcomes.add(SequentialRules.category(result.outcome()));
            }
        }
        return outcomes;
    }
}
