package com.example.payment.notifier.regions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.DeadLetterRedrive;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.localpayments.Accounts;
import com.example.localpayments.downstream.Downstream;
import com.example.payment.events.SnsDecisionPublisher;
import com.example.payment.events.replay.DecisionReplay;
import com.example.payment.events.replay.ReplayResult;
import com.example.payment.events.replay.ReplayWindow;
import com.example.paymenttraffic.Send;
import com.example.paymenttraffic.Traffic;
import com.example.paymenttraffic.TrafficProfile;
import com.example.paymenttraffic.reference.Decision;
import com.example.paymenttraffic.reference.ReferenceModel;
import com.example.receiver.testkit.AwsTime;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * docs/multi-region.md's runbook entries "A Region is lost" and "It came back", walked on the
 * local AWS in the entries' order: Regions A and B ({@link LocalRegion}), each with the
 * template's payments queue and DLQ, authorizer, publisher, topic and notifier, both on the same
 * tables (the local stand-in for MRSC global tables), the authorizer in the commit mode
 * template.yaml gives a multi-Region stack ({@link CommitMode}). The payments are the generator's
 * ({@code testing/payment-traffic}), the truth the reference model's ({@link ReferenceModel}).
 *
 * <p>The loss, as A goes: it decides and publishes a first part; its publisher stops, and it
 * decides a second part nobody hears of; it is cut off (its table calls fail) and a third part
 * reaches its DLQ after {@code MaxReceiveCount} receives; it is lost with a batch of the fourth in
 * flight and the rest in its queue. One producer in four does not fail over.
 */
@ExtendWith(LocalAwsExtension.class)
class RegionLossWalksTest {

    private static final int PAYMENTS = 40;
    /** The first three parts' ends (indices into the payments); the fourth is the rest. */
    private static final int PUBLISHED = 10;
    private static final int UNPUBLISHED = 18;
    private static final int DEAD_LETTERED = 26;

    private final LocalAws aws;
    private final ByteArrayOutputStream replayOutput = new ByteArrayOutputStream();
    private AwsTime time;
    private DynamoDbClient dynamoDb;
    private LocalRegion regionA;
    private LocalRegion regionB;
    private Traffic traffic;
    private List<Send> payments;
    private Producers producers;
    private String commitMode;

    RegionLossWalksTest(LocalAws aws) {
        this.aws = aws;
    }

    @BeforeEach
    void twoRegions() {
        aws.resetTables();
        time = aws.awsTime();
        dynamoDb = aws.dynamoDb();
        traffic = Traffic.generate(TrafficProfile.named("RGN").richAccounts(3, 1_000_000_000L)
                .payments(PAYMENTS, 100, 20_100).unknownAccountEvery(7), 49);
        payments = traffic.sends(Send.Moment.STREAM);
        assertEquals(PAYMENTS, payments.size(), "one send per payment: the producers' copies are the walk's own");
        Accounts.seed(dynamoDb, traffic.accounts().stream().map(account -> new Accounts.Account(account.id(),
                account.balanceMinor(), account.currency(), account.active() ? "ACTIVE" : "BLOCKED")).toList());
        commitMode = CommitMode.ofMultiRegionStack(aws.root());
        regionA = new LocalRegion(aws, time, "A", "us-east-1", commitMode, Map.of());
        regionB = new LocalRegion(aws, time, "B", "us-east-2", commitMode, regionA.pushApi());
        // One producer in four does not fail over (docs/multi-region.md, "What to do", step 3): its payments wait in A.
        producers = new Producers(txn -> Math.floorMod(txn.hashCode(), 4) != 3);
    }

    @AfterEach
    void close() {
        for (AutoCloseable open : new AutoCloseable[] {regionB, regionA, dynamoDb, time}) {
            if (open != null) {
                try {
                    open.close();
                } catch (Exception e) {
                    throw new IllegalStateException("closing " + open, e);
                }
            }
        }
    }

    @Test
    void aRegionIsLost_itsStrandedPaymentsWait_theProducersSendThemAgainToB_whichDecidesEachOnce_andDrainsWithAnEmptyDlq() {
        Loss loss = regionALost();

        // How to know it worked: B's queue drains at the traffic's rate, nothing reaches its DLQ,
        // and every payment sent to B is decided once: answered once by B, a DUPLICATE when A had decided it
        assertEquals(0, regionB.backlog());
        assertEquals(0, regionB.deadLetters(), "B's DLQs");
        Map<String, List<String>> answeredByB = byTransaction(regionB.outcomes());
        assertEquals(new TreeSet<>(loss.resentToB()), answeredByB.keySet());
        answeredByB.forEach((txn, outcomes) -> assertEquals(1, outcomes.size(), txn + " answered by B: " + outcomes));
        SharedTables tables = SharedTables.read(dynamoDb);
        for (String txn : loss.resentToB()) {
            String expected = loss.decidedByA().contains(txn) ? "DUPLICATE" : tables.statuses().get(txn);
            assertEquals(expected, answeredByB.get(txn).get(0), txn + ": B's answer against its record");
            assertTrue(tables.statuses().containsKey(txn), txn + " has no record");
            assertTrue(tables.ledgerRows().getOrDefault(txn, 0) <= 1, txn + " has ledger entries " + tables.ledgerRows().get(txn));
        }
        assertTrue(loss.resentToB().stream().anyMatch(loss.decidedByA()::contains),
                "the walk sent B no payment A had decided: it shows no duplicate across Regions");
        // AND B's topic carries each of B's decisions; in single-write mode those alone, once each (its
        // mapping keeps its own Region's records), in today's mode every record of the one stream
        List<String> decidedByB = regionB.outcomes().stream()
                .filter(outcome -> outcome.getValue().equals("APPROVED") || outcome.getValue().equals("DECLINED"))
                .map(Map.Entry::getKey).sorted().toList();
        if (CommitMode.SINGLE_WRITE.equals(commitMode)) {
            assertEquals(decidedByB, regionB.published().stream().sorted().toList(), "B's topic");
        } else {
            assertTrue(regionB.published().containsAll(decidedByB), "B's topic: " + regionB.published());
        }
        // AND what A holds waits there: its in-flight batch and its queue, its DLQ; nothing of it decided twice
        assertEquals(PAYMENTS - DEAD_LETTERED, regionA.backlog(), "A's stranded payments");
        assertEquals(DEAD_LETTERED - UNPUBLISHED, regionA.deadLetters(), "A's DLQ");
        assertOncePerDecision(tables);
    }

    @Test
    void itCameBack_itsStrandedPaymentsAndItsDlqAreDecidedOnce_theReplayPublishesTheOutage_andEveryPaymentIsTheReferenceModels() {
        Loss loss = regionALost();
        int answeredByABeforeItsReturn = regionA.outcomes().size();

        // WHEN A answers again, its event sources still disabled (What to do, step 1: MRSC needs no wait)
        regionA.cutOff(false);
        regionA.pollOnce();
        // THEN it decides nothing yet: its stranded payments wait
        assertEquals(answeredByABeforeItsReturn, regionA.outcomes().size());
        assertEquals(PAYMENTS - DEAD_LETTERED, regionA.backlog());

        // WHEN its event sources are enabled (step 3): its stranded payments drain, the in-flight batch once visible again
        regionA.eventSources(true);
        regionA.drain();
        // AND its DLQ is redriven to its queue and drained (step 4)
        DeadLetterRedrive.Result redriven;
        try (SqsClient sqs = aws.sqs()) {
            redriven = DeadLetterRedrive.move(sqs, regionA.deadLetterQueue(), regionA.paymentsQueue());
        }
        assertEquals(DEAD_LETTERED - UNPUBLISHED, redriven.moved());
        regionA.drain();
        // AND its publisher's stream resumes, and the outage's window is replayed on its topic (step 5)
        regionA.publishAndNotify();
        ReplayResult replayed = replay(new ReplayWindow(loss.cutOffAt(), time.clock().instant().plusSeconds(1)));
        assertEquals(List.of(), replayed.failed(), "the replay's failed");
        regionA.publishAndNotify();
        regionB.publishAndNotify();

        // THEN (How to know it worked) its queues and DLQs are empty, and B's
        assertEquals(0, regionA.backlog() + regionB.backlog());
        assertEquals(0, regionA.deadLetters() + regionB.deadLetters(), "the DLQs of A and B");
        // AND what A drained: a DUPLICATE for each payment B decided, the others decided late, once
        Set<String> decidedElsewhere = new TreeSet<>(loss.resentToB());
        decidedElsewhere.addAll(loss.decidedByA());
        List<Map.Entry<String, String>> afterReturn = regionA.outcomes().subList(answeredByABeforeItsReturn, regionA.outcomes().size());
        afterReturn.stream().filter(outcome -> decidedElsewhere.contains(outcome.getKey()))
                .forEach(outcome -> assertEquals("DUPLICATE", outcome.getValue(), outcome.getKey() + " was decided before A came back"));
        assertTrue(afterReturn.stream().anyMatch(outcome -> !decidedElsewhere.contains(outcome.getKey())),
                "A decided nothing late: the walk left no payment of a producer that does not fail over");
        // AND every payment is decided exactly once across A and B, as the reference model decides them
        ReferenceModel model = ReferenceModel.replay(traffic);
        SharedTables tables = SharedTables.read(dynamoDb);
        Map<String, List<String>> decisions = byTransaction(Stream.concat(regionA.outcomes().stream(), regionB.outcomes().stream())
                .filter(outcome -> outcome.getValue().equals("APPROVED") || outcome.getValue().equals("DECLINED")).toList());
        assertEquals(model.records().keySet(), decisions.keySet(), "the payments decided");
        decisions.forEach((txn, outcomes) -> assertEquals(1, outcomes.size(), txn + " decided " + outcomes));
        assertEquals(statuses(model), tables.statuses());
        assertEquals(new TreeSet<>(model.ledger().keySet()), tables.ledgerRows().keySet());
        assertOncePerDecision(tables);
        assertEquals(model.balances(), new TreeMap<>(tables.balances()));
        // AND every decision is published (on A's topic or B's), and every approval delivered to the customer once
        Set<String> published = new TreeSet<>(regionA.published());
        published.addAll(regionB.published());
        assertEquals(model.records().keySet(), published);
        Downstream customer = regionA.downstream();
        Map<String, Long> deliveries = customer.pushApi().requests().stream().filter(request -> request.delivered())
                .collect(Collectors.groupingBy(request -> request.idempotencyKey(), TreeMap::new, Collectors.counting()));
        assertEquals(new TreeSet<>(model.ledger().keySet()), deliveries.keySet(), "the approvals delivered");
        deliveries.forEach((txn, count) -> assertEquals(1L, count, txn + " delivered " + count + " times"));
    }

    /**
     * What happened to A, in order, and the runbook's first entry: A lost, its event sources
     * stopped, the producers failed over, B drained (scaling the survivor: nothing locally, B's
     * mapping polls as fast as the test).
     */
    private Loss regionALost() {
        // GIVEN traffic into A: a first part decided and published; the producers hear of it
        producers.send(regionA, payments.subList(0, PUBLISHED), time.clock().instant());
        regionA.drain();
        regionA.publishAndNotify();
        // AND A's publisher stopped, a second part decided there: nobody hears of it
        producers.send(regionA, payments.subList(PUBLISHED, UNPUBLISHED), time.clock().instant());
        regionA.drain();
        Set<String> decidedByA = byTransaction(regionA.outcomes()).keySet();
        // AND A cut off from the other Regions: its writes fail, a third part reaches its DLQ past MaxReceiveCount
        Instant cutOffAt = time.clock().instant();
        regionA.cutOff(true);
        producers.send(regionA, payments.subList(UNPUBLISHED, DEAD_LETTERED), time.clock().instant());
        regionA.drain();
        assertEquals(DEAD_LETTERED - UNPUBLISHED, regionA.deadLetters(), "A's DLQ after its cut-off");
        // AND A lost during an invocation: a batch of the fourth part in flight, the rest in its queue
        producers.send(regionA, payments.subList(DEAD_LETTERED, PAYMENTS), time.clock().instant());
        assertEquals(10, regionA.dieWithABatchInFlight());

        // WHEN the operator stops A's event sources (What to do, step 2; its control plane answers here)
        regionA.eventSources(false);
        // AND the producers send again to B, with the same bodies, what they heard no decision for (step 3)
        List<String> heard = new ArrayList<>(regionA.published());
        heard.addAll(regionB.published());
        List<String> resentToB = producers.failOver(regionA, regionB, heard);
        // AND B drains its queue, publishes and notifies
        regionB.drain();
        regionB.publishAndNotify();
        return new Loss(cutOffAt, decidedByA, resentToB);
    }

    /**
     * @param cutOffAt   when A's writes began to fail (AWS's time): the outage window's start
     * @param decidedByA the payments A decided before it was lost
     * @param resentToB  the payments the producers sent again to B
     */
    private record Loss(Instant cutOffAt, Set<String> decidedByA, List<String> resentToB) {
    }

    private ReplayResult replay(ReplayWindow window) {
        try (SnsClient sns = aws.sns()) {
            return new DecisionReplay(dynamoDb, Downstream.IDEMPOTENCY_TABLE, new SnsDecisionPublisher(sns, regionA.topicArn()),
                    new PrintStream(replayOutput, true, StandardCharsets.UTF_8)).replay(window);
        }
    }

    /** Each approval has one ledger entry, and nothing else has one. */
    private static void assertOncePerDecision(SharedTables tables) {
        tables.ledgerRows().forEach((txn, rows) -> assertEquals(1, rows, txn + "'s ledger entries"));
        tables.ledgerRows().keySet().forEach(txn -> assertEquals("APPROVED", tables.statuses().get(txn), txn + " has a ledger entry"));
    }

    private static Map<String, String> statuses(ReferenceModel model) {
        Map<String, String> statuses = new TreeMap<>();
        model.records().forEach((txn, decision) -> statuses.put(txn, decision instanceof Decision.Approved ? "APPROVED" : "DECLINED"));
        return statuses;
    }

    private static Map<String, List<String>> byTransaction(List<Map.Entry<String, String>> outcomes) {
        return outcomes.stream().collect(Collectors.groupingBy(Map.Entry::getKey, TreeMap::new,
                Collectors.mapping(Map.Entry::getValue, Collectors.toList())));
    }
}
