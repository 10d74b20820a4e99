package com.example.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.receiver.BatchResult;
import com.example.receiver.MessageResult;
import com.example.sim.faults.FaultSchedule;
import com.example.sim.models.DynamoDbModel;
import com.example.sim.models.SimWorld;
import com.example.sim.models.Environment;
import com.example.sim.models.SqsModel;
import com.example.sim.models.SqsQueue;
import com.example.sim.runtime.Scheduler;
import com.example.sim.workload.Producers;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The simulation's receiver is the function's: built through its own wiring, with its settings. */
class SimulatedReceiverTest {

    private static final TemplateWindows WINDOWS = TemplateWindows.read(Path.of("../template.yaml"));

    @Test
    void theSimulatedReceiversCallTimeout_isTheFunctions() {
        // GIVEN the receiver the simulation builds, starting messages however little time is left
        // WHEN a message it rejects (unsigned, not a payment) must be dead-lettered with just under, and just at,
        // the function's call timeout left
        MessageResult under = deadLetteredWith(PaymentAuthorizer.CALL_TIMEOUT.toMillis() - 1);
        MessageResult at = deadLetteredWith(PaymentAuthorizer.CALL_TIMEOUT.toMillis());
        // THEN the dead-letter queue's call is not started with less than the function's call timeout left, and is at it
        assertEquals(List.of("REJECTED", false), List.of(under.outcome().label(), under.deadLettered()), under::toString);
        assertEquals(List.of("REJECTED", true), List.of(at.outcome().label(), at.deadLettered()), at::toString);
    }

    /** One message it rejects decided on a fiber of a fresh world, {@code remainingMillis} left in the invocation. */
    private static MessageResult deadLetteredWith(long remainingMillis) {
        Scheduler scheduler = new Scheduler(1);
        SimWorld world = new SimWorld(scheduler, FaultSchedule.NONE);
        SqsModel sqs = new SqsModel(world);
        SqsQueue deadLetters = sqs.createQueue("payments-dlq", 30, WINDOWS.deadLetterRetentionSeconds());
        Map<String, String> env = new HashMap<>(Simulation.environment(WINDOWS, Rules.TODAY, deadLetters));
        env.put("MIN_REMAINING_TIME_MS", "0");
        SimulatedReceiver receivers = new SimulatedReceiver(scheduler, FaultSchedule.NONE, env, new DynamoDbModel(world, 4_000), sqs,
                Producers.secret());
        Environment environment = new Environment(1, receivers::build);
        SQSEvent.SQSMessage message = new SQSEvent.SQSMessage();
        message.setMessageId("m-1");
        message.setReceiptHandle("m-1#1");
        message.setBody("not a payment");
        message.setAttributes(Map.of("ApproximateReceiveCount", "1", "SentTimestamp", "0"));
        message.setMessageAttributes(Map.of());
        message.setEventSourceArn("arn:aws:sqs:" + SqsModel.REGION + ":" + SqsModel.ACCOUNT + ":payments");
        SQSEvent event = new SQSEvent();
        event.setRecords(List.of(message));
        BatchResult[] result = new BatchResult[1];
        scheduler.spawn(environment, () -> result[0] = environment.decide(event,
                Environment.context(scheduler, "req-1", scheduler.now() + remainingMillis * 1_000)));
        scheduler.runUntil(Scheduler.micros(java.time.Duration.ofMinutes(1)));
        return result[0].results().getFirst();
    }
}
