package com.example.sim.regions;

import com.example.sim.models.DynamoDbModel;
import com.example.sim.models.SqsMessage;
import com.example.sim.models.SqsQueue;
import com.example.sim.runtime.Scheduler;
import com.example.sim.workload.Payment;
import com.example.sim.workload.Producers;
import com.example.sim.workload.SentMessages;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Design (c)'s homes: every account is homed in one Region, carried on its account item
 * ({@value #HOME}, with the {@value #EPOCH} each move bumps), and a payment is decided only there.
 * <ul>
 *   <li>Forwarding: a Region's front door (its API, before its queue) reads the account's home in
 *       its own replica and sends the payment to the home Region's queue (SQS takes a send from
 *       another Region: a queue is named by its URL). A front door in a lost Region forwards
 *       nothing: what was sent to it is stranded in its queue.</li>
 *   <li>The move: when the loss is seen (the producers' alarm, {@link FailoverRoute#detectedAt()}),
 *       the operators, in the next Region up, write each of the lost Region's accounts homed there
 *       with its epoch bumped and grant that Region the new epoch. They cannot pause the lost
 *       Region first, as AWS's evacuation of an MREC table asks of a live one (pause the writes,
 *       wait for replication: "Evacuation processes for global tables", AWS Prescriptive Guidance,
 *       https://docs.aws.amazon.com/prescriptive-guidance/latest/dynamodb-global-tables/evacuation-processes.html):
 *       the Region's writes not yet replicated arrive when it returns, and last writer wins
 *       ({@link MrecReplication}).</li>
 *   <li>The return: the returning Region's consumers stay stopped (its event source mapping
 *       disabled) until its replica holds every move, checked every {@value #CHECK_SECONDS} s;
 *       then its stranded messages of accounts homed elsewhere go to their homes' queues, and its
 *       consumers start again. Until then its stale copies would pass the fence
 *       ({@link FencedReplica}), as any condition on MREC is evaluated on the local copy.</li>
 * </ul>
 */
public final class HomeRegions {

    /** The account item's home Region, a number. */
    public static final String HOME = "home";
    /** The account item's epoch, bumped by every move of its home. */
    public static final String EPOCH = "epoch";
    private static final long CHECK_SECONDS = 10;

    private final Scheduler scheduler;
    private final RegionOutages outages;
    private final String accounts;
    private final String accountKey;
    private final SentMessages sent;
    private final List<DynamoDbModel> replicas = new ArrayList<>();
    private final List<SqsQueue> queues = new ArrayList<>();
    private final List<Runnable> pollers = new ArrayList<>();
    /** Per Region, the epoch at which each account was granted to it, where not the first. */
    private final List<Map<String, Long>> granted = new ArrayList<>();
    /** The accounts moved, and the epoch each was moved at. */
    private final Map<String, Long> moved = new HashMap<>();
    private boolean moveDone;
    private boolean reopened;
    private long forwarded;

    public HomeRegions(Scheduler scheduler, RegionOutages outages, String accounts, String accountKey, SentMessages sent) {
        this.scheduler = scheduler;
        this.outages = outages;
        this.accounts = accounts;
        this.accountKey = accountKey;
        this.sent = sent;
        for (int r = 0; r < outages.regions(); r++) {
            granted.add(new HashMap<>());
        }
    }

    /** The home and epoch attributes of an account first homed in {@code home}. */
    public static Map<String, AttributeValue> first(int home) {
        return Map.of(HOME, AttributeValue.fromN(Integer.toString(home)), EPOCH, AttributeValue.fromN("0"));
    }

    /** The Region an account item says it is homed in. */
    public static int home(Map<String, AttributeValue> account) {
        return Integer.parseInt(account.get(HOME).n());
    }

    /** The epoch an account item carries. */
    public static long epoch(Map<String, AttributeValue> account) {
        return Long.parseLong(account.get(EPOCH).n());
    }

    /** Region {@code region}: its replica, its payments queue and what looks at it; Regions in order. */
    public void add(DynamoDbModel replica, SqsQueue payments, Runnable poller) {
        replicas.add(replica);
        queues.add(payments);
        pollers.add(poller);
    }

    /** The epoch at which {@code account} was granted to {@code region} (0: its first home). */
    public long grantedEpoch(int region, String account) {
        return granted.get(region).getOrDefault(account, 0L);
    }

    /** Whether {@code region}'s consumers are stopped: lost, or back and not yet holding every move. */
    public boolean stopped(int region) {
        return outages.lost(region, scheduler.now()) || (region == outages.lost() && moveDone && !reopened
                && scheduler.now() >= outages.lostUntil());
    }

    /** Messages the returning Region handed to their accounts' new homes. */
    public long forwarded() {
        return forwarded;
    }

    /** Accounts whose home the operators moved. */
    public int moved() {
        return moved.size();
    }

    /** The producers' route with each Region's front door forwarding to the account's home; the move at the loss's detection. */
    public Producers.Route frontDoors(FailoverRoute failover) {
        scheduler.at(failover.detectedAt(), this::move);
        scheduler.at(outages.lostUntil(), this::checkReturn);
        return new Producers.Route() {
            @Override
            public SqsQueue queue(Payment payment) {
                int door = queues.indexOf(failover.queue(payment));
                if (outages.lost(door, scheduler.now())) {
                    return queues.get(door);
                }
                return account(door, payment.account()).map(item -> queues.get(home(item))).orElse(queues.get(door));
            }

            @Override
            public void sent(SqsQueue queue, SqsMessage message, Payment payment) {
                failover.sent(queue, message, payment);
            }
        };
    }

    private Optional<Map<String, AttributeValue>> account(int region, String id) {
        DynamoDbModel replica = replicas.get(region);
        return replica.table(accounts).get(replica.table(accounts).keyOf(Map.of(accountKey, AttributeValue.fromS(id))),
                scheduler.instant());
    }

    private void move() {
        int lost = outages.lost();
        int to = (lost + 1) % replicas.size();
        DynamoDbModel replica = replicas.get(to);
        for (Map<String, AttributeValue> item : replica.table(accounts).scan(scheduler.instant())) {
            if (home(item) != lost) {
                continue;
            }
            long epoch = epoch(item) + 1;
            String id = item.get(accountKey).s();
            granted.get(to).put(id, epoch);
            moved.put(id, epoch);
            Map<String, AttributeValue> next = new HashMap<>(item);
            next.put(HOME, AttributeValue.fromN(Integer.toString(to)));
            next.put(EPOCH, AttributeValue.fromN(Long.toString(epoch)));
            replica.putItem(r -> r.tableName(accounts).item(next));
        }
        moveDone = true;
    }

    /** The returning Region: reopened once its replica holds every move, its strays first sent home. */
    private void checkReturn() {
        int back = outages.lost();
        boolean caughtUp = moveDone && moved.entrySet().stream().allMatch(move -> account(back, move.getKey())
                .map(item -> epoch(item) >= move.getValue()).orElse(false));
        if (!caughtUp) {
            scheduler.at(scheduler.now() + CHECK_SECONDS * 1_000_000, this::checkReturn);
            return;
        }
        SqsQueue stranded = queues.get(back);
        for (SqsMessage message : stranded.messages()) {
            Optional<Payment> payment = sent.payment(message);
            Optional<Integer> home = payment.flatMap(p -> account(back, p.account())).map(HomeRegions::home);
            if (home.isPresent() && home.get() != back) {
                stranded.moveOne(message, queues.get(home.get()));
                forwarded++;
                pollers.get(home.get()).run();
            }
        }
        reopened = true;
        pollers.get(back).run();
    }
}
