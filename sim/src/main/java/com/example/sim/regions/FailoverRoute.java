package com.example.sim.regions;

import com.example.paymenttraffic.Send;
import com.example.receiver.Outcome;
import com.example.sim.models.SqsMessage;
import com.example.sim.models.SqsQueue;
import com.example.sim.runtime.Scheduler;
import com.example.sim.workload.Payment;
import com.example.sim.workload.Producers;
import com.example.sim.workload.Workload;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Where the producers send across Regions, and what they do when a Region is lost. Each payment's
 * gateway sends to its home Region (the payment's index, modulo the Regions). A gateway sees a
 * Region lost 1 to 10 minutes after it went (its health check and alarm); until then its sends to
 * it still land in the Region's queue (at the worse reading: the queue takes them, nothing there
 * consumes them), from then on it sends to the next Region that is up. A gateway hears a payment
 * decided (any answer but a retry) {@value #HEAR_MICROS} µs after its Region answered it, if the
 * Region is still there then. Once it sees the loss, it sends again every payment it sent to that
 * Region and has not heard decided: its first message, under the same transaction id, as a new
 * message to another Region's queue. The copy in the lost Region's queue stays there until the
 * Region returns: an SQS queue is a resource of one Region, its URL and ARN name it ("Amazon SQS
 * queue and message identifiers", Amazon SQS Developer Guide,
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-queue-message-identifiers.html).
 *
 * <p>How soon the loss is seen, and how many producers fail over, are the run's {@link
 * RegionSettings}: a payment's producer is one of {@value #GATEWAYS} gateways (its index, modulo
 * them), the first {@code failoverShare} of them failing over. A gateway that does not fail over
 * keeps sending to its own Region while it is lost, and once it sees it back (as long after the
 * return as it took to see the loss) sends again every payment it sent there and has not heard
 * decided, to the same Region: the producer's part, with no other Region to go to.
 */
public final class FailoverRoute implements Producers.Route {

    private static final long HEAR_MICROS = 2_000_000;
    private static final long MINUTE = 60_000_000L;
    static final int GATEWAYS = 10;

    private final Scheduler scheduler;
    private final List<SqsQueue> queues;
    private final List<Runnable> pollers;
    private final RegionOutages outages;
    private final Map<Integer, Workload.Message> firsts = new HashMap<>();
    /** The Region each payment was last sent to, by index. */
    private final Map<Integer, Integer> lastSentTo = new HashMap<>();
    private final Set<String> heard = new HashSet<>();
    private final long detectedAt;
    private final int failingOver;
    private long sentAgain;

    /**
     * @param queues  each Region's payments queue, by Region
     * @param pollers each Region's event source, told of a message sent to its queue
     */
    public FailoverRoute(Scheduler scheduler, List<SqsQueue> queues, List<Runnable> pollers, RegionOutages outages,
                         Workload workload, SplittableRandom random) {
        this(scheduler, queues, pollers, outages, RegionSettings.DEFAULT, workload, random);
    }

    /** The same, the loss seen and the producers failing over as {@code settings} draw them. */
    public FailoverRoute(Scheduler scheduler, List<SqsQueue> queues, List<Runnable> pollers, RegionOutages outages,
                         RegionSettings settings, Workload workload, SplittableRandom random) {
        this.scheduler = scheduler;
        this.queues = List.copyOf(queues);
        this.pollers = List.copyOf(pollers);
        this.outages = outages;
        for (Workload.Message message : workload.messages()) {
            if (message.send().kind() == Send.Kind.NEW) {
                firsts.putIfAbsent(message.payment().index(), message);
            }
        }
        this.detectedAt = outages.lostFrom() + random.nextLong(settings.failoverMinutes().least() * MINUTE,
                settings.failoverMinutes().most() * MINUTE + 1);
        this.failingOver = (int) Math.round(settings.failoverShare() * GATEWAYS);
    }

    /** Starts watching for the loss: at its detection, the producers send their unheard payments again through {@code producers}. */
    public void start(Producers producers) {
        scheduler.at(detectedAt, () -> sendAgain(producers, true));
        if (failingOver < GATEWAYS) {
            scheduler.at(outages.lostUntil() + (detectedAt - outages.lostFrom()), () -> sendAgain(producers, false));
        }
    }

    /** The producers that fail over ({@code failover}) or the others send again what they sent the lost Region and did not hear. */
    private void sendAgain(Producers producers, boolean failover) {
        firsts.forEach((index, first) -> {
            Integer region = lastSentTo.get(index);
            if (region != null && region == outages.lost() && failsOver(first.payment()) == failover
                    && !heard.contains(first.payment().txnId())) {
                sentAgain++;
                producers.sendAgain(first);
            }
        });
    }

    private boolean failsOver(Payment payment) {
        return payment.index() % GATEWAYS < failingOver;
    }

    /** Payments sent again to another Region after the loss was seen. */
    public long sentAgain() {
        return sentAgain;
    }

    /** When the producers saw the Region lost, virtual micros. */
    public long detectedAt() {
        return detectedAt;
    }

    @Override
    public SqsQueue queue(Payment payment) {
        int region = payment.index() % queues.size();
        for (int i = 0; i < queues.size() && failsOver(payment) && seenLost(region); i++) {
            region = (region + 1) % queues.size();
        }
        return queues.get(region);
    }

    private boolean seenLost(int region) {
        return outages.lost(region, scheduler.now()) && scheduler.now() >= detectedAt;
    }

    @Override
    public void sent(SqsQueue queue, SqsMessage message, Payment payment) {
        int region = queues.indexOf(queue);
        lastSentTo.put(payment.index(), region);
        pollers.get(region).run();
    }

    /** Region {@code region} answered {@code outcome} for {@code payment}: its producer hears it, if the Region lasts. */
    public void answered(int region, Payment payment, Outcome outcome) {
        if (outcome instanceof Outcome.Retry) {
            return;
        }
        scheduler.at(scheduler.now() + HEAR_MICROS, () -> {
            if (!outages.lost(region, scheduler.now())) {
                heard.add(payment.txnId());
            }
        });
    }
}
