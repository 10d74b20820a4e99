package com.example.sim.workload;

import com.example.paymenttraffic.Send;
import com.example.receiver.lambda.SignatureAttributes;
import com.example.sim.models.SqsMessage;
import com.example.sim.models.SqsQueue;
import com.example.sim.runtime.Scheduler;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The producers: each message of the workload sent at its time (a payment's first, a retry after
 * a timeout, a conflicting operation under the same transaction id), signed as ProducerSignatures
 * asks (HMAC-SHA256 of the timestamp, a full stop and the body) with a producer clock skewed from
 * SQS's (up to four minutes behind, 45 s ahead: inside the window and the skew the receiver allows).
 */
public final class Producers {

    static final String KEY_ID = "sim-producer-1";
    static final String KEY = "c2ltdWxhdGVkLXByb2R1Y2VyLWtleS1vZi0zMi1ieXRlcy1hdC1sZWFzdA==";

    private final Scheduler scheduler;
    private final SqsQueue queue;
    private final Runnable sent;
    private final SentMessages messagesSent;
    private final Iterator<Workload.Message> next;
    private final Mac mac;
    private long messages;

    public Producers(Scheduler scheduler, SqsQueue queue, Workload workload, SentMessages messagesSent, Runnable sent) {
        this.scheduler = scheduler;
        this.queue = queue;
        this.messagesSent = messagesSent;
        this.sent = sent;
        this.next = workload.messages().iterator();
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

    private void send(Workload.Message planned) {
        Payment payment = planned.payment();
        String body = planned.send().body();
        int variant = planned.send().kind() == Send.Kind.CONFLICT ? 1 : 0;
        long skew = scheduler.random().nextLong(-240, 46);
        String timestamp = Long.toString(scheduler.instant().getEpochSecond() + skew);
        String signature = HexFormat.of().formatHex(mac.doFinal((timestamp + "." + body).getBytes(StandardCharsets.UTF_8)));
        // on a FIFO queue: the account's group (docs/architecture.md, "The FIFO alternative"), and the
        // one deduplication id per operation, the same for its producer's retries of it
        SqsMessage message = queue.send(body, Map.of(
                SignatureAttributes.KEY_ID, new String[] {"String", KEY_ID},
                SignatureAttributes.TIMESTAMP, new String[] {"String", timestamp},
                SignatureAttributes.SIGNATURE, new String[] {"String", signature}), 0,
                payment.account(), "msg-" + payment.index() + "-" + variant);
        messagesSent.sent(message, payment);
        messages++;
        sent.run();
    }
}
