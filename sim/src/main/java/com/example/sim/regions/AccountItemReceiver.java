package com.example.sim.regions;

import com.example.payment.AccountAttributes;
import com.example.payment.Payment;
import com.example.payment.PaymentParser;
import com.example.receiver.Decision;
import com.example.receiver.DuplicateSource;
import com.example.receiver.Fingerprint;
import com.example.receiver.MessageResult;
import com.example.receiver.Outcome;
import com.example.receiver.ParseResult;
import com.example.receiver.RetryCause;
import com.example.receiver.lambda.DeadLetterAttributes;
import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.sim.models.SqsMessage;
import com.example.sim.models.SqsQueue;
import com.example.sim.oracles.Oracles;
import com.example.sim.runtime.Scheduler;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Design (b)'s consumer in one Region, on global tables in MRSC ({@link MrscGlobalTable}), which
 * have no transactions: each payment decided by the library's single-write commit
 * ({@link SingleWrite}), one conditional write on the account item, its decision kept in the item's
 * {@code applied} map until the sweeper ({@link RecordSweeper}) removes it. A payment met before
 * (its record, or its entry on the item) is a duplicate, or a conflict by its fingerprint; a
 * refused write leaves the message for SQS to bring back. This is not the library's receiver,
 * whose Lambda wiring it stands for: a consumer that polls its Region's queue as soon as a message
 * is sent.
 */
public final class AccountItemReceiver {

    /** What the receiver tells of each message: the oracles' and the producers' events. */
    public interface Told {
        void answered(SqsMessage message, MessageResult result);
    }


    private final Scheduler scheduler;
    private final SqsQueue payments;
    private final SqsQueue deadLetters;
    private final DynamoDbClient table;
    private final Oracles.Tables tables;
    private final BooleanSupplier up;
    private final Told told;
    private final SingleWrite singleWrite;
    private final PaymentParser parser = new PaymentParser();
    private boolean busy;

    /**
     * @param table       the Region's client of the three tables, global tables in MRSC
     * @param up          whether the Region is up and its event source enabled (a Region lost, or stopped by its
     *                    operators, polls nothing; {@link RegionRunbook}): a refused write spends its message's
     *                    receive, as Lambda's event source mapping does, so a Region cut off and not stopped
     *                    sends its payments to its DLQ after {@code maxReceiveCount} receives
     * @param singleWrite the commit, on the same client
     */
    public AccountItemReceiver(Scheduler scheduler, SqsQueue payments, SqsQueue deadLetters, DynamoDbClient table,
                               Oracles.Tables tables, BooleanSupplier up, Told told, SingleWrite singleWrite) {
        this.scheduler = scheduler;
        this.payments = payments;
        this.deadLetters = deadLetters;
        this.table = table;
        this.tables = tables;
        this.up = up;
        this.told = told;
        this.singleWrite = singleWrite;
    }

    /** Messages were sent or came back: the consumer looks now, if its Region is up and it is idle. */
    public void sent() {
        if (!busy && up.getAsBoolean()) {
            busy = true;
            scheduler.at(scheduler.now(), this::poll);
        }
    }

    private void poll() {
        List<SqsMessage> batch = up.getAsBoolean() ? payments.receive(10) : List.of();
        if (batch.isEmpty()) {
            busy = false;
            payments.nextVisibleAt().ifPresent(at -> scheduler.at(Math.max(scheduler.now() + 1,
                    Scheduler.micros(java.time.Duration.between(Scheduler.EPOCH, at))), this::sent));
            return;
        }
        scheduler.spawn(this, () -> {
            try {
                batch.forEach(this::process);
            } catch (Scheduler.Ended lost) {
                // the Region was lost under it: nothing more is answered, the messages come back
            }
            scheduler.at(scheduler.now(), this::poll);
        });
    }

    private void process(SqsMessage message) {
        switch (parser.parse(message.body())) {
            case ParseResult.Invalid<Payment> invalid ->
                    deadLetter(message, new Outcome.Rejected(invalid.field(), invalid.rule()), DeadLetterAttributes.REJECTED);
            case ParseResult.Valid<Payment> valid -> decide(message, valid.command().payload(), valid.command().fingerprint());
        }
    }

    private void decide(SqsMessage message, Payment payment, Fingerprint fingerprint) {
        switch (singleWrite.decide(payment, fingerprint)) {
            case SingleWrite.Decided decided -> {
                payments.delete(message.receiptHandle());
                told.answered(message, new MessageResult(message.id(), decided.decline()
                        .<Outcome>map(reason -> new Outcome.Declined(reason.name())).orElseGet(Outcome.Approved::new), false));
            }
            case SingleWrite.Earlier earlier -> answerEarlier(message, earlier.decision(), fingerprint);
            case SingleWrite.Refused refused -> retry(message, refused.refused().orElse(null));
        }
    }

    /** The account's decision of this transaction, taken before: a duplicate of it, or a conflict with another operation. */
    private void answerEarlier(SqsMessage message, Map<String, AttributeValue> earlier, Fingerprint fingerprint) {
        Fingerprint stored = new Fingerprint(earlier.get(IdempotencyRecordAttributes.FINGERPRINT).s());
        if (!stored.equals(fingerprint)) {
            deadLetter(message, new Outcome.Conflict(stored, fingerprint), DeadLetterAttributes.CONFLICT);
            return;
        }
        Decision original = "APPROVED".equals(earlier.get(IdempotencyRecordAttributes.STATUS).s()) ? Decision.approved()
                : Decision.declined(earlier.get(IdempotencyRecordAttributes.REASON).s());
        payments.delete(message.receiptHandle());
        told.answered(message, new MessageResult(message.id(), new Outcome.Duplicate(DuplicateSource.STORE, original,
                Optional.empty()), false));
    }

    private void deadLetter(SqsMessage message, Outcome outcome, String why) {
        Map<String, String[]> attributes = new HashMap<>(message.attributes());
        attributes.put(DeadLetterAttributes.SOURCE_MESSAGE_ID, new String[] {"String", message.id()});
        attributes.put(DeadLetterAttributes.OUTCOME, new String[] {"String", why});
        deadLetters.send(message.body(), attributes, 0);
        payments.delete(message.receiptHandle());
        told.answered(message, new MessageResult(message.id(), outcome, true));
    }

    /** Left for SQS to bring back after its visibility timeout. */
    private void retry(SqsMessage message, DynamoDbException refused) {
        told.answered(message, new MessageResult(message.id(), refused == null || refused.statusCode() == 400
                ? new Outcome.Retry(RetryCause.CONTENTION, refused == null ? "the account kept changing"
                        : refused.awsErrorDetails().errorCode())
                : new Outcome.Retry(RetryCause.FAILURE, refused.awsErrorDetails().errorCode()), false));
    }
}
