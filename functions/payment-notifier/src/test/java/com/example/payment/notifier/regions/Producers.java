package com.example.payment.notifier.regions;

import com.example.paymenttraffic.Send;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The producers as docs/multi-region.md asks them to behave ("The producer's part"): each payment
 * sent once to its Region, its body stamped once; on failover, the same body sent again to the
 * next Region for every payment they have heard no decision for, except the producers that do
 * not fail over, whose payments wait in the lost Region's queue.
 */
final class Producers {

    private final Map<String, String> bodies = new LinkedHashMap<>();
    private final Map<String, List<String>> sentTo = new LinkedHashMap<>();
    private final Predicate<String> failsOver;

    /** @param failsOver whether the producer of a transaction id fails over */
    Producers(Predicate<String> failsOver) {
        this.failsOver = failsOver;
    }

    /** Sends each payment to {@code region}, stamped {@code at}. */
    void send(LocalRegion region, List<Send> sends, Instant at) {
        List<String> batch = new ArrayList<>();
        for (Send send : sends) {
            String txn = send.operation().orElseThrow().transactionId();
            String body = bodies.computeIfAbsent(txn, ignored -> send.body(at));
            batch.add(body);
            sentTo.computeIfAbsent(txn, ignored -> new ArrayList<>()).add(region.awsRegion());
        }
        region.send(batch);
    }

    /**
     * The failover: the same body sent again to {@code to} for each payment sent to {@code from}
     * whose decision no topic told them, by the producers that fail over.
     *
     * @param heard the transaction ids the Regions' topics published so far
     * @return the transaction ids sent again
     */
    List<String> failOver(LocalRegion from, LocalRegion to, Collection<String> heard) {
        Set<String> decided = Set.copyOf(heard);
        List<String> again = sentTo.entrySet().stream()
                .filter(sent -> sent.getValue().contains(from.awsRegion()) && !sent.getValue().contains(to.awsRegion()))
                .map(Map.Entry::getKey)
                .filter(txn -> !decided.contains(txn) && failsOver.test(txn))
                .toList();
        to.send(again.stream().map(bodies::get).toList());
        again.forEach(txn -> sentTo.get(txn).add(to.awsRegion()));
        return again;
    }

    /** The transaction ids sent to {@code region}. */
    List<String> sentTo(LocalRegion region) {
        return sentTo.entrySet().stream().filter(sent -> sent.getValue().contains(region.awsRegion())).map(Map.Entry::getKey).toList();
    }
}
