package com.example.sim.workload;

import com.example.paymenttraffic.PaymentMessages;
import com.example.paymenttraffic.Seeds;
import com.example.paymenttraffic.Send;
import com.example.receiver.lambda.SignatureAttributes;
import com.example.sim.models.SqsMessage;
import com.example.sim.models.SqsQueue;
import com.example.sim.runtime.Scheduler;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The producers: each message of the workload sent at its time (a payment's first, a retry after
 * a timeout, a conflicting operation under the same transaction id) by one of {@value #GATEWAYS}
 * gateways (a payment's by its index), each with a clock of its own, skewed from SQS's by an
 * amount drawn from the gateway's own stream of the seed (up to four minutes behind, 45 s ahead:
 * inside the signature window and the 60 s the receiver allows a clock ahead). The gateway stamps
 * the message's {@code headers.timestamp} (the command's time of issue) with its clock when it
 * sends it, and signs it as ProducerSignatures asks (HMAC-SHA256 of the timestamp, a full stop and
 * the body) at the same moment.
 */
public final class Producers {

    static final String KEY_ID = "sim-producer-1";
    static final String KEY = "c2ltdWxhdGVkLXByb2R1Y2VyLWtleS1vZi0zMi1ieXRlcy1hdC1sZWFzdA==";
    /** How many gateways send the payments, each with its own clock. */
    static final int GATEWAYS = 4;
    /** The gateways' clocks' streams: {@code CLOCKS - g} for gateway {@code g}, apart from every payment's and the bursts'. */
    private static final long CLOCKS = -10;

    /**
     * Where a producer sends each message: one queue, or (across Regions) the queue of the Region
     * its gateway sends to now.
     */
    public interface Route {

        /** The queue {@code payment}'s message goes to now. */
        SqsQueue queue(Payment payment);

        /** {@code message} of {@code payment} was sent to {@code queue}. */
        void sent(SqsQueue queue, SqsMessage message, Payment payment);
    }

    private final Scheduler scheduler;
    private final Route route;
    private final SentMessages messagesSent;
    private final Iterator<Workload.Message> next;
    private final Mac mac;
    /** Each gateway's clock's offset from SQS's, whole seconds. */
    private final long[] skewSeconds = new long[GATEWAYS];
    private long messages;

    public Producers(Scheduler scheduler, SqsQueue queue, Workload workload, SentMessages messagesSent, Runnable sent, long seed) {
        this(scheduler, new Route() {
            @Override
            public SqsQueue queue(Payment payment) {
                return queue;
            }

            @Override
            public void sent(SqsQueue to, SqsMessage message, Payment payment) {
                sent.run();
            }
        }, workload, messagesSent, seed);
    }

    /** Producers that send each message where {@code route} says. */
    public Producers(Scheduler scheduler, Route route, Workload workload, SentMessages messagesSent, long seed) {
        this.scheduler = scheduler;
        this.route = route;
        this.messagesSent = messagesSent;
        this.next = workload.messages().iterator();
        Seeds seeds = new Seeds(seed);
        for (int g = 0; g < GATEWAYS; g++) {
            skewSeconds[g] = seeds.stream(Seeds.Component.SCHEDULE, CLOCKS - g).nextLong(-240, 46);
        }
        try {
            this.mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(KEY.getBytes(StandardCharsets.US_ASCII), "HmacSHA256"));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The secret the receiver reads its producers' keys from. */
    public static String secret() {
        return "{\"keys\":{\"" + KEY_ID + "\":\"" + KEY + "\"}}";
    }

    /**
     * A secret that names the producers' key id with a key they do not sign with: what a version
     * reads when it is built against the wrong secret (a bad deploy that rejects every good payment).
     */
    public static String secretWithAnotherKey() {
        return "{\"keys\":{\"" + KEY_ID + "\":\"" + "b" + KEY.substring(1) + "\"}}";
    }

    public long messages() {
        return messages;
    }

    public void start() {
        scheduleNext();
    }

    private void scheduleNext() {
        if (next.hasNext()) {
            Workload.Message message = next.next();
            scheduler.at(message.at(), () -> {
                send(message);
                scheduleNext();
            });
        }
    }

    /**
     * {@code planned} sent again by its producer now, as a new message (a new id, stamped and
     * signed anew), where the route says: what a producer does that fails over to another Region.
     */
    public void sendAgain(Workload.Message planned) {
        send(planned);
    }

    private void send(Workload.Message planned) {
        Payment payment = planned.payment();
        int variant = planned.send().kind() == Send.Kind.CONFLICT ? 1 : 0;
        Instant clock = scheduler.instant().plusSeconds(skewSeconds[payment.index() % GATEWAYS]);
        Instant issuedAt = clock.truncatedTo(ChronoUnit.SECONDS);
        String body = PaymentMessages.stamped(planned.send().body(), issuedAt);
        String timestamp = Long.toString(issuedAt.getEpochSecond());
        String signature = HexFormat.of().formatHex(mac.doFinal((timestamp + "." + body).getBytes(StandardCharsets.UTF_8)));
        // on a FIFO queue: the account's group (docs/architecture.md, "The FIFO alternative"), and the
        // one deduplication id per operation, the same for its producer's retries of it
        SqsQueue queue = route.queue(payment);
        SqsMessage message = queue.send(body, Map.of(
                SignatureAttributes.KEY_ID, new String[] {"String", KEY_ID},
                SignatureAttributes.TIMESTAMP, new String[] {"String", timestamp},
                SignatureAttributes.SIGNATURE, new String[] {"String", signature}), 0,
                payment.account(), "msg-" + payment.index() + "-" + variant);
        messagesSent.sent(message, payment, issuedAt);
        messages++;
        route.sent(queue, message, payment);
    }
}
