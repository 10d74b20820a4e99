package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static com.example.payment.authorizer.AuthorizerRig.delivery;
import static com.example.payment.authorizer.AuthorizerRig.event;
import static com.example.payment.authorizer.AuthorizerRig.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.Fault;
import com.example.localaws.LocalAws;
import com.example.localaws.invoke.LocalContext;
import com.example.receiver.internal.config.ReceiverConfig;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DynamoDB errors injected by the moto launcher for one message, and FIFO group ordering. The
 * throttling here refuses every attempt, so it outlasts the receiver's back-off: each test's
 * invocation has 3 s and keeps 1 s in reserve, so it waits about 2 s before giving up.
 */
class FaultTest extends LocalAwsTest {

    /** Every attempt fails: more than the SDK's retries and the receiver's back-off together make. */
    private static final int EVERY_ATTEMPT = 10_000;

    FaultTest(LocalAws aws) {
        super(aws);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ThrottlingException", "InternalServerError"})
    void storeErrorForOneMessage_failsOnlyThatMessage_andItsRedeliverySucceedsOnce(String code) {
        try (AuthorizerRig rig = AuthorizerRig.with(aws, shortBudget(AuthorizerRig.environment(aws, true)), Clock.systemUTC())) {
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            rig.ledger.openAccount("ACC-2", 10_000, "EUR");
            rig.ledger.openAccount("ACC-3", 10_000, "EUR");
            // GIVEN DynamoDB fails every attempt for TXN-2
            aws.moto().inject(code.startsWith("Throttling")
                    ? Fault.throttling("TransactWriteItems", "TXN-2", EVERY_ATTEMPT)
                    : Fault.internalError("TransactWriteItems", "TXN-2", EVERY_ATTEMPT));
            String faulty = purchase("TXN-2", "ACC-2", "20.00", "EUR");
            SQSEvent batch = event(purchase("TXN-1", "ACC-1", "10.00", "EUR"), faulty, purchase("TXN-3", "ACC-3", "30.00", "EUR"));
            // WHEN the batch runs
            SQSBatchResponse response = rig.invoke(batch, shortInvocation());
            // THEN only TXN-2's delivery fails, and nothing of it was written
            assertEquals(List.of(batch.getRecords().get(1).getMessageId()), failures(response));
            assertEquals(10_000, rig.ledger.balance("ACC-2"));
            assertEquals(9_000, rig.ledger.balance("ACC-1"));
            assertEquals(7_000, rig.ledger.balance("ACC-3"));
            // WHEN DynamoDB recovers and TXN-2 is redelivered (twice, as SQS may)
            aws.moto().clearFaults();
            assertEquals(List.of(), failures(rig.invoke(event(faulty))));
            assertEquals(List.of(), failures(rig.invoke(event(faulty))));
            // THEN it is debited exactly once
            assertEquals(8_000, rig.ledger.balance("ACC-2"));
            assertEquals(1, rig.ledger.entries("ACC-2").size());
            assertEquals(3, rig.metric("Approved"));
            assertEquals(1, rig.metric("Retry"));
            assertEquals(code.startsWith("Throttling") ? 1 : 0, rig.metric("Throttled"));
        }
    }

    /**
     * The decline's own {@code PutItem} reads its errors as a transaction does: a 4xx refused it
     * unrun (nothing written), a 5xx leaves it unknown; both are a retry, whose detail says which.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"400, ValidationException, 'store refused 400: ValidationException, nothing written'",
            "500, InternalServerError, 'store error 500: InternalServerError'"})
    void declineRecordFailing_isARetry_sayingWhetherItWasWritten_andItsRedeliveryDeclinesOnce(int status, String code,
                                                                                               String detail) {
        try (AuthorizerRig rig = AuthorizerRig.withoutFastPath(aws)) {
            // GIVEN 10.00 EUR, a purchase of 25.50, and DynamoDB failing every PutItem of its decline
            rig.ledger.openAccount("ACC-1", 1_000, "EUR");
            aws.moto().inject(new Fault("PutItem", "TXN-1", status, code, EVERY_ATTEMPT));
            SQSEvent batch = event(purchase("TXN-1", "ACC-1", "25.50", "EUR"));
            // WHEN it runs
            SQSBatchResponse response = rig.invoke(batch);
            // THEN it fails, nothing is recorded, and the retry says what the store answered
            assertEquals(List.of(batch.getRecords().get(0).getMessageId()), failures(response));
            assertEquals(Optional.empty(), rig.ledger.record("TXN-1"));
            String retry = rig.logsOf("RETRY").get(0);
            assertTrue(retry.contains("\"detail\":\"" + detail + "\""), retry);
            // WHEN DynamoDB recovers and the message is redelivered
            aws.moto().clearFaults();
            assertEquals(List.of(), failures(rig.invoke(batch)));
            // THEN it is declined and recorded once
            assertEquals("DECLINED", rig.ledger.record("TXN-1").orElseThrow().get("status").s());
            assertEquals(1_000, rig.ledger.balance("ACC-1"));
        }
    }

    @Test
    void fifoFailureInGroupA_oneByOne_failsTheLaterAMessages_andLeavesGroupBAlone() {
        // GIVEN group commit off: group A's payments are committed one after another
        Map<String, String> env = shortBudget(AuthorizerRig.environment(aws, false));
        env.put(ReceiverConfig.GROUP_COMMIT, "false");
        try (AuthorizerRig rig = AuthorizerRig.with(aws, env, Clock.systemUTC())) {
            SQSEvent batch = fifoBatch(rig);
            SQSBatchResponse response = rig.invoke(batch, shortInvocation());
            assertEquals(List.of(batch.getRecords().get(2).getMessageId(), batch.getRecords().get(3).getMessageId()),
                    failures(response));
            assertEquals(9_900, rig.ledger.balance("ACC-A"), "only A1 applied; A3 waits for A2");
            assertEquals(9_800, rig.ledger.balance("ACC-B"));
        }
    }

    @Test
    void fifoGroupA_committedTogether_andThrottled_failsAllOfA_inOrder_andLeavesGroupBAlone() {
        // GIVEN group commit on (the default): A1, A2 and A3 go to DynamoDB as one transaction
        try (AuthorizerRig rig = AuthorizerRig.with(aws, shortBudget(AuthorizerRig.environment(aws, false)), Clock.systemUTC())) {
            SQSEvent batch = fifoBatch(rig);
            SQSBatchResponse response = rig.invoke(batch, shortInvocation());
            // THEN the throttled transaction wrote nothing: all of A comes back, in order, B is done
            assertEquals(List.of(batch.getRecords().get(0).getMessageId(), batch.getRecords().get(2).getMessageId(),
                    batch.getRecords().get(3).getMessageId()), failures(response));
            assertEquals(10_000, rig.ledger.balance("ACC-A"), "nothing of A applied");
            assertEquals(9_800, rig.ledger.balance("ACC-B"));
        }
    }

    /** The function's environment keeping 1 s in reserve, for {@link #shortInvocation()}. */
    private static Map<String, String> shortBudget(Map<String, String> environment) {
        Map<String, String> env = new HashMap<>(environment);
        env.put(ReceiverConfig.MIN_REMAINING_TIME_MS, "1000");
        return env;
    }

    /** An invocation of 3 s: with 1 s in reserve, about 2 s of back-off. */
    private static LocalContext shortInvocation() {
        return new LocalContext("payment-authorizer", Duration.ofSeconds(3));
    }

    /** Groups A and B of a FIFO queue, interleaved, with DynamoDB throttling whatever carries TXN-A2. */
    private SQSEvent fifoBatch(AuthorizerRig rig) {
        rig.ledger.openAccount("ACC-A", 10_000, "EUR");
        rig.ledger.openAccount("ACC-B", 10_000, "EUR");
        aws.moto().inject(Fault.throttling("TransactWriteItems", "TXN-A2", EVERY_ATTEMPT));
        SQSEvent batch = new SQSEvent();
        batch.setRecords(List.of(
                delivery(purchase("TXN-A1", "ACC-A", "1.00", "EUR"), "A"),
                delivery(purchase("TXN-B1", "ACC-B", "1.00", "EUR"), "B"),
                delivery(purchase("TXN-A2", "ACC-A", "1.00", "EUR"), "A"),
                delivery(purchase("TXN-A3", "ACC-A", "1.00", "EUR"), "A"),
                delivery(purchase("TXN-B2", "ACC-B", "1.00", "EUR"), "B")));
        return batch;
    }
}
